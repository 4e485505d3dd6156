/**
 * A recorded request as a curl command for a POSIX shell (sh, bash, zsh): what Copy as curl puts on the
 * clipboard. The token is never in it: the Authorization header reads `$STACKLET_TOKEN`, which the shell fills
 * in from the user's environment. Everything the service or the user chose (the URL, the body) is single-quoted,
 * and non-ASCII characters of the body are written as JSON escapes, so no character can end the quoting,
 * reorder the line (bidi controls) or hide in it. No vscode import.
 */
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

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** JSON text with every character outside printable ASCII written as `\uXXXX` (the same JSON value). */
function asciiJson(json: string): string {
  return json.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
