import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { confirmModal } from './confirm';
import type { CommandDeps } from './deps';

/**
 * Brings back the demo data of the emulator inside VS Code: its kept world is forgotten and, when it runs, it
 * starts again; signed in to it, the views read the fresh one. Asked first: what was made there is lost.
 */
export async function resetEmulator(deps: CommandDeps): Promise<void> {
  const reset = vscode.l10n.t('Reset');
  const question = vscode.l10n.t('Reset the local emulator to its demo data?');
  const detail = vscode.l10n.t(
    'The emulator inside VS Code forgets every change made in it (what was created, changed or deleted there) and starts again with its demo data. Nothing real is touched, and the emulator npm start runs is not affected.',
  );
  if (!(await confirmModal(deps, question, detail, reset))) return;
  await deps.emulator.reset();
  const state = deps.session.state;
  if (state.kind !== 'signed-out' && state.account.isEmulator) await deps.session.reconnect();
  deps.log.info('Reset the local emulator to its demo data.');
  void notify.info(vscode.l10n.t('The local emulator has its demo data again.'));
}
