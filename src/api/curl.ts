/**
 * A recorded request as a curl command for a POSIX shell (sh, bash, zsh): what Copy as curl puts on the
 * clipboard. The token is never in it: the Authorization header reads `$STACKLET_TOKEN`, which the shell fills
 * in from the user's environment. Everything the service or the user chose (the URL, the body) is single-quoted,
 * and non-ASCII characters of the body are written as JSON escapes, so no character can end the quoting,
 * reorder the line (bidi controls) or hide in it. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { RecordedRequest } from './recording';

/** The variable the command reads the token from. */
export const TOKEN_VARIABLE = 'STACKLET_TOKEN';

export function curlCommand(request: Pick<RecordedRequest, 'method' | 'url' | 'body'>): string {
  const parts = ['curl', '-sS'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(quote(request.url), '-H', `"Authorization: Token $${TOKEN_VARIABLE}"`, '-H', quote('Accept: application/json'));
  if (request.body !== undefined) parts.push('-H', quote('Content-Type: application/json'), '--data-raw', quote(asciiJson(request.body)));
  return parts.join(' ');
}

/** Several requests, one command per line. */
export function curlCommands(requests: readonly Pick<RecordedRequest, 'method' | 'url' | 'body'>[]): string {
  return requests.map(curlCommand).join('\n');
}

/**
 * Several requests as one POSIX shell script: a comment that says what they were (`title`, the user's words
 * about them, on one line with nothing that could end the comment or reorder it), then one command per line, stopping at the
 * first that fails to connect.
 */
export function curlScript(title: string, requests: readonly Pick<RecordedRequest, 'method' | 'url' | 'body'>[]): string {
  const comment = title.replace(/[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ');
  const sent = requests.length === 1
    ? l10n.t('1 request, as it was sent; the token comes from ${0}.', TOKEN_VARIABLE)
    : l10n.t('{0} requests in the order they were sent; the token comes from ${1}.', requests.length, TOKEN_VARIABLE);
  return ['#!/bin/sh', `# ${comment}`, `# ${sent}`, 'set -e', curlCommands(requests), ''].join('\n');
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** JSON text with every character outside printable ASCII written as `\uXXXX` (the same JSON value). */
function asciiJson(json: string): string {
  return json.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
