import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import { stackletState } from '../model/format';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';

const hasPrivateNetworking = (stacklet: Stacklet) => stacklet.networks.v4.some((network) => network.type === 'private');

/** Enable Private Networking: only offered (and only sent) when the stacklet has no private network yet. */
export async function enablePrivateNetworking(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(
    deps, node, STACKLET, vscode.l10n.t('Enable private networking on which stacklet?'),
    (s) => stackletState(s) !== 'busy' && !hasPrivateNetworking(s),
  );
  if (!target) return;
  const { client, store, item: stacklet } = target;
  if (hasPrivateNetworking(stacklet)) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} already has private networking.', stacklet.name));
    return;
  }
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const answer = await send(
    deps,
    vscode.l10n.t('Enabling private networking on {0}…', stacklet.name),
    vscode.l10n.t('Could not enable private networking on {0}', stacklet.name),
    () => client.enablePrivateNetworking(stacklet.id),
  );
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Enabling private networking on {0}.', stacklet.name));
}
