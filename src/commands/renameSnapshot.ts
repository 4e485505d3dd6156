import * as vscode from 'vscode';
import { askNewName } from './askNewName';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, SNAPSHOT } from './targets';

export async function renameSnapshot(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, SNAPSHOT, vscode.l10n.t('Rename which snapshot?'), (s) => !s.task);
  if (!target) return;
  const { client, store, item: snapshot } = target;
  if (refuseWhenBusy(deps, 'snapshots', snapshot.id, snapshot.name, snapshot.task)) return;
  const name = await askNewName(deps, snapshot.name, vscode.l10n.t('snapshot'));
  if (name === undefined) return;
  const answer = await send(deps, vscode.l10n.t('Renaming {0}…', snapshot.name), vscode.l10n.t('Could not rename {0}', snapshot.name), () => client.renameSnapshot(snapshot.id, name));
  if (!answer) return;
  settle(deps, store, 'snapshots', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Renaming {0} to {1}.', snapshot.name, name));
}
