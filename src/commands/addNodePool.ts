import * as vscode from 'vscode';
import { checkNodeCount, parseWholeNumber } from '../api/validators';
import { checkPoolName } from '../kinds/nodePool/operations';
import { sizeItems } from './choices';
import { actionCommand } from './actionCommand';
import { countStep } from './steps/countStep';
import { nameStep } from './steps/nameStep';
import { sizeStep } from './steps/sizeStep';
import { runWizard } from './wizard';
import { idleItems } from './idlePick';
import { plural } from '../api/plural';

interface NewPool {
  name?: string;
  size?: string;
  count?: string;
}

/** The first `<cluster>-pool-N` no pool of the cluster is named. */
function freePoolName(cluster: string, taken: readonly string[]): string {
  for (let n = 2; ; n++) {
    const name = `${cluster}-pool-${n}`;
    if (!taken.includes(name.toLowerCase())) return name;
  }
}

/**
 * Add Node Pool to a cluster: name (unique in the cluster), node size (those large enough for the cluster's
 * version) and node count; the last answer confirms, and the node-pool tool's add (src/kinds/nodePool/operations.ts)
 * plans and sends it, as it does for an agent. The documentation has no such operation: a service without it
 * answers 404 or 405, shown as "does not support adding node pools". The cluster runs a task while the nodes are made.
 */
export const addNodePool = actionCommand<'cluster'>({
  kind: 'cluster',
  action: 'addNodePool',
  defined: { kind: 'nodePool', action: 'add', idField: 'cluster' },
  confirm: 'prompt',
  pick: () => idleItems(vscode.l10n.t('Add a node pool to which Kubernetes cluster?'), vscode.l10n.t('Every cluster is busy: try again when its task completes.')),
  input: async ({ item: cluster, store }, deps) => {
    const title = (what: string) => vscode.l10n.t('Add Node Pool to {0}: {1}', cluster.name, what);
    const taken = cluster.node_pools.map((pool) => pool.name.trim().toLowerCase());
    const { min_vcpu: minVcpu = 0, min_memory: minMemory = 0 } = cluster.version;
    const sizes = (await sizeItems(store)).filter((item) => {
      const size = store.peek('size')?.items.find((s) => s.slug === item.value);
      return !size || (size.vcpu >= minVcpu && (size.memory ?? 0) >= minMemory);
    });
    const answers = await runWizard<NewPool>({}, () => [
      nameStep<NewPool>(deps, {
        title: title(vscode.l10n.t('Name')),
        prompt: vscode.l10n.t('The node pool\'s name (unique in {0})', cluster.name),
        initial: () => freePoolName(cluster.name, taken),
        check: (text: string) => checkPoolName(text, taken, cluster.name, vscode.l10n.t('Name')),
      }),
      sizeStep<NewPool>(deps, store, {
        title: title(vscode.l10n.t('Node Size')),
        placeHolder: vscode.l10n.t('The size of each node: those large enough for Kubernetes {0}', cluster.version.version ?? cluster.version.slug),
      }, 'size', async () => sizes),
      countStep<NewPool>(deps, {
        title: title(vscode.l10n.t('Node Count')),
        prompt: vscode.l10n.t('How many nodes (1 to 100)'),
        initial: '1',
        what: vscode.l10n.t('Node count'),
        check: checkNodeCount,
      }),
    ]);
    return answers && { name: answers.name!, size: answers.size!, count: parseWholeNumber(answers.count!)! };
  },
  done: (cluster, { name, count }) => plural(Number(count), vscode.l10n.t('Adding node pool {0} (1 node) to {1}.', String(name), cluster.name), vscode.l10n.t('Adding node pool {0} ({1} nodes) to {2}.', String(name), Number(count), cluster.name)),
});
