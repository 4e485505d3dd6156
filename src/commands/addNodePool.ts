import * as vscode from 'vscode';
import { checkNodeCount, parseWholeNumber } from '../api/validators';
import { checkPoolName } from '../kinds/nodePool/operations';
import { sizeItems } from './choices';
import { refuseWhenBusy } from './actionCommand';
import { createWithRetry } from './createFlow';
import type { CommandDeps } from './deps';
import { countStep } from './wizardSteps/countStep';
import { nameStep } from './wizardSteps/nameStep';
import { sizeStep } from './wizardSteps/sizeStep';
import { resolveTarget } from './target';
import { idleItems } from './idlePick';
import { done } from '../ui/notify';
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
 * version) and node count, then the review with the pool's monthly estimate, as every create ends
 * (./createFlow.ts); the node-pool tool's add (src/kinds/nodePool/operations.ts) plans and sends it, as it does
 * for an agent. The documentation has no such operation: a service without it answers 404 or 405, shown as
 * "does not support adding node pools". The cluster runs a task while the nodes are made.
 */
export async function addNodePool(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, 'cluster', idleItems(
    vscode.l10n.t('Add a node pool to which Kubernetes cluster?'),
    vscode.l10n.t('Every cluster is busy: try again when its task completes.'),
  ));
  if (!target) return;
  const { item: cluster, store } = target;
  if (refuseWhenBusy(deps, { kind: 'cluster', id: cluster.uuid, name: cluster.name, task: cluster.task })) return;
  const title = (what: string) => vscode.l10n.t('Add Node Pool to {0}: {1}', cluster.name, what);
  const taken = cluster.node_pools.map((pool) => pool.name.trim().toLowerCase());
  const { min_vcpu: minVcpu = 0, min_memory: minMemory = 0 } = cluster.version;
  const sizes = (await sizeItems(store)).filter((item) => {
    const size = store.peek('size')?.items.find((s) => s.slug === item.value);
    return !size || (size.vcpu >= minVcpu && (size.memory ?? 0) >= minMemory);
  });
  const steps = [
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
  ];
  const result = await createWithRetry<NewPool>(deps, target, {
    kind: 'nodePool',
    action: 'add',
    state: {},
    steps: () => steps,
    fields: { name: 'name', size: 'size', count: 'count' },
    input: (answers) => ({ cluster: cluster.uuid, name: answers.name!, size: answers.size!, count: parseWholeNumber(answers.count!)! }),
  });
  if (!result) return;
  const { name, count } = result.answers;
  const nodes = parseWholeNumber(count!)!;
  done(deps.log, plural(nodes, vscode.l10n.t('Adding node pool {0} (1 node) to {1}.', name!, cluster.name), vscode.l10n.t('Adding node pool {0} ({1} nodes) to {2}.', name!, nodes, cluster.name)), result.data['task'] != null);
}
