/**
 * The emulator's trailing-slash mode (quirk `trailingSlash`): a service that serves only the slash form of its
 * paths, as the public client's move to `stacklets/`… suggests the live one does. A path without its slash is
 * redirected (GET 301; a write 308, or refused with 404 in 'refuse-writes'), before authentication, as a web
 * framework's URL normalisation would.
 */
import { slashForm } from '../api/trailingSlash';
import type { Reply } from './http';

export type TrailingSlashMode = 'redirect' | 'refuse-writes';
export const TRAILING_SLASH_MODES: readonly TrailingSlashMode[] = ['redirect', 'refuse-writes'];

/** The reply to a /v1 request whose path lacks the slash the mode wants; undefined when it is served as usual. */
export function slashReply(mode: TrailingSlashMode | undefined, method: string, rawUrl: string): Reply | undefined {
  if (!mode) return undefined;
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (!path.startsWith('/v1/') || slashForm(path) === path) return undefined;
  const location = `${slashForm(path)}${q === -1 ? '' : rawUrl.slice(q)}`;
  if (method === 'GET' || method === 'HEAD') return { status: 301, headers: { Location: location } };
  if (mode === 'redirect') return { status: 308, headers: { Location: location } };
  return { status: 404, body: { id: 'not_found', message: `no route ${method} ${path} (this service takes ${slashForm(path)})` } };
}
