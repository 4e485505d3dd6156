import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';

/** Power Off: for a running stacklet, after a modal confirmation. */
export async function powerOff(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, vscode.l10n.t('Power off which stacklet?'), (s) => stackletState(s) === 'active');
  if (!target) return;
  const { store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const confirmed = await deps.prompter.confirm(
    vscode.l10n.t('Power off {0}?', stacklet.name),
    vscode.l10n.t('{0} stops, like pulling its power cord: running programs are not shut down cleanly. It stays off until powered on again.', stacklet.name),
    vscode.l10n.t('Power Off'),
  );
  if (!confirmed) return;
  const answer = await send(deps, vscode.l10n.t('Powering off {0}…', stacklet.name), vscode.l10n.t('Could not power off {0}', stacklet.name), () => store.client.powerOff(stacklet.id));
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Powering off {0}.', stacklet.name));
}
