/**
 * Stacklet: Test Connection, without VS Code: each step a request to the API takes, on its own and timed, so
 * that the first one to fail says what is wrong. DNS (of the proxy when there is one: the proxy resolves the
 * API's name), TCP, the proxy's CONNECT tunnel, TLS (the certificate's subject, issuer and expiry, checked
 * with the trust the client uses) and authentication (the profile, through the real client). The steps stop
 * at the first failure; the TLS step's socket never carries the token.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, Socket, connect as tcpConnect } from 'node:net';
import * as tls from 'node:tls';
import * as l10n from '@vscode/l10n';
import { StackletClient } from './client';
import { isApiError } from './errors';
import { describeRoute, routeFor, type ProxyRoute, type ProxySettings } from './proxy';
import { checkApiUrl } from './apiUrl';
import { certificateFailure, describeCertificateFailure, tlsConnectOptions, type TrustSettings } from './trust';
import { describeError } from './errorText';
import { plural } from './plural';
import { TokenRedactor } from './tokenRedaction';

export type StepName = 'dns' | 'tcp' | 'proxy' | 'tls' | 'auth';

export interface StepResult {
  readonly step: StepName;
  readonly ok: boolean;
  /** Not run because it does not apply (no proxy, plain HTTP, no token): ok, and said why in `detail`. */
  readonly skipped?: boolean;
  readonly ms: number;
  readonly detail: string;
}

export interface CertificateSummary {
  readonly subject: string;
  readonly issuer: string;
  /** The names it is for (`DNS:api.example.com, …`). */
  readonly names: string;
  readonly validTo: Date;
  readonly daysLeft: number;
}

export interface ConnectionReport {
  readonly origin: string;
  /** Direct or through which proxy, in words (never with the proxy's credentials). */
  readonly route: string;
  /** The proxy used (scheme, host and port), if any. */
  readonly proxy?: string;
  readonly steps: readonly StepResult[];
  /** The first step that failed; undefined when all passed. */
  readonly failed?: StepResult;
  readonly certificate?: CertificateSummary;
  /** The signed-in account's email, when the authentication step passed. */
  readonly email?: string;
  readonly ms: number;
}

export interface CheckOptions {
  readonly baseUrl: string;
  /** Without a token the authentication step is skipped. */
  readonly token?: string;
  readonly proxy?: ProxySettings;
  readonly trust?: TrustSettings;
  readonly allowInsecureHttp?: boolean;
  /** Per step (default 10 s). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Each step as it ends (the log gets the timings). */
  readonly onStep?: (result: StepResult) => void;
  /** For tests: resolves a host name (default: the system's resolver). */
  readonly lookup?: (hostname: string) => Promise<readonly string[]>;
}

const defaultLookup = async (hostname: string): Promise<string[]> => (await dnsLookup(hostname, { all: true })).map((entry) => entry.address);

/** The step's name as the notification and the log say it. */
export function stepLabel(step: StepName): string {
  switch (step) {
    case 'dns':
      return l10n.t('DNS');
    case 'tcp':
      return l10n.t('TCP');
    case 'proxy':
      return l10n.t('Proxy');
    case 'tls':
      return l10n.t('TLS');
    default:
      return l10n.t('Authentication');
  }
}

class StepFailure extends Error {}

function bounded<T>(work: Promise<T>, ms: number, what: string, signal: AbortSignal | undefined, cleanup?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      cleanup?.();
      reject(error);
    };
    const timer = setTimeout(() => fail(new StepFailure(l10n.t('no answer from {0} within {1} s', what, Math.round(ms / 1000)))), ms);
    const onAbort = () => fail(new StepFailure(l10n.t('cancelled')));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED') return l10n.t('connection refused');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return l10n.t('host not found');
  if (code === 'ECONNRESET' || code === 'EPIPE') return l10n.t('connection closed by the other side');
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return l10n.t('no route to the host ({0})', String(code));
  return describeError(error);
}

/** `Basic …` from the proxy URL's user name and password, unless http.proxyAuthorization is set. */
function proxyAuthorization(route: Extract<ProxyRoute, { kind: 'proxy' }>, settings: ProxySettings | undefined): string | undefined {
  const configured = settings?.authorization?.trim();
  if (configured) return configured;
  if (!route.url.username) return undefined;
  const credentials = `${decodeURIComponent(route.url.username)}:${decodeURIComponent(route.url.password)}`;
  return `Basic ${Buffer.from(credentials).toString('base64')}`;
}

