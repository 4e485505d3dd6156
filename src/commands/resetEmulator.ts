import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import type { Account } from '../auth/accountRegistry';
import { isLocalAccount } from '../auth/accountPlace';
import { accountWords } from '../auth/localAccounts';
import { describeError } from '../api/errorText';
import { confirmModal } from './confirm';
import type { CommandDeps } from './deps';

/**
 * Brings back the demo data of the emulator the window is signed in to. Signed in to an emulator outside VS Code
 * (npm start's, or `npm run emulator`'s), that emulator resets the account in place (its own route); otherwise
 * the emulator inside VS Code forgets its kept world and, when it runs, starts again. Asked first: what was made
 * there is lost. Signed in to the service, only the emulator inside VS Code is reset, as the question says.
 */
export async function resetEmulator(deps: CommandDeps): Promise<void> {
  const state = deps.session.state;
  if (state.kind === 'active' && isLocalAccount(state.account)) return resetOutside(deps, state.account);
  const reset = vscode.l10n.t('Reset');
  const question = vscode.l10n.t('Reset the local emulator to its demo data?');
  const detail = vscode.l10n.t(
    'The emulator inside VS Code forgets every change made in it (what was created, changed or deleted there) and starts again with its demo data. Nothing real is touched, and the emulator npm start runs is not affected.',
  );
  if (!(await confirmModal(deps, question, detail, reset))) return;
  await deps.emulator.reset();
  if (state.kind !== 'signed-out' && state.account.isEmulator) await deps.session.reconnect();
  deps.log.info('Reset the local emulator to its demo data.');
  void notify.info(vscode.l10n.t('The local emulator has its demo data again.'));
}

/** The emulator on this machine the account is at: its account back to the data it was seeded with. */
async function resetOutside(deps: CommandDeps, account: Account): Promise<void> {
  const host = new URL(account.apiUrl).host;
  const question = vscode.l10n.t('Reset the emulator at {0} to its demo data?', host);
  const detail = vscode.l10n.t(
    'Everything made, changed or deleted in {0} there is forgotten, and the account starts again with the data it began with. Nothing real is touched, and its other accounts are not affected.',
    accountWords(account),
  );
  if (!(await confirmModal(deps, question, detail, vscode.l10n.t('Reset')))) return;
  try {
    const { client } = await deps.session.current();
    await notify.withProgress('window', vscode.l10n.t('Resetting the emulator at {0}…', host), () => client.resetEmulatorAccount());
  } catch (error) {
    void notify.error(vscode.l10n.t('Could not reset the emulator at {0}: {1}', host, describeError(error)));
    return;
  }
  // Every listing read before is of the old data: read again, as after a sign-in.
  await deps.session.reconnect();
  deps.log.info(`Reset the emulator at ${host} to its demo data.`);
  void notify.info(vscode.l10n.t('The emulator at {0} has its demo data again.', host));
}
