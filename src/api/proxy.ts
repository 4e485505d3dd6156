/**
 * Whether a connection to the API goes through a proxy, and which, decided as VS Code decides for its own
 * traffic: the `http.proxy` setting first, then the HTTPS_PROXY / HTTP_PROXY variables; `http.noProxy` and
 * NO_PROXY name hosts that go direct; `http.proxySupport: off` turns proxies off. Loopback never goes through
 * a proxy. Pure: the settings and the environment are passed in.
 */
import { BlockList, isIP } from 'node:net';
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';

export interface ProxySettings {
  /** `http.proxy`: wins over the environment. */
  readonly url?: string;
  /** `http.noProxy`: hosts that go direct, as NO_PROXY names them. */
  readonly noProxy?: readonly string[];
  /** `http.proxyStrictSSL`: check the certificate of an https:// proxy (default true). */
  readonly strictSSL?: boolean;
  /** `http.proxyAuthorization`: the Proxy-Authorization header, sent to the proxy only. */
  readonly authorization?: string;
  /** `http.proxySupport`: `off` means no proxy at all. */
  readonly support?: string;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read (process.env at the edge). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export type ProxySource = 'http.proxy' | 'https_proxy' | 'HTTPS_PROXY' | 'http_proxy' | 'HTTP_PROXY';

export type ProxyRoute =
  | {
      readonly kind: 'proxy';
      /** With any user name and password it was given; never shown or logged. */
      readonly url: URL;
      /** Scheme, host and port only: what messages and the log show. */
      readonly display: string;
      readonly source: ProxySource;
    }
  | { readonly kind: 'direct'; readonly reason: 'loopback' | 'no-proxy' | 'none' | 'off'; readonly rule?: string };

const LOOPBACK_V4 = /^127(?:\.\d{1,3}){3}$/;

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || LOOPBACK_V4.test(host) || host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** SOCKS proxies are not offered: undici's SOCKS agent is left out of the bundle (see esbuild.mjs). */
const PROXY_SCHEMES = new Set(['http:', 'https:']);

/** A proxy as settings and variables write it (`proxy.corp:3128` means http://). */
export function parseProxyUrl(raw: string, source: ProxySource): URL {
  const text = raw.trim();
  let url: URL | undefined;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    url = undefined;
  }
  // The value itself is not repeated: it may hold a password.
  if (!url || !PROXY_SCHEMES.has(url.protocol) || !url.hostname) {
    throw new ApiError(l10n.t('The proxy in {0} is not a valid http:// or https:// URL.', source), { kind: 'config', method: 'GET', path: '' });
  }
  return url;
}

export function proxyDisplay(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

function ipBlock(rule: string): BlockList | undefined {
  const [address, bitsText] = rule.split('/');
  const family = isIP(address ?? '');
  if (!family) return undefined;
  const list = new BlockList();
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bitsText === undefined) list.addAddress(address!, type);
  else list.addSubnet(address!, Number(bitsText), type);
  return list;
}

/**
 * The rule of NO_PROXY / `http.noProxy` that sends `hostname:port` direct, or undefined. Rules: `*` (every
 * host), a name (`example.com`, `.example.com` and `*.example.com` all match the name and its subdomains),
 * either with `:port`, an IP address, or an IP range (`10.0.0.0/8`).
 */
export function noProxyRule(hostname: string, port: number, rules: readonly string[]): string | undefined {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const hostFamily = isIP(host);
  for (const raw of rules) {
    const rule = raw.trim().toLowerCase();
    if (rule === '') continue;
    if (rule === '*') return raw.trim();
    if (hostFamily) {
      const block = ipBlock(rule.replace(/^\[(.*)\]$/, '$1'));
      if (block?.check(host, hostFamily === 4 ? 'ipv4' : 'ipv6')) return raw.trim();
      continue;
    }
    const withPort = /^(.*):(\d+)$/.exec(rule);
    if (withPort && Number(withPort[2]) !== port) continue;
    const domain = (withPort ? withPort[1]! : rule).replace(/^\*/, '').replace(/^\./, '');
    if (domain !== '' && (host === domain || host.endsWith(`.${domain}`))) return raw.trim();
  }
  return undefined;
}

function fromEnvironment(target: URL, env: Readonly<Record<string, string | undefined>>): { value: string; source: ProxySource } | undefined {
  const names: ProxySource[] = target.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { value, source: name };
  }
  return undefined;
}

export function routeFor(target: URL, settings: ProxySettings = {}): ProxyRoute {
  if (isLoopbackHost(target.hostname)) return { kind: 'direct', reason: 'loopback' };
  if (settings.support === 'off') return { kind: 'direct', reason: 'off' };
  const env = settings.env ?? {};
  const configured = settings.url?.trim()
    ? { value: settings.url.trim(), source: 'http.proxy' as const }
    : fromEnvironment(target, env);
  if (!configured) return { kind: 'direct', reason: 'none' };
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  const rules = [...(settings.noProxy ?? []), ...(env.no_proxy ?? env.NO_PROXY ?? '').split(/[\s,]+/)];
  const rule = noProxyRule(target.hostname, port, rules);
  if (rule !== undefined) return { kind: 'direct', reason: 'no-proxy', rule };
  const url = parseProxyUrl(configured.value, configured.source);
  return { kind: 'proxy', url, display: proxyDisplay(url), source: configured.source };
}

/** The route in words, for the log and Test Connection. */
export function describeRoute(route: ProxyRoute): string {
  if (route.kind === 'proxy') return l10n.t('through the proxy {0} (from {1})', route.display, route.source);
  switch (route.reason) {
    case 'loopback':
      return l10n.t('direct (this machine is never reached through a proxy)');
    case 'no-proxy':
      return l10n.t('direct (no proxy for this host: {0})', route.rule ?? '');
    case 'off':
      return l10n.t('direct (http.proxySupport is off)');
    default:
      return l10n.t('direct (no proxy configured)');
  }
}
