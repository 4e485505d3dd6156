import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';

/** Power On: for a stacklet that is off. */
export async function powerOn(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, vscode.l10n.t('Power on which stacklet?'), (s) => stackletState(s) === 'off');
  if (!target) return;
  const { client, store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const answer = await send(deps, vscode.l10n.t('Powering on {0}…', stacklet.name), vscode.l10n.t('Could not power on {0}', stacklet.name), () => client.powerOn(stacklet.id));
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Powering on {0}.', stacklet.name));
}
