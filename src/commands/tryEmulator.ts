import * as vscode from 'vscode';
import { announcedEmulator, isListening } from '../auth/localAccounts';
import * as notify from '../ui/notify';
import type { CommandDeps } from './deps';

/**
 * Signs in to the local emulator: the one `npm start` runs and announced to this extension host, when it
 * listens, so that there is one emulator and one token; otherwise one started inside the extension host
 * (loopback, free port, demo data).
 *
 * From the click to the first rows takes a few seconds (the emulator's chunk and start, the sign-in, the first
 * listing), and the welcome view looked the same all along (issue 45, item 9): the Stacklets view shows its
 * progress bar, and the status bar says what runs, until the stacklets are listed.
 */
export function tryEmulator(deps: CommandDeps): Thenable<boolean> {
  return notify.withProgress({ view: 'stacklet.stacklets' }, '', () =>
    notify.withProgress('window', vscode.l10n.t('Starting the local emulator…'), async () => {
      if (!(await signInToEmulator(deps))) return false;
      // The view asks for the same listing: one request, and the bar goes when its rows come. A failure is the view's to show.
      await deps.session.current().then((session) => session.store.get('stacklet')).then(undefined, () => undefined);
      return true;
    }));
}

async function signInToEmulator(deps: CommandDeps): Promise<boolean> {
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
