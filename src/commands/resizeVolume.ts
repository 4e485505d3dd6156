import * as vscode from 'vscode';
import { checkTypedNumber, checkVolumeSize, parseWholeNumber } from '../api/validators';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, VOLUME } from './targets';
import { isBack } from './wizard';

/** Resize a volume: a size in GB, larger than now (volumes only grow). */
export async function resizeVolume(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, VOLUME, vscode.l10n.t('Resize which volume?'), (v) => !v.task);
  if (!target) return;
  const { client, store, item: volume } = target;
  if (refuseWhenBusy(deps, 'volumes', volume.id, volume.name, volume.task)) return;
  const current = volume.size_gigabytes;
  const what = vscode.l10n.t('Size');
  const typed = await deps.prompter.input({
    title: vscode.l10n.t('Resize {0}', volume.name),
    prompt: vscode.l10n.t('The new size in GB (now {0} GB; a volume can only grow)', current),
    value: String(current),
    validate: (text) => checkTypedNumber(text, (gb) => checkVolumeSize(gb, current, what), what),
  });
  if (typed === undefined || isBack(typed)) return;
  const size = parseWholeNumber(typed)!;
  const answer = await send(deps, vscode.l10n.t('Resizing {0}…', volume.name), vscode.l10n.t('Could not resize {0}', volume.name), () => client.resizeVolume(volume.id, size));
  if (!answer) return;
  settle(deps, store, 'volumes', (v) => v.id, answer);
  done(deps, vscode.l10n.t('Resizing {0} to {1} GB.', volume.name, size));
}
