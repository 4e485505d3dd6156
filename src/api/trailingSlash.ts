/**
 * The trailing-slash form of the service's paths. The public Python client moved every resource path to
 * `stacklets/`, `stacklets/{id}/`… (but kept `account/profile` as it was), which hints that the live service
 * redirects, or refuses, the slash-less form. A same-origin redirect that only adds (or only removes) the
 * trailing slash is therefore understood rather than treated as a moved service; see transport.ts for what is
 * followed and what is learned.
 */

/** Paths the public client calls without a slash even in its slash form. */
const WITHOUT_SLASH = new Set(['/v1/account/profile']);

/** `/v1/stacklets` → `/v1/stacklets/`; a path that has its slash, or keeps none, is returned as it is. */
export function slashForm(path: string): string {
  return path.endsWith('/') || WITHOUT_SLASH.has(path) ? path : `${path}/`;
}

export interface SlashRedirect {
  /** The path and query to ask instead. */
  readonly target: string;
  /** Whether the redirect adds the trailing slash (the service wants the slash form) or removes it. */
  readonly adds: boolean;
}

/**
 * When `location` (absolute or relative, as a `Location` header) names the same origin, the same query, and
 * the requested path with only a trailing slash added or removed: what to ask instead. Anything else is an
 * ordinary redirect, and undefined.
 */
export function slashRedirect(origin: string, requested: string, location: string | undefined): SlashRedirect | undefined {
  if (!location) return undefined;
  let asked: URL;
  let target: URL;
  try {
    asked = new URL(requested, origin);
    target = new URL(location, asked);
  } catch {
    return undefined;
  }
  if (target.origin !== asked.origin || target.search !== asked.search || target.username || target.password) return undefined;
  const adds = target.pathname === `${asked.pathname}/`;
  const removes = asked.pathname === `${target.pathname}/` && target.pathname !== '';
  if (!adds && !removes) return undefined;
  return { target: `${target.pathname}${target.search}`, adds };
}
