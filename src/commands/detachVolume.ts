import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, VOLUME } from './targets';

/** Detach a volume from its stacklet, after a modal confirmation. */
export async function detachVolume(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, VOLUME, vscode.l10n.t('Detach which volume?'), (v) => !v.task && !!v.stacklet);
  if (!target) return;
  const { client, store, item: volume } = target;
  if (refuseWhenBusy(deps, 'volumes', volume.id, volume.name, volume.task)) return;
  const attached = volume.stacklet;
  if (!attached) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} is not attached to a stacklet.', volume.name));
    return;
  }
  const stackletName = attached.name ?? `#${attached.id}`;
  const confirmed = await deps.prompter.confirm(
    vscode.l10n.t('Detach {0} from {1}?', volume.name, stackletName),
    vscode.l10n.t('Unmount it inside {0} first: programs still writing to it may lose data.', stackletName),
    vscode.l10n.t('Detach'),
  );
  if (!confirmed) return;
  const answer = await send(deps, vscode.l10n.t('Detaching {0}…', volume.name), vscode.l10n.t('Could not detach {0}', volume.name), () => client.detachVolume(volume.id, attached.id));
  if (!answer) return;
  settle(deps, store, 'volumes', (v) => v.id, answer);
  done(deps, vscode.l10n.t('Detaching {0} from {1}.', volume.name, stackletName));
}
