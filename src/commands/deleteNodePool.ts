import * as vscode from 'vscode';
import { poolAction } from './action';
import { refTo } from '../kinds/registry';
import { costSentence } from '../model/actionWords';
import { confirmDeletion, sendDeletion } from './deleteAction';
import { poolMark, settlePoolDeleted } from './nodePools';
import { plural } from '../model/plural';

/**
 * Deletes a node pool after a confirmation naming it (a cluster keeps at least one pool). The documentation has no
 * such operation: a service without it answers 404 or 405, shown as "does not support deleting node pools".
 */
export const deleteNodePool = poolAction<Record<string, never>, true>({
  pick: () => ({ title: vscode.l10n.t('Delete which node pool?'), none: vscode.l10n.t('No Kubernetes cluster has a node pool.') }),
  ask: async ({ cluster, pool }, deps) => {
    if (cluster.node_pools.length <= 1) {
      deps.notifier.info(vscode.l10n.t('{0} is the only node pool of {1}, and a cluster needs one: add another pool first, or delete the cluster.', pool.name, cluster.name));
      return undefined;
    }
    const confirmed = await confirmDeletion(deps, {
      question: vscode.l10n.t('Delete node pool {0} of {1}?', pool.name, cluster.name),
      detail: plural(pool.nodes.length, vscode.l10n.t('Its node goes, with what runs on it; the cluster\'s other pools stay.'), vscode.l10n.t('Its {0} nodes go, with what runs on them; the cluster\'s other pools stay.', pool.nodes.length)) + costSentence(refTo('nodePool', pool)),
    });
    return confirmed ? {} : undefined;
  },
  send: (target) => sendDeletion(target, poolMark(target), () => target.client.deleteNodePool(target.cluster.uuid, target.pool.id)),
  settle: (deps, target) => settlePoolDeleted(deps, target),
  progress: (pool) => vscode.l10n.t('Deleting {0}…', pool.name),
  failure: (pool) => vscode.l10n.t('Could not delete node pool {0}', pool.name),
  done: (pool) => vscode.l10n.t('Deleted node pool {0}.', pool.name),
});
