import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';

/** Power Cycle: off and on again (a hard reboot), after a modal confirmation. */
export async function powerCycle(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, vscode.l10n.t('Power cycle which stacklet?'), (s) => stackletState(s) === 'active' || stackletState(s) === 'off');
  if (!target) return;
  const { store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const confirmed = await deps.prompter.confirm(
    vscode.l10n.t('Power cycle {0}?', stacklet.name),
    vscode.l10n.t('{0} is switched off and on again (a hard reboot): running programs are not shut down cleanly.', stacklet.name),
    vscode.l10n.t('Power Cycle'),
  );
  if (!confirmed) return;
  const answer = await send(deps, vscode.l10n.t('Power cycling {0}…', stacklet.name), vscode.l10n.t('Could not power cycle {0}', stacklet.name), () => store.client.powerCycle(stacklet.id));
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Power cycling {0}.', stacklet.name));
}
