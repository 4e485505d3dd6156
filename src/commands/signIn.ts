import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { accountWords } from '../auth/localAccounts';
import { checkApiUrl, stripApiVersion } from '../api/apiUrl';
import { isLoopbackUrl } from '../api/loopback';
import { isApiError } from '../api/errors';
import { describeError } from '../api/errorText';
import type { CommandDeps } from './deps';
import { askText } from './askText';

export interface SignInArgs {
  /** Pre-fills the URL question (Sign In Again passes the expired account's); it is still asked. */
  readonly apiUrl?: string;
}

const DEFAULT_URL = 'https://api.simplystack.com';

/**
 * Asks for the API URL and then the token for that origin, verifies the token with the profile endpoint,
 * and only then stores it (in SecretStorage) and remembers the URL. Anything can run a command with
 * arguments, so arguments only pre-fill the URL: the user always sees and accepts the URL and types the
 * token; a token given as an argument is never used.
 */
export async function signIn(deps: CommandDeps, args: SignInArgs = {}): Promise<boolean> {
  const config = vscode.workspace.getConfiguration('stacklet');
  const allowInsecure = config.get<boolean>('allowInsecureHttp', false);
  const typedUrl = await askText(deps, {
    title: vscode.l10n.t('Sign In to Stacklet Cloud (1/2)'),
    prompt: vscode.l10n.t('The API URL, without the /v1 prefix'),
    value: (typeof args?.apiUrl === 'string' ? args.apiUrl : undefined) ?? (config.get<string>('apiUrl') || DEFAULT_URL),
    validate: (value) => {
      try {
        checkApiUrl(stripApiVersion(value).url, allowInsecure);
        return undefined;
      } catch (error) {
        return describeError(error);
      }
    },
  });
  if (!typedUrl) return false;
  const pasted = stripApiVersion(typedUrl);
  const apiUrl = pasted.url;
  if (pasted.note) deps.log.info(pasted.note);
  if (!(await acceptPlainHttp(deps, apiUrl))) return false;
  const origin = new URL(apiUrl).origin;
  const token = await askText(deps, {
    title: vscode.l10n.t('Sign In to Stacklet Cloud (2/2)'),
    prompt: [
      pasted.note,
      vscode.l10n.t('Your API token for {0}. It is sent only there, and kept in the operating system\'s secret store, never in settings.', origin),
    ].filter(Boolean).join(' '),
    password: true,
    validate: (value) => (value.trim() === '' ? vscode.l10n.t('Enter the API token') : /\s/.test(value.trim()) ? vscode.l10n.t('An API token has no spaces') : undefined),
  });
  if (!token) return false;
  // The same token for the account in use: nothing to verify or store, and saying "Signed in" would suggest a change.
  const already = await deps.session.signedInWith(apiUrl, token);
  if (already) {
    void notify.info(vscode.l10n.t('You are already signed in to {0} with this token: nothing changed.', accountWords(already)));
    return true;
  }
  try {
    const account = await notify.withProgress('notification', vscode.l10n.t('Verifying the API token…'), () => deps.session.signIn(apiUrl, token));
    if (config.get<string>('apiUrl') !== account.apiUrl) await config.update('apiUrl', account.apiUrl, vscode.ConfigurationTarget.Global);
    deps.log.info(`Signed in as ${account.email} at ${account.apiUrl}`);
    void notify.info(vscode.l10n.t('Signed in to Stacklet Cloud as {0}.', account.email));
    return true;
  } catch (error) {
    const why = isApiError(error) && error.isUnauthorized
      ? vscode.l10n.t('The token was refused by {0}. Nothing was stored.', apiUrl)
      : vscode.l10n.t('Could not sign in: {0} Nothing was stored.', describeError(error));
    deps.log.warn(why);
    const retry = vscode.l10n.t('Try Again');
    void notify.error(why, retry).then((choice) => {
      if (choice === retry) void vscode.commands.executeCommand('stacklet.signIn', { apiUrl });
    });
    return false;
  }
}

/**
 * stacklet.allowInsecureHttp lets plain http:// reach another machine; the user still confirms, each time,
 * before typing a token that would cross the network unencrypted.
 */
async function acceptPlainHttp(deps: CommandDeps, apiUrl: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return true; // checkApiUrl refuses it with its own message at sign-in
  }
  if (url.protocol !== 'http:' || isLoopbackUrl(url)) return true;
  return deps.prompter.confirm(
    vscode.l10n.t('Send your API token unencrypted to {0}?', url.host),
    vscode.l10n.t('{0} is plain http://: anyone on the network path can read the token and use it to change or delete your servers. Use https:// unless this network is yours alone.', url.origin),
    vscode.l10n.t('Send Unencrypted'),
  );
}
