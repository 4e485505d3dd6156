import * as vscode from 'vscode';
import { checkNodeCount, checkTypedNumber, parseWholeNumber } from '../api/validators';
import { poolAction } from './action';
import { askText } from './askText';
import { settlePools, updateNodePool } from './nodePools';
import { poolCount } from './target';
import { plural } from '../model/plural';

/** Change Node Count: 1 to 100 nodes (the pool's name is sent unchanged). */
export const resizeNodePool = poolAction<{ count: number }, Awaited<ReturnType<typeof updateNodePool>>>({
  pick: () => ({ title: vscode.l10n.t('Change the node count of which node pool?'), none: vscode.l10n.t('No Kubernetes cluster has a node pool.') }),
  ask: async ({ cluster, pool }, deps) => {
    const current = poolCount(pool);
    const what = vscode.l10n.t('Node count');
    const typed = await askText(deps, {
      title: vscode.l10n.t('Change Node Count of {0}', pool.name),
      prompt: vscode.l10n.t('How many nodes {0} of {1} should have (now {2}; 1 to 100)', pool.name, cluster.name, current),
      value: String(current),
      validate: (text) => checkTypedNumber(text, (count) => checkNodeCount(count, what), what),
    });
    const count = typed === undefined ? undefined : parseWholeNumber(typed);
    return count === undefined || count === current ? undefined : { count };
  },
  send: (target, { count }) => updateNodePool(target, { name: target.pool.name, count }),
  settle: (deps, target, pools) => void settlePools(deps, target, pools),
  progress: (pool, { count }) => plural(count, vscode.l10n.t('Changing {0} to 1 node…', pool.name), vscode.l10n.t('Changing {0} to {1} nodes…', pool.name, count)),
  failure: (pool) => vscode.l10n.t('Could not change the node count of {0}', pool.name),
  done: (pool, { count }) => plural(count, vscode.l10n.t('Changing node pool {0} to 1 node.', pool.name), vscode.l10n.t('Changing node pool {0} to {1} nodes.', pool.name, count)),
});
