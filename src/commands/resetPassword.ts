import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';

/** Reset Password: a modal confirmation, then the service sets a new root password. */
export async function resetPassword(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, vscode.l10n.t('Reset the root password of which stacklet?'), (s) => stackletState(s) !== 'busy');
  if (!target) return;
  const { store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const confirmed = await deps.prompter.confirm(
    vscode.l10n.t('Reset the root password of {0}?', stacklet.name),
    vscode.l10n.t('The service replaces the root password of {0} with a new one; the current password stops working.', stacklet.name),
    vscode.l10n.t('Reset Password'),
  );
  if (!confirmed) return;
  const answer = await send(deps, vscode.l10n.t('Resetting the root password of {0}…', stacklet.name), vscode.l10n.t('Could not reset the root password of {0}', stacklet.name), () => store.client.resetPassword(stacklet.id));
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Resetting the root password of {0}.', stacklet.name));
}
