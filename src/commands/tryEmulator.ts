import * as vscode from 'vscode';
import { announcedEmulator, isListening } from '../auth/localAccounts';
import * as notify from '../ui/notify';
import type { CommandDeps } from './deps';

/**
 * Signs in to the local emulator: the one `npm start` runs and announced to this extension host, when it
 * listens, so that there is one emulator and one token; otherwise one started inside the extension host
 * (loopback, free port, demo data).
 */
export async function tryEmulator(deps: CommandDeps): Promise<boolean> {
  try {
    const announced = announcedEmulator(process.env);
    if (announced && (await isListening(announced.url))) {
      const account = await deps.session.signIn(announced.url, announced.token);
      deps.log.info(`Signed in to the emulator npm start runs at ${announced.url} as ${account.email}`);
      void notify.info(vscode.l10n.t('Exploring the local Stacklet emulator at {0} (the one npm start runs): demo data, nothing real is changed.', announced.url));
      return true;
    }
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
