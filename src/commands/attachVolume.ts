import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import { stackletItem, typedStackletId } from './choices';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, VOLUME } from './targets';
import { isBack } from './wizard';

/** Attach a free volume to a stacklet of its region that has no volume yet. */
export async function attachVolume(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, VOLUME, vscode.l10n.t('Attach which volume?'), (v) => !v.task && !v.stacklet);
  if (!target) return;
  const { client, store, item: volume } = target;
  if (refuseWhenBusy(deps, 'volumes', volume.id, volume.name, volume.task)) return;
  if (volume.stacklet) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} is already attached to {1}; detach it first.', volume.name, volume.stacklet.name ?? `#${volume.stacklet.id}`));
    return;
  }
  const candidates = (await store.get('stacklets')).items.filter(
    (s) => s.region.slug === volume.region.slug && !s.volume_uuid && stackletState(s) !== 'busy',
  );
  const stackletId = await deps.prompter.pick<number>({
    title: vscode.l10n.t('Attach {0}', volume.name),
    placeHolder: candidates.length > 0
      ? vscode.l10n.t('A stacklet in {0} without a volume', volume.region.slug)
      : vscode.l10n.t('No stacklet in {0} is free for a volume; type a stacklet ID', volume.region.slug),
    items: candidates.map(stackletItem),
    typed: typedStackletId,
  });
  if (stackletId === undefined || isBack(stackletId)) return;
  const stackletName = candidates.find((s) => s.id === stackletId)?.name ?? `#${stackletId}`;
  const answer = await send(deps, vscode.l10n.t('Attaching {0} to {1}…', volume.name, stackletName), vscode.l10n.t('Could not attach {0} to {1}', volume.name, stackletName), () => client.attachVolume(volume.id, stackletId));
  if (!answer) return;
  settle(deps, store, 'volumes', (v) => v.id, answer);
  done(deps, vscode.l10n.t('Attaching {0} to {1}.', volume.name, stackletName));
}
