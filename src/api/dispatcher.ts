/**
 * The undici dispatcher a transport sends through: a keep-alive Pool straight to the API's origin, or, when a
 * proxy is in the way, undici's ProxyAgent, which opens a CONNECT tunnel through the proxy for every
 * connection (for https:// and http:// alike), so the proxy sees a host name and encrypted bytes, never a
 * request or the token. Both trust the authorities of ./trust.
 */
import type { Dispatcher } from 'undici';
import { routeFor, type ProxyRoute, type ProxySettings } from './proxy';
import { tlsConnectOptions, type TrustSettings } from './trust';

export interface DispatcherOptions {
  readonly origin: string;
  readonly connections: number;
  readonly connectTimeoutMs: number;
  readonly proxy?: ProxySettings;
  readonly trust?: TrustSettings;
}

const KEEP_ALIVE_MS = 30_000;

/** How requests to `origin` go: straight there, or through the proxy the settings name. */
export function routeOf(options: Pick<DispatcherOptions, 'origin' | 'proxy'>): ProxyRoute {
  return routeFor(new URL(options.origin), options.proxy);
}

/** The dispatcher for `route`. undici is loaded when the first one is made: a chunk of its own in the build. */
export async function createDispatcher(options: DispatcherOptions, route: ProxyRoute): Promise<Dispatcher> {
  const { origin, connections, connectTimeoutMs: timeout } = options;
  const target = new URL(origin);
  const { Pool, ProxyAgent, connectThrough } = await import('./undiciParts.js');
  const requestTls = target.protocol === 'https:' ? tlsConnectOptions(options.trust) : {};
  if (route.kind === 'direct') {
    return new Pool(origin, { connections, keepAliveTimeout: KEEP_ALIVE_MS, connect: { timeout, ...requestTls } });
  }
  const proxyTls =
    route.url.protocol === 'https:'
      ? { timeout, ...tlsConnectOptions(options.trust), rejectUnauthorized: options.proxy?.strictSSL ?? true }
      : { timeout };
  const authorization = options.proxy?.authorization?.trim();
  const agent = new ProxyAgent({
    uri: route.url.href,
    ...(authorization ? { token: authorization } : {}),
    connections,
    keepAliveTimeout: KEEP_ALIVE_MS,
    requestTls: { timeout, ...requestTls },
    proxyTls,
    // The connections to the proxy carry only CONNECT requests: an unanswered one fails within the connect
    // timeout. `connect()` is what undici's package index would have attached to every dispatcher.
    clientFactory: (url, clientOptions) =>
      Object.assign(new Pool(url, { ...clientOptions, headersTimeout: timeout }), { connect: connectThrough }),
  });
  // An agent serves any origin, so each request names it; the transport's requests carry only a path.
  return agent.compose((dispatch) => (opts, handler) => dispatch({ ...opts, origin }, handler));
}

/** The status the proxy answered a CONNECT with, when that is why a request failed (407, 403, 502…). */
export function proxyRefusal(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const message = (current as { message?: unknown }).message;
    // undici's ProxyAgent: "Proxy response (407) !== 200 when HTTP Tunneling"
    const match = typeof message === 'string' ? /^Proxy response \((\d{3})\)/.exec(message) : null;
    if (match) return Number(match[1]);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
