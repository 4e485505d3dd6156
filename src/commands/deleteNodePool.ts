import * as vscode from 'vscode';
import { poolCommand } from './actionCommand';

/**
 * Deletes a node pool after a confirmation naming it and its cluster, with the monthly change (a cluster keeps at
 * least one pool: its only pool is refused before anything is asked); the node-pool tool's delete plans and sends
 * it. The documentation has no such operation: a service without it answers 404 or 405, shown as "does not
 * support deleting node pools".
 */
export const deleteNodePool = poolCommand({
  action: 'delete',
  // Keep first, as every deletion's question.
  confirm: 'keep',
  pick: () => ({ title: vscode.l10n.t('Delete which node pool?'), none: vscode.l10n.t('No Kubernetes cluster has a node pool.') }),
  done: (pool) => vscode.l10n.t('Deleted node pool {0}.', pool.name),
});
