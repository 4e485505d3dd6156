import * as vscode from 'vscode';
import { checkResourceName, checkVpcCidrFree, suggestVpcCidr } from '../api/validators';
import type { Vpc } from '../api/schemas';
import type { CommandDeps } from './deps';
import { done } from '../ui/notify';
import { createWithRetry } from './createFlow';
import { listedProjects, projectField, projectSteps, type InProject } from './wizardSteps/projectStep';
import { nameStep, sameNameWarning } from './wizardSteps/nameStep';
import { regionStep } from './wizardSteps/regionStep';
import { inputStep } from './wizard';

interface NewVpc extends InProject {
  name?: string;
  region?: string;
  cidr?: string;
}

/**
 * Create VPC: name, region (those offering VPCs), a private range that overlaps no VPC of that region, and the
 * project (when the service lists several); the review they end in (./createFlow.ts) confirms, and the VPC's create definition
 * (src/kinds/vpc/operations.ts) plans and sends it, as it does for an agent.
 */
export async function createVpc(deps: CommandDeps): Promise<void> {
  const session = await deps.session.current();
  const { store } = session;
  const title = (what: string) => vscode.l10n.t('Create VPC: {0}', what);
  const existing: readonly Vpc[] = (await store.get('vpc').catch(() => undefined))?.items ?? [];
  const taken = (region: string | undefined) => existing.filter((vpc) => vpc.region?.slug === region).map((vpc) => vpc.cidr);
  const projects = await listedProjects(deps, store);
  const sameName = await sameNameWarning(store, 'vpc', (name) => vscode.l10n.t('Another VPC is already named {0}: the service may refuse a second one.', name));
  const result = await createWithRetry<NewVpc>(deps, session, {
    kind: 'vpc',
    state: {},
    fields: { name: 'name', region: 'region', cidr: 'cidr', project_uuid: 'project' },
    steps: () => [
      nameStep<NewVpc>(deps, {
        title: title(vscode.l10n.t('Name')),
        prompt: vscode.l10n.t('The VPC\'s name (unique in the account)'),
        placeHolder: vscode.l10n.t('A name, such as the region and what runs in it'),
        check: (name) => checkResourceName(name, vscode.l10n.t('Name')),
        warn: sameName,
      }),
      regionStep<NewVpc>(deps, store, { title: title(vscode.l10n.t('Region')), placeHolder: vscode.l10n.t('Regions that offer VPCs') }, 'vpc'),
      inputStep(deps, 'cidr', (s) => ({
        title: title(vscode.l10n.t('IP Range')),
        prompt: vscode.l10n.t('A private IPv4 range from /16 to /28, overlapping no other VPC in {0}', s.region ?? ''),
        initial: suggestVpcCidr(taken(s.region)),
        validate: (text) => checkVpcCidrFree(text.trim(), taken(s.region), vscode.l10n.t('IP range')),
      }), (s) => s.cidr, (s, cidr) => (s.cidr = cidr)),
      ...projectSteps<NewVpc>(deps, title(vscode.l10n.t('Project')), projects),
    ],
    input: (answers) => ({ name: answers.name!, region: answers.region!, cidr: answers.cidr!, project: projectField(projects, answers.project).project_uuid }),
  });
  if (!result) return;
  const { answers } = result;
  done(deps.log, vscode.l10n.t('Created VPC {0} ({1}) in {2}.', answers.name!, answers.cidr!, answers.region!));
}
