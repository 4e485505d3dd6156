import * as vscode from 'vscode';
import { checkResourceName } from '../api/validators';
import { askNewName } from './askNewName';
import { poolCommand } from './actionCommand';

/** Rename a node pool (its node count is sent unchanged): the node-pool tool's rename plans and sends it; the typed name is the confirmation. */
export const renameNodePool = poolCommand({
  action: 'rename',
  confirm: 'prompt',
  pick: () => ({ title: vscode.l10n.t('Rename which node pool?'), none: vscode.l10n.t('No Kubernetes cluster has a node pool.') }),
  input: ({ cluster, pool }, deps) => askNewName(deps, pool.name, vscode.l10n.t('node pool'), (text) => checkResourceName(text, vscode.l10n.t('Name')), vscode.l10n.t('The new name of the node pool of {0}', cluster.name)),
  done: (pool, { name }) => vscode.l10n.t('Renaming node pool {0} to {1}.', pool.name, String(name)),
});
