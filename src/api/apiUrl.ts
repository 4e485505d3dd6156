/**
 * The API URL as users paste it. The extension adds `/v1` to every path itself, so a URL copied from the
 * documentation (`https://api.simplystack.com/v1`) or the public client (`https://cloud.hubgridcloud.com/api/v1/`)
 * would become `…/v1/v1/…`: the trailing `/v1` is taken off, and the caller is told so it can say so.
 */
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';
import { isLoopbackUrl } from './loopback';

export interface PastedApiUrl {
  /** The URL to use: without the trailing `/v1` and without trailing slashes. */
  readonly url: string;
  /** The suffix that was taken off (`/v1/`), when one was. */
  readonly removed?: string;
  /** A sentence for the user saying what was taken off, when anything was. */
  readonly note?: string;
}

const VERSION_SUFFIX = /\/v1\/*$/i;

/** Takes a trailing `/v1` (and its slashes) off a pasted API URL; anything that is no URL is returned trimmed, for checkApiUrl to refuse. */
export function stripApiVersion(raw: string): PastedApiUrl {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { url: trimmed };
  }
  const suffix = VERSION_SUFFIX.exec(url.pathname);
  if (!suffix) return { url: trimmed.replace(/\/+$/, '') };
  url.pathname = url.pathname.slice(0, suffix.index);
  const stripped = url.toString().replace(/\/+$/, '');
  return {
    url: stripped,
    removed: suffix[0],
    note: l10n.t('The API URL ended in {0}; the extension adds /v1 itself, so it uses {1}.', suffix[0], stripped),
  };
}

/** Plain HTTP is only for loopback unless the user opted in; other schemes never. */
export function checkApiUrl(raw: string, allowInsecureHttp = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(l10n.t('"{0}" is not a valid URL', raw), { kind: 'config', method: 'GET', path: '' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError(l10n.t('The API URL must start with https:// (got {0})', url.protocol), {
      kind: 'config', method: 'GET', path: '',
    });
  }
  if (url.username || url.password) {
    throw new ApiError(l10n.t('The API URL must not contain a user name or password'), { kind: 'config', method: 'GET', path: '' });
  }
  if (url.protocol === 'http:' && !isLoopbackUrl(url) && !allowInsecureHttp) {
    throw new ApiError(
      l10n.t('Refusing plain http:// to {0}: the API token would cross the network unencrypted. Use https://, or enable the "stacklet.allowInsecureHttp" setting.', url.hostname),
      { kind: 'config', method: 'GET', path: '' },
    );
  }
  return url;
}
