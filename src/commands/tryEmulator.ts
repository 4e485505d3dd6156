import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import type { CommandDeps } from './deps';

/** Starts the emulator inside the extension host (loopback, free port, demo data) and signs in to it. */
export async function tryEmulator(deps: CommandDeps): Promise<boolean> {
  try {
    const { url, token } = await deps.emulator.ensureStarted();
    const account = await deps.session.signIn(url, token, { isEmulator: true });
    deps.log.info(`Signed in to the local emulator at ${url} as ${account.email}`);
    void notify.info(vscode.l10n.t('Exploring the local Stacklet emulator: demo data, nothing real is changed.'));
    return true;
  } catch (error) {
    deps.notifier.error(error, vscode.l10n.t('Could not start the local emulator'));
    return false;
  }
}
