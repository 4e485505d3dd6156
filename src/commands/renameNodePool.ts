import * as vscode from 'vscode';
import { poolAction } from './action';
import { checkResourceName } from '../api/validators';
import { askNewName } from './askNewName';
import { settlePools, updateNodePool } from './nodePools';
import { poolCount } from './target';

/** Rename a node pool (its node count is sent unchanged). */
export const renameNodePool = poolAction<{ name: string }, Awaited<ReturnType<typeof updateNodePool>>>({
  pick: () => ({ title: vscode.l10n.t('Rename which node pool?'), none: vscode.l10n.t('No Kubernetes cluster has a node pool.') }),
  ask: ({ cluster, pool }, deps) => askNewName(deps, pool.name, vscode.l10n.t('node pool'), (text) => checkResourceName(text, vscode.l10n.t('Name')), vscode.l10n.t('The new name of the node pool of {0}', cluster.name)),
  send: (target, { name }) => updateNodePool(target, { name, count: poolCount(target.pool) }),
  settle: (deps, target, pools) => void settlePools(deps, target, pools),
  progress: (pool) => vscode.l10n.t('Renaming {0}…', pool.name),
  failure: (pool) => vscode.l10n.t('Could not rename {0}', pool.name),
  done: (pool, { name }) => vscode.l10n.t('Renaming node pool {0} to {1}.', pool.name, name),
});
