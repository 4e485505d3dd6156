import * as vscode from 'vscode';
import { askNewName } from './askNewName';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, VOLUME } from './targets';

export async function renameVolume(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, VOLUME, vscode.l10n.t('Rename which volume?'), (v) => !v.task);
  if (!target) return;
  const { client, store, item: volume } = target;
  if (refuseWhenBusy(deps, 'volumes', volume.id, volume.name, volume.task)) return;
  const name = await askNewName(deps, volume.name, vscode.l10n.t('volume'));
  if (name === undefined) return;
  const answer = await send(deps, vscode.l10n.t('Renaming {0}…', volume.name), vscode.l10n.t('Could not rename {0}', volume.name), () => client.renameVolume(volume.id, name));
  if (!answer) return;
  settle(deps, store, 'volumes', (v) => v.id, answer);
  done(deps, vscode.l10n.t('Renaming {0} to {1}.', volume.name, name));
}