/** Sends CONNECT on `socket` and resolves with the status the proxy answered. */
function openTunnel(socket: Socket | tls.TLSSocket, target: string, authorization: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > 16_384) done(new Error('the proxy sent an oversized answer'));
        return;
      }
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      if (!status) return done(new Error('the proxy did not answer in HTTP'));
      if (status === '200' && end + 4 < head.length) return done(new Error('the proxy sent data before the tunnel opened'));
      done(undefined, Number(status));
    };
    const onEnd = () => done(Object.assign(new Error('closed'), { code: 'ECONNRESET' }));
    const done = (error: Error | undefined, status?: number) => {
      socket.off('data', onData);
      socket.off('error', done);
      socket.off('end', onEnd);
      if (error) reject(error);
      else resolve(status!);
    };
    socket.on('data', onData);
    socket.once('error', done);
    socket.once('end', onEnd);
    const lines = [`CONNECT ${target} HTTP/1.1`, `Host: ${target}`, ...(authorization ? [`Proxy-Authorization: ${authorization}`] : []), '', ''];
    socket.write(lines.join('\r\n'));
  });
}

function certificateName(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const record = value as Record<string, unknown>;
  const pick = (key: string) => (Array.isArray(record[key]) ? (record[key] as unknown[]).join(', ') : typeof record[key] === 'string' ? (record[key] as string) : undefined);
  return (pick('CN') ?? pick('O') ?? '').replace(/[^\w .,*:@()'-]/g, '').slice(0, 200);
}

export async function checkConnection(options: CheckOptions): Promise<ConnectionReport> {
  const started = performance.now();
  const url = checkApiUrl(options.baseUrl, options.allowInsecureHttp);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const steps: StepResult[] = [];
  let route: ProxyRoute = { kind: 'direct', reason: 'none' };
  let certificate: CertificateSummary | undefined;
  let email: string | undefined;
  let socket: Socket | tls.TLSSocket | undefined;
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const target = `${url.hostname}:${port}`;

  // What the service or its certificate says (an email, a name) may echo the token: masked before it is shown.
  const redactor = new TokenRedactor(options.token ?? '');
  const step = async (name: StepName, run: () => Promise<string | { skipped: string }>): Promise<boolean> => {
    const stepStart = performance.now();
    let result: StepResult;
    try {
      const outcome = await run();
      const ms = Math.round(performance.now() - stepStart);
      result = typeof outcome === 'string' ? { step: name, ok: true, ms, detail: outcome } : { step: name, ok: true, skipped: true, ms, detail: outcome.skipped };
    } catch (error) {
      const detail = error instanceof StepFailure || isApiError(error) ? error.message : reason(error);
      result = { step: name, ok: false, ms: Math.round(performance.now() - stepStart), detail };
    }
    result = { ...result, detail: redactor.redact(result.detail) };
    steps.push(result);
    options.onStep?.(result);
    return result.ok;
  };

  try {
    let hop = { hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
    let addresses: readonly string[] = [];
    try {
      route = routeFor(url, options.proxy);
    } catch (error) {
      // An unusable proxy setting: nothing is sent.
      await step('proxy', () => Promise.reject(error));
    }
    void (
      steps.length === 0 &&
      (await step('dns', async () => {
        if (route.kind === 'proxy') hop = { hostname: route.url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(route.url.port) || (route.url.protocol === 'https:' ? 443 : 80) };
        if (isIP(hop.hostname)) {
          addresses = [hop.hostname];
          return l10n.t('{0} is an address; nothing to look up', hop.hostname);
        }
        addresses = await bounded((options.lookup ?? defaultLookup)(hop.hostname), timeoutMs, hop.hostname, options.signal);
        if (addresses.length === 0) throw new StepFailure(l10n.t('host not found'));
        const shown = `${hop.hostname} → ${addresses.slice(0, 3).join(', ')}${addresses.length > 3 ? ', …' : ''}`;
        return route.kind === 'proxy' ? l10n.t('{0} (the proxy; it resolves {1} itself)', shown, url.hostname) : shown;
      })) &&
      (await step('tcp', async () => {
        const address = addresses[0]!;
        const opened = tcpConnect({ host: address, port: hop.port });
        socket = opened;
        await bounded(new Promise<void>((resolve, reject) => opened.once('connect', resolve).once('error', reject)), timeoutMs, `${address}:${hop.port}`, options.signal, () => opened.destroy());
        return l10n.t('connected to {0} port {1}', address, hop.port);
      })) &&
      (await step('proxy', async () => {
        if (route.kind !== 'proxy') return { skipped: describeRoute(route) };
        const proxyRoute = route;
        if (proxyRoute.url.protocol === 'https:') {
          const secured = tls.connect({
            socket: socket!,
            host: hop.hostname,
            ...(isIP(hop.hostname) ? {} : { servername: hop.hostname }),
            ...tlsConnectOptions(options.trust),
            rejectUnauthorized: options.proxy?.strictSSL ?? true,
          });
          socket = secured;
          await bounded(new Promise<void>((resolve, reject) => secured.once('secureConnect', resolve).once('error', reject)), timeoutMs, proxyRoute.display, options.signal);
        }
        const status = await bounded(openTunnel(socket!, target, proxyAuthorization(proxyRoute, options.proxy)), timeoutMs, proxyRoute.display, options.signal);
        if (status === 407) {
          throw new StepFailure(l10n.t('The proxy {0} asks for authentication (HTTP 407): set the http.proxyAuthorization setting, or a user name and password in the proxy URL.', proxyRoute.display));
        }
        if (status !== 200) throw new StepFailure(l10n.t('The proxy {0} did not open a connection to {1} (HTTP {2}).', proxyRoute.display, url.origin, status));
        return l10n.t('{0}: tunnel to {1} opened', describeRoute(proxyRoute), target);
      })) &&
      (await step('tls', async () => {
        if (url.protocol !== 'https:') return { skipped: l10n.t('plain HTTP: no TLS') };
        const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
        // Verified below with the client's own trust; never used for a request (the token does not go here).
        const secured = tls.connect({
          socket: socket!,
          host: hostname,
          ...(isIP(hostname) ? {} : { servername: hostname }),
          ...tlsConnectOptions(options.trust),
          rejectUnauthorized: false,
        });
        socket = secured;
        await bounded(new Promise<void>((resolve, reject) => secured.once('secureConnect', resolve).once('error', reject)), timeoutMs, url.host, options.signal);
        const peer = secured.getPeerCertificate();
        if (peer && Object.keys(peer).length > 0) {
          const validTo = new Date(peer.valid_to);
          certificate = {
            subject: redactor.redact(certificateName(peer.subject)),
            issuer: redactor.redact(certificateName(peer.issuer)),
            names: redactor.redact((peer.subjectaltname ?? '').replace(/[^\w.*:, -]/g, '').slice(0, 300)),
            validTo,
            daysLeft: Math.floor((validTo.getTime() - Date.now()) / 86_400_000),
          };
        }
        // Node gives the verification error (the name check included) as its code, typed as an Error.
        const problem = secured.authorized ? undefined : String(secured.authorizationError);
        if (problem) {
          const failure = certificateFailure({ code: problem, cert: peer });
          throw new StepFailure(failure ? describeCertificateFailure(url.host, failure) : problem);
        }
        return certificate
          ? l10n.t('{0}, issued by {1}, valid until {2} ({3}), protocol {4}', certificate.subject, certificate.issuer, certificate.validTo.toISOString().slice(0, 10),
            plural(certificate.daysLeft, l10n.t('1 day left'), l10n.t('{0} days left', certificate.daysLeft)), secured.getProtocol() ?? '?')
          : l10n.t('protocol {0}', secured.getProtocol() ?? '?');
      })) &&
      (await step('auth', async () => {
        socket?.destroy();
        if (!options.token) return { skipped: l10n.t('not signed in: the token was not checked') };
        const client = new StackletClient({
          baseUrl: options.baseUrl,
          token: options.token,
          ...(options.proxy ? { proxy: options.proxy } : {}),
          ...(options.trust ? { trust: options.trust } : {}),
          allowInsecureHttp: options.allowInsecureHttp ?? false,
          requestTimeoutMs: timeoutMs,
          retry: { maxAttempts: 1 },
        });
        try {
          const profile = await client.getProfile(options.signal ? { signal: options.signal } : undefined);
          email = redactor.redact(profile.email || profile.uuid);
          return l10n.t('signed in as {0}', email);
        } catch (error) {
          if (isApiError(error) && error.isUnauthorized) throw new StepFailure(l10n.t('the API token was refused (HTTP 401): sign in again with a valid token'));
          throw error;
        } finally {
          await client.dispose();
        }
      }))
    );
  } finally {
    socket?.destroy();
  }
  const failed = steps.find((s) => !s.ok);
  const used: ProxyRoute = route;
  return {
    origin: url.origin,
    route: describeRoute(used),
    ...(used.kind === 'proxy' ? { proxy: used.display } : {}),
    steps,
    ...(failed ? { failed } : {}),
    ...(certificate ? { certificate } : {}),
    ...(email ? { email } : {}),
    ms: Math.round(performance.now() - started),
  };
}
