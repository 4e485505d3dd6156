import * as vscode from 'vscode';
import { askNewName } from './askNewName';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { CLUSTER, resolveTarget } from './targets';

export async function renameCluster(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, CLUSTER, vscode.l10n.t('Rename which Kubernetes cluster?'), (c) => !c.task);
  if (!target) return;
  const { client, store, item: cluster } = target;
  if (refuseWhenBusy(deps, 'kubernetes', cluster.uuid, cluster.name, cluster.task)) return;
  const name = await askNewName(deps, cluster.name, vscode.l10n.t('cluster'));
  if (name === undefined) return;
  const answer = await send(deps, vscode.l10n.t('Renaming {0}…', cluster.name), vscode.l10n.t('Could not rename {0}', cluster.name), () => client.renameKubernetesCluster(cluster.uuid, name));
  if (!answer) return;
  settle(deps, store, 'kubernetes', (c) => c.uuid, answer);
  done(deps, vscode.l10n.t('Renaming {0} to {1}.', cluster.name, name));
}
