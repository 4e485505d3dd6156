import * as vscode from 'vscode';
import { checkHostname, checkInteger, checkTagList, checkWithinLimit, parseTagList, parseWholeNumber } from '../api/validators';
import { firewallRuleCounts } from '../kinds/firewall/row';
import { repeatedNameWords, STACKLETS_AT_ONCE } from '../kinds/stacklet/operations';
import type { CommandDeps } from './deps';
import { yesNo } from './choices';
import { done } from '../ui/notify';
import { createWithRetry } from './createFlow';
import { limitBeforeAsking } from './wizardSteps/accountLimit';
import { countStep } from './wizardSteps/countStep';
import { imageStep } from './wizardSteps/imageStep';
import { nameStep, sameNameWarning } from './wizardSteps/nameStep';
import { noneItem } from './wizardSteps/noneItem';
import { listedProjects, projectField, projectSteps, type InProject } from './wizardSteps/projectStep';
import { regionStep } from './wizardSteps/regionStep';
import { sizeStep } from './wizardSteps/sizeStep';
import { sshKeysStep } from './wizardSteps/sshKeysStep';
import { vpcStep } from './wizardSteps/vpcStep';
import { inputStep, pickStep, type WizardStep } from './wizard';

/** The service creates at most this many stacklets in one request (`names`). */
const MAX_AT_ONCE = STACKLETS_AT_ONCE;

interface NewStacklet extends InProject {
  name?: string;
  /** How many stacklets (typed); more than one asks their names. */
  count?: string;
  /** The names of several stacklets, separated by commas. */
  names?: string;
  region?: string;
  size?: string;
  image?: string | number;
  tags?: string;
  /** null: answered "none". */
  vpc?: string | null;
  firewall?: string | null;
  userdata?: string | null;
  sshKeys?: number[];
  backups?: boolean;
}

/** The names typed for several stacklets: split at commas (and spaces), trimmed, empty entries dropped. */
export function parseNames(text: string): string[] {
  return text.split(/[,\s]+/).map((name) => name.trim()).filter((name) => name !== '');
}

/** Several stacklets' names: 1 to 10 hostnames (no more than the account may still create), each once. */
export function checkNames(text: string, available = Infinity): string | undefined {
  const names = parseNames(text);
  const count = checkInteger(names.length, 1, MAX_AT_ONCE, vscode.l10n.t('The number of names')) ?? checkWithinLimit(names.length, available);
  if (count) return count;
  for (const name of names) {
    const problem = checkHostname(name, vscode.l10n.t('The name "{0}"', name));
    if (problem) return problem;
  }
  return repeatedNameWords(names);
}

/** web-1, web-2, … web-N: the names offered for `count` stacklets starting with `base`. */
function numberedNames(base: string, count: number): string {
  return Array.from({ length: count }, (_, i) => `${base}-${i + 1}`).join(', ');
}

/**
 * Create Stacklet: name, how many (several are sent at once, as `names`, and their names asked), region,
 * size, image, then tags, VPC, firewall, userdata, SSH keys (or a new one), backups and the project (when the
 * service lists several). Nothing is sent before the review they end in (./createFlow.ts: what is made, with its
 * monthly estimate; Back to any step, or Create), which confirms: the create definition
 * (src/kinds/stacklet/operations.ts) plans and sends it, as it does for an agent, and each new stacklet's task is followed.
 * When the account's limit leaves none, nothing is asked; the count step refuses more than it leaves.
 */
