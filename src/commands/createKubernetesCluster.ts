import * as vscode from 'vscode';
import { checkKubernetesVersion, checkResourceName, checkNodeCount, parseWholeNumber } from '../api/validators';
import type { CommandDeps } from './deps';
import type { PickItem } from '../ui/prompter';
import { done } from '../ui/notify';
import { createWithRetry } from './createFlow';
import { listedProjects, projectField, projectSteps, type InProject } from './wizardSteps/projectStep';
import { countStep } from './wizardSteps/countStep';
import { nameStep, sameNameWarning } from './wizardSteps/nameStep';
import { regionStep } from './wizardSteps/regionStep';
import { sizeStep } from './wizardSteps/sizeStep';
import { pickStep } from './wizard';
import { KNOWN_KUBERNETES_VERSIONS } from '../kinds/cluster/kind';


interface NewCluster extends InProject {
  name?: string;
  version?: string;
  region?: string;
  poolName?: string;
  poolSize?: string;
  poolCount?: string;
}

function typedVersion(text: string): PickItem<string> | undefined {
  return checkKubernetesVersion(text) ? undefined : { label: text, description: vscode.l10n.t('(typed)'), value: text };
}

/**
 * Create Kubernetes Cluster: name, version, region (those offering Kubernetes), then the first node pool's name,
 * size and count, and the project (when the service lists several); the review they end in (./createFlow.ts) confirms, with the nodes' monthly estimate, and the cluster's
 * create definition (src/kinds/cluster/operations.ts) plans and sends it, as it does for an agent.
 */
export async function createKubernetesCluster(deps: CommandDeps): Promise<void> {
  const session = await deps.session.current();
  const { store } = session;
  const title = (what: string) => vscode.l10n.t('Create Kubernetes Cluster: {0}', what);
  const inUse = ((await store.get('cluster').catch(() => undefined))?.items ?? [])
    .map((cluster) => cluster.version.version ?? cluster.version.slug);
  const versions = [...new Set([...inUse, ...KNOWN_KUBERNETES_VERSIONS])].sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
  const projects = await listedProjects(deps, store);
  const sameName = await sameNameWarning(store, 'cluster', (name) => vscode.l10n.t('Another Kubernetes cluster is already named {0}: the service may refuse a second one.', name));
  const result = await createWithRetry<NewCluster>(deps, session, {
    kind: 'cluster',
    state: {},
    // The node pool's fields first: "node_pool.name" also names "name".
    fields: { 'node_pool.name': 'poolName', 'node_pool.size': 'poolSize', 'node_pool.count': 'poolCount', node_pool: 'poolSize', name: 'name', version: 'version', region: 'region', project_uuid: 'project' },
    steps: () => [
        nameStep<NewCluster>(deps, {
          title: title(vscode.l10n.t('Name')),
          prompt: vscode.l10n.t('The cluster\'s name (unique in the account)'),
          placeHolder: vscode.l10n.t('A name, such as the region and the workload'),
          check: (name) => checkResourceName(name, vscode.l10n.t('Name')),
          warn: sameName,
        }),
        pickStep(deps, 'version', () => ({
          title: title(vscode.l10n.t('Version')),
          placeHolder: vscode.l10n.t('Pick or type a Kubernetes version'),
          items: versions.map((version) => ({
            label: version,
            ...(inUse.includes(version) ? { description: vscode.l10n.t('used by a cluster of this account') } : {}),
            value: version,
          })),
          typed: typedVersion,
        }), (s) => s.version, (s, version) => (s.version = version)),
        regionStep<NewCluster>(deps, store, { title: title(vscode.l10n.t('Region')), placeHolder: vscode.l10n.t('Regions that offer Kubernetes') }, 'kubernetes'),
        nameStep<NewCluster, 'poolName'>(deps, {
          title: title(vscode.l10n.t('Node Pool Name')),
          prompt: vscode.l10n.t('The name of the first node pool'),
          initial: (s) => `${s.name ?? 'cluster'}-pool`,
          check: (name) => checkResourceName(name, vscode.l10n.t('Node pool name')),
        }, 'poolName'),
        sizeStep<NewCluster, 'poolSize'>(deps, store, {
          title: title(vscode.l10n.t('Node Size')),
          placeHolder: vscode.l10n.t('The size of each node (Kubernetes needs at least 2 vCPUs and 2 GB)'),
        }, 'poolSize'),
        countStep<NewCluster, 'poolCount'>(deps, {
          title: title(vscode.l10n.t('Node Count')),
          prompt: vscode.l10n.t('How many nodes (1 to 100)'),
          initial: '3',
          what: vscode.l10n.t('Node count'),
          check: checkNodeCount,
        }, 'poolCount'),
        ...projectSteps<NewCluster>(deps, title(vscode.l10n.t('Project')), projects),
    ],
    input: (answers) => ({
      name: answers.name!,
      version: answers.version!,
      region: answers.region!,
      node_pool: { name: answers.poolName!, size: answers.poolSize!, count: parseWholeNumber(answers.poolCount!)! },
      project: projectField(projects, answers.project).project_uuid,
    }),
  });
  if (!result) return;
  const { answers, data } = result;
  done(deps.log, vscode.l10n.t('Creating Kubernetes cluster {0} in {1}.', answers.name!, answers.region!), data['task'] !== null);
}
