import * as vscode from 'vscode';
import { checkName } from '../api/validators';
import type { CommandDeps } from './deps';
import { updateNodePool } from './nodePools';
import { done, refuseWhenBusy } from './serviceAction';
import { poolCount, resolveNodePool } from './targets';
import { isBack } from './wizard';

/** Rename a node pool (its node count is sent unchanged). */
export async function renameNodePool(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveNodePool(deps, node, vscode.l10n.t('Rename which node pool?'));
  if (!target) return;
  const { cluster, pool } = target;
  if (refuseWhenBusy(deps, 'kubernetes', cluster.uuid, cluster.name, cluster.task)) return;
  const typed = await deps.prompter.input({
    title: vscode.l10n.t('Rename {0}', pool.name),
    prompt: vscode.l10n.t('The new name of the node pool of {0}', cluster.name),
    value: pool.name,
    validate: (text) => checkName(text, vscode.l10n.t('Name')),
  });
  if (typed === undefined || isBack(typed) || typed.trim() === pool.name) return;
  const name = typed.trim();
  const ok = await updateNodePool(deps, target, cluster, pool, { name, count: poolCount(pool) },
    vscode.l10n.t('Renaming {0}…', pool.name), vscode.l10n.t('Could not rename {0}', pool.name));
  if (ok) done(deps, vscode.l10n.t('Renaming node pool {0} to {1}.', pool.name, name));
}
