import * as vscode from 'vscode';
import { checkNodeCount, checkTypedNumber, parseWholeNumber } from '../api/validators';
import type { CommandDeps } from './deps';
import { updateNodePool } from './nodePools';
import { done, refuseWhenBusy } from './serviceAction';
import { poolCount, resolveNodePool } from './targets';
import { isBack } from './wizard';

/** Change Node Count: 1 to 100 nodes (the pool's name is sent unchanged). */
export async function resizeNodePool(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveNodePool(deps, node, vscode.l10n.t('Change the node count of which node pool?'));
  if (!target) return;
  const { cluster, pool } = target;
  if (refuseWhenBusy(deps, 'kubernetes', cluster.uuid, cluster.name, cluster.task)) return;
  const current = poolCount(pool);
  const what = vscode.l10n.t('Node count');
  const typed = await deps.prompter.input({
    title: vscode.l10n.t('Change Node Count of {0}', pool.name),
    prompt: vscode.l10n.t('How many nodes {0} of {1} should have (now {2}; 1 to 100)', pool.name, cluster.name, current),
    value: String(current),
    validate: (text) => checkTypedNumber(text, (count) => checkNodeCount(count, what), what),
  });
  if (typed === undefined || isBack(typed)) return;
  const count = parseWholeNumber(typed)!;
  if (count === current) return;
  const ok = await updateNodePool(deps, target, cluster, pool, { name: pool.name, count },
    vscode.l10n.t('Changing {0} to {1} nodes…', pool.name, count), vscode.l10n.t('Could not change the node count of {0}', pool.name));
  if (ok) done(deps, vscode.l10n.t('Changing node pool {0} to {1} nodes.', pool.name, count));
}
