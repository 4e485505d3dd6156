import * as vscode from 'vscode';
import { checkNodeCount, checkTypedNumber, parseWholeNumber } from '../api/validators';
import { poolCount } from '../kinds/nodePool/operations';
import { askText } from './askText';
import { poolCommand } from './actionCommand';
import { plural } from '../api/plural';

/** Change Node Count: 1 to 100 nodes (the pool's name is sent unchanged); the node-pool tool's resize plans and sends it, the count typed is the confirmation. */
export const resizeNodePool = poolCommand({
  action: 'resize',
  confirm: 'prompt',
  pick: () => ({ title: vscode.l10n.t('Change the node count of which node pool?'), none: vscode.l10n.t('No Kubernetes cluster has a node pool.') }),
  input: async ({ cluster, pool }, deps) => {
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
  done: (pool, { count }) => plural(Number(count), vscode.l10n.t('Changing node pool {0} to 1 node.', pool.name), vscode.l10n.t('Changing node pool {0} to {1} nodes.', pool.name, Number(count))),
});