export async function createStacklet(deps: CommandDeps): Promise<void> {
  const session = await deps.session.current();
  const { store } = session;
  const limit = await limitBeforeAsking(store, 'stacklet');
  if (limit === 'reached') return;
  const left = limit?.available;
  const title = (what: string) => vscode.l10n.t('Create Stacklet: {0}', what);
  const projects = await listedProjects(deps, store);
  const count = (s: NewStacklet) => parseWholeNumber(s.count ?? '1') ?? 1;
  // A second stacklet of a name is allowed, with the same hostname: said at the step, not refused.
  const sameName = await sameNameWarning(store, 'stacklet', (name) => vscode.l10n.t('Another stacklet is already named {0}: both would have that hostname.', name));
  const build = (state: NewStacklet): WizardStep<NewStacklet>[] => [
    nameStep<NewStacklet>(deps, {
      title: title(vscode.l10n.t('Name')),
      prompt: vscode.l10n.t('The stacklet\'s name, which is also its hostname (for several: the start of their names)'),
      placeHolder: vscode.l10n.t('A hostname: letters, digits, \'-\' and \'.\''),
      check: (text) => checkHostname(text.trim(), vscode.l10n.t('Name')),
      warn: sameName,
      changed: (s) => delete s.names,
    }),
    countStep<NewStacklet>(deps, {
      title: title(vscode.l10n.t('How Many')),
      prompt: left === undefined
        ? vscode.l10n.t('How many stacklets to create like this (1 to {0})', MAX_AT_ONCE)
        : vscode.l10n.t('How many stacklets to create like this (1 to {0}; this account may create {1} more)', MAX_AT_ONCE, left),
      initial: '1',
      what: vscode.l10n.t('The number'),
      check: (n, what) => checkInteger(n, 1, MAX_AT_ONCE, what) ?? checkWithinLimit(n, left ?? Infinity),
      changed: (s) => delete s.names,
    }),
    ...(count(state) > 1 ? [inputStep<NewStacklet>(deps, 'names', (s) => ({
      title: title(vscode.l10n.t('Names')),
      prompt: vscode.l10n.t('The names of the {0} stacklets, separated by commas; change any of them', count(s)),
      initial: numberedNames(s.name ?? '', count(s)),
      validate: (text) => checkNames(text, left),
      warn: (text) => parseNames(text).map(sameName).find((words) => words !== undefined),
    }), (s) => s.names, (s, names) => (s.names = parseNames(names).join(', ')))] : []),
    regionStep<NewStacklet>(deps, store, { title: title(vscode.l10n.t('Region')), placeHolder: vscode.l10n.t('Where the stacklet runs') }),
    sizeStep<NewStacklet>(deps, store, { title: title(vscode.l10n.t('Size')), placeHolder: vscode.l10n.t('vCPUs, memory, disk and monthly price') }),
    imageStep<NewStacklet>(deps, store, (s) => ({
      title: title(vscode.l10n.t('Image')),
      placeHolder: vscode.l10n.t('A distribution, an application, or a snapshot in {0}', s.region ?? ''),
    })),
    inputStep(deps, 'tags', () => ({
      title: title(vscode.l10n.t('Tags')),
      prompt: vscode.l10n.t('Tags, separated by commas (optional; leave empty for none)'),
      placeHolder: vscode.l10n.t('Words that group stacklets, such as their role and environment'),
      validate: (text) => checkTagList(text, vscode.l10n.t('Tags')),
    }), (s) => s.tags, (s, tags) => (s.tags = tags)),
    vpcStep<NewStacklet>(deps, store, (s) => ({ title: title(vscode.l10n.t('VPC')), placeHolder: vscode.l10n.t('A VPC of {0}, or none', s.region ?? '') })),
    pickStep<NewStacklet, string | null>(deps, 'firewall', async () => ({
      title: title(vscode.l10n.t('Firewall')),
      placeHolder: vscode.l10n.t('A firewall to put the stacklet behind, or none'),
      items: [
        noneItem(vscode.l10n.t('no firewall')),
        ...(await store.get('firewall').catch(() => undefined))?.items
          .map((firewall) => ({ label: firewall.name, description: firewallRuleCounts(firewall), value: firewall.uuid })) ?? [],
      ],
    }), (s) => s.firewall, (s, firewall) => (s.firewall = firewall)),
    pickStep<NewStacklet, string | null>(deps, 'userdata', async () => ({
      title: title(vscode.l10n.t('Userdata')),
      placeHolder: vscode.l10n.t('A script to run on first boot, or none'),
      items: [
        noneItem(vscode.l10n.t('no script')),
        ...(await store.get('userdata')).items.map((script) => ({ label: script.name, description: script.uuid, value: script.uuid })),
      ],
    }), (s) => s.userdata, (s, userdata) => (s.userdata = userdata)),
    sshKeysStep<NewStacklet>(deps, store, title(vscode.l10n.t('SSH Keys'))),
    pickStep(deps, 'backups', () => ({
      title: title(vscode.l10n.t('Backups')),
      placeHolder: vscode.l10n.t('Take automatic backups?'),
      // The service names no price for backups (service notes): said here, where they are chosen, and in the review.
      items: yesNo(vscode.l10n.t('automatic backups; the service names no price for them, so the estimate leaves them out'), vscode.l10n.t('no backups')),
    }), (s) => s.backups, (s, backups) => (s.backups = backups)),
    ...projectSteps<NewStacklet>(deps, title(vscode.l10n.t('Project')), projects),
  ];
  const namesOf = (answers: NewStacklet) => (count(answers) > 1 ? parseNames(answers.names!) : [answers.name!]);
  // The definition's input (src/kinds/stacklet/operations.ts), which plans and sends it as it does for an agent.
  const inputOf = (answers: NewStacklet): Record<string, unknown> => {
    const names = namesOf(answers);
    const tags = parseTagList(answers.tags ?? '');
    return {
      ...(names.length > 1 ? { names } : { name: names[0]! }),
      region: answers.region!,
      size: answers.size!,
      image: answers.image!,
      ...(tags.length > 0 ? { tags } : {}),
      ...(answers.vpc ? { vpc: answers.vpc } : {}),
      ...(answers.firewall ? { firewall: answers.firewall } : {}),
      ...(answers.userdata ? { userdata: answers.userdata } : {}),
      ...(answers.sshKeys && answers.sshKeys.length > 0 ? { sshKeys: answers.sshKeys } : {}),
      backups: answers.backups ?? false,
      ...(projectField(projects, answers.project).project_uuid !== undefined ? { project: projectField(projects, answers.project).project_uuid } : {}),
    };
  };
  const result = await createWithRetry<NewStacklet>(deps, session, {
    kind: 'stacklet',
    state: {},
    steps: build,
    // One stacklet or several: the Names step is asked only for several, so the steps are numbered without a total.
    wizard: { countKnown: false },
    // The service's request fields, each with its step (the definition's input fields are the steps' own names).
    fields: {
      names: 'names', name: 'name', region: 'region', size: 'size', image: 'image', tags: 'tags', vpc_uuid: 'vpc',
      firewall_uuid: 'firewall', userdata_uuid: 'userdata', ssh_keys: 'sshKeys', backups: 'backups', project_uuid: 'project',
    },
    input: (answers) => inputOf(answers),
  });
  if (!result) return;
  const names = namesOf(result.answers);
  const region = result.answers.region!;
  // The definition's answer: one stacklet's task, or each one's of several.
  const tasks = 'created' in result.data ? (result.data['created'] as { task: unknown }[]).map((one) => one.task) : [result.data['task']];
  done(deps.log, names.length === 1
    ? vscode.l10n.t('Creating stacklet {0} in {1}.', names[0]!, region)
    : vscode.l10n.t('Creating {0} stacklets in {1}: {2}.', names.length, region, names.join(', ')), tasks.some(Boolean));
}
