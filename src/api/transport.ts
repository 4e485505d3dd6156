/**
 * HTTP to one API origin over a keep-alive undici Pool: the auth header, timeouts, cancellation, retries of
 * reads with backoff, and the redirect policy that keeps the token on its origin. Knows nothing of resources.
 */
import { createHash } from 'node:crypto';
import type { Dispatcher } from 'undici';
import * as l10n from '@vscode/l10n';
import { createDispatcher, proxyRefusal, routeOf, type DispatcherOptions } from './dispatcher';
import { exchange, TOO_LARGE } from './exchange';
import { ApiError, describeStatus, type ApiErrorKind } from './errors';
import { extractServiceMessage } from './serviceMessage';
import type { ListingBudget } from './listingLimits';
import { activeRecorder, DryRun, withoutSecrets } from './recording';
import type { ProxyRoute, ProxySettings } from './proxy';
import { certificateFailure, describeCertificateFailure, type TrustSettings } from './trust';
import { slashForm, slashRedirect, type SlashRedirect } from './trailingSlash';
import { checkApiUrl } from './apiUrl';
import { TokenRedactor } from './tokenRedaction';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt. */
  readonly budgetMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 300, maxDelayMs: 8_000, budgetMs: 30_000 };

/** A non-2xx body is read up to this size: plenty for any message, and cheap however much the service sends. */
export const DEFAULT_MAX_ERROR_BODY_BYTES = 64 * 1024;

/** One line of the request log: never a header, never a body, never the token. */
export interface RequestLogEntry {
  readonly method: HttpMethod;
  readonly path: string;
  readonly status?: number;
  readonly error?: ApiErrorKind;
  readonly ms: number;
  readonly attempt: number;
}

export interface TransportOptions {
  /** The API's base URL, e.g. `https://api.example.com` or `https://host/api`; paths start with `/v1`. */
  readonly baseUrl: string;
  readonly token: string;
  readonly allowInsecureHttp?: boolean;
  readonly connections?: number;
  readonly connectTimeoutMs?: number;
  /** Per attempt: from sending the request to the end of the body. */
  readonly requestTimeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** The largest 2xx answer read (default 64 MB). */
  readonly maxBodyBytes?: number;
  /** How much of any other answer is read, the rest never (default 64 KB): see exchange. */
  readonly maxErrorBodyBytes?: number;
  readonly userAgent?: string;
  readonly onRequest?: (entry: RequestLogEntry) => void;
  /** VS Code's proxy settings and the proxy variables (none: connect directly). */
  readonly proxy?: ProxySettings;
  /** Which certificate authorities to trust beyond Node's own. */
  readonly trust?: TrustSettings;
  /** Start with the trailing-slash form of every path (learned in an earlier session). */
  readonly trailingSlash?: boolean;
  /** Called once, when a redirect shows that the service wants the trailing-slash form; the caller remembers it. */
  readonly onTrailingSlash?: () => void;
  /** For tests: the source of jitter. */
  readonly random?: () => number;
}

export interface RequestOptions {
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** The listing this request reads a page of: its bytes count against the listing's limit. */
  readonly budget?: ListingBudget;
  /**
   * The answer's digest is wanted (RawResponse.digest); `before` is the digest of the answer read last time,
   * and an answer of the same bytes is then neither decoded nor parsed again (RawResponse.same).
   */
  readonly digest?: { readonly before?: string | undefined };
}

export interface RawResponse {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
  /** The parsed body of a 2xx answer; undefined when it was empty (204). */
  readonly json?: unknown;
  /** `text` is only the beginning of a longer error body. */
  readonly truncated?: boolean;
  /** The SHA-256 of a 2xx body and its size in bytes, when RequestOptions.digest asked for them. */
  readonly digest?: string;
  readonly bytes?: number;
  /** The body is byte for byte the one whose digest the request named: `text` is empty, `json` undefined. */
  readonly same?: boolean;
}


const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
/** Failures that prove the request never left this machine: safe to repeat even a POST. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export class HttpTransport {
  readonly origin: string;
  /** Direct, or through which proxy and why. */
  readonly route: ProxyRoute;
  private readonly basePath: string;
  private readonly dispatcherOptions: DispatcherOptions;
  /** Made for the first request (see dispatcher()). */
  private pool: Promise<Dispatcher> | undefined;
  private closed = false;
  private readonly retry: RetryPolicy;
  private readonly requestTimeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly maxErrorBodyBytes: number;
  private readonly random: () => number;
  private readonly headers: Record<string, string>;
  private readonly redactor: TokenRedactor;
  private slash: boolean;

  constructor(private readonly options: TransportOptions) {
    this.slash = options.trailingSlash ?? false;
    const url = checkApiUrl(options.baseUrl, options.allowInsecureHttp);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
    this.maxErrorBodyBytes = options.maxErrorBodyBytes ?? DEFAULT_MAX_ERROR_BODY_BYTES;
    this.random = options.random ?? Math.random;
    this.redactor = new TokenRedactor(options.token);
    this.headers = {
      authorization: `Token ${options.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': options.userAgent ?? 'stacklet-cloud-vscode',
    };
    this.dispatcherOptions = {
      origin: this.origin,
      connections: options.connections ?? 8,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      ...(options.proxy ? { proxy: options.proxy } : {}),
      ...(options.trust ? { trust: options.trust } : {}),
    };
    this.route = routeOf(this.dispatcherOptions);
  }

  /** The pool (or proxy agent), made when the first request is sent: a client that sends nothing loads no undici. */
  private dispatcher(): Promise<Dispatcher> {
    // Closed before its first request: no pool is made that nothing would close (undici refuses a closed one alike).
    if (!this.pool && this.closed) return Promise.reject(new Error('The client is closed'));
    return (this.pool ??= createDispatcher(this.dispatcherOptions, this.route));
  }

  /**
   * Masks the token, or a start of it, however the service spelled it (src/api/tokenRedaction.ts). With
   * `cutShort` (the text is the beginning of something longer) a shorter start at the very end goes too.
   */
  redact(value: string, cutShort = false): string {
    return this.redactor.redact(value, cutShort);
  }

  async request(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<RawResponse> {
    const fullPath = this.buildPath(path, options.query);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // An id in the path came from the service, which may have made it of the token: what the log, the
    // errors and the history show is masked; only the wire gets the path as it is.
    const shownPath = this.redact(fullPath);
    const where = this.redact(path);
    // Copy as curl: the request as sent (never a header), for the action running it (src/api/recording.ts).
    const recorder = activeRecorder();
    const record = recorder?.add({ method, url: `${this.origin}${shownPath}`, path: shownPath, ...(body !== undefined ? { body: this.redact(withoutSecrets(body)) } : {}) });
    if (recorder?.dryRun) throw new DryRun();
    const isRead = method === 'GET';
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const attemptStart = Date.now();
      let outcome: RawResponse | ApiError;
      let retryAfter: number | undefined;
      let mayRetry: boolean;
      try {
        const response = await this.send(method, fullPath, body, options.signal, options.budget, options.digest);
        if (record) record.status = response.status;
        if (response.status >= 200 && response.status < 300) {
          this.log(method, shownPath, attemptStart, attempt, response.status);
          return response;
        }
        retryAfter = response.retryAfter;
        outcome = await this.statusError(method, where, response);
        mayRetry = isRead && RETRYABLE_STATUS.has(response.status);
        this.log(method, shownPath, attemptStart, attempt, response.status);
      } catch (error) {
        outcome = this.failure(method, where, error, options.signal);
        // A malformed (truncated) body on a read is as transient as a dropped connection; a write is
        // repeated only when it provably never left this machine.
        const code = errorCode(error) ?? '';
        mayRetry =
          (outcome.kind === 'network' || outcome.kind === 'timeout' || code === 'STACKLET_BAD_JSON') &&
          (isRead || NOT_SENT_CODES.has(code));
        this.log(method, shownPath, attemptStart, attempt, undefined, outcome.kind);
      }
      if (!mayRetry || attempt >= this.retry.maxAttempts) throw outcome;
      const backoff = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
      const delay = retryAfter !== undefined ? retryAfter * 1000 : backoff / 2 + (this.random() * backoff) / 2;
      if (delay > this.retry.maxDelayMs || Date.now() - started + delay > this.retry.budgetMs) throw outcome;
      try {
        await sleep(delay, options.signal);
      } catch {
        throw new ApiError(l10n.t('Cancelled'), { kind: 'aborted', method, path: where });
      }
    }
  }

  /** Whether paths are sent in their trailing-slash form. */
  get trailingSlash(): boolean {
    return this.slash;
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = await this.pool?.catch(() => undefined);
    await pool?.close().catch(() => pool.destroy());
  }

  private buildPath(path: string, query: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    return `${this.basePath}${this.slash ? slashForm(path) : path}${search ? `?${search}` : ''}`;
  }

  private async send(
    method: HttpMethod,
    fullPath: string,
    body: string | undefined,
    callerSignal: AbortSignal | undefined,
    budget: ListingBudget | undefined,
    digest: RequestOptions['digest'],
    followed = false,
  ): Promise<RawResponse & { retryAfter?: number }> {
    const signals = [AbortSignal.timeout(this.requestTimeoutMs)];
    if (callerSignal) signals.push(callerSignal);
    const response = await exchange(await this.dispatcher(), {
      method,
      path: fullPath,
      headers: this.headers,
      ...(body !== undefined ? { body } : {}),
      signal: AbortSignal.any(signals),
      timeoutMs: this.requestTimeoutMs,
      maxBodyBytes: this.maxBodyBytes,
      maxErrorBodyBytes: this.maxErrorBodyBytes,
      ...(budget ? { charge: (bytes: number) => budget.takeBytes(bytes) } : {}),
    });
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (response.statusCode >= 300 && response.statusCode < 400) {
      // Only a redirect to the same path with a trailing slash added or removed is understood: a GET follows
      // it once (same origin, so the token stays there); a write is never sent again, but later calls use the
      // slash form the service asked for.
      const slashed = slashRedirect(this.origin, fullPath, header('location'));
      if (slashed?.adds && !this.slash) {
        this.slash = true;
        this.options.onTrailingSlash?.();
      }
      if (slashed && method === 'GET' && !followed) return this.send(method, slashed.target, body, callerSignal, budget, digest, true);
      throw this.redirectError(method, fullPath, response.statusCode, header('location'), followed ? undefined : slashed);
    }
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    const retryAfter = parseRetryAfter(header('retry-after'), Date.now());
    // SHA-256 runs at about 1.5 GB/s here, JSON.parse and the listing's schema together at about 50 MB/s: an unchanged
    // page of a listing read again (an auto-refresh) costs its digest.
    const sha = ok && digest ? createHash('sha256').update(response.body).digest('base64') : undefined;
    if (sha !== undefined && sha === digest?.before) {
      return { status: response.statusCode, contentType: header('content-type'), text: '', digest: sha, bytes: response.body.length, same: true, retryAfter };
    }
    const text = response.body.toString('utf8');
    let json: unknown;
    if (ok && text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw Object.assign(new Error('malformed JSON'), { code: 'STACKLET_BAD_JSON', cause: error });
      }
    }
    return {
      status: response.statusCode,
      contentType: header('content-type'),
      text,
      json,
      ...(response.truncated ? { truncated: true } : {}),
      ...(sha !== undefined ? { digest: sha, bytes: response.body.length } : {}),
      retryAfter,
    };
  }

  /**
   * Other redirects are never followed: following one would resend the Authorization header, and a service
   * that moved should be reconfigured rather than silently chased. The message names only the target's origin.
   */
  private redirectError(method: HttpMethod, sentPath: string, status: number, location: string | undefined, slashed?: SlashRedirect): ApiError {
    const fullPath = this.redact(sentPath);
    if (slashed) {
      const message = slashed.adds
        ? l10n.t('The service answered {0} {1} with a redirect to {2} (HTTP {3}); the request was not sent again. Later requests use that form: try again.', method, fullPath, this.redact(slashed.target), status)
        : l10n.t('The service answered {0} {1} with a redirect to {2} (HTTP {3}); the request was not sent again.', method, fullPath, this.redact(slashed.target), status);
      return new ApiError(message, { kind: 'redirect', method, path: fullPath, status });
    }
    let target = 'an unknown location';
    try {
      if (location) target = this.redact(new URL(location, this.origin).origin);
    } catch {
      target = 'an invalid location';
    }
    const same = target === this.origin;
    return new ApiError(
      same
        ? l10n.t('The service redirected {0} {1} (HTTP {2}); check the API URL setting (for example a missing or extra path prefix).', method, fullPath, status)
        : l10n.t('The service redirected to {0}; the request was not repeated there so that the API token stays with {1}. Check the API URL setting.', target, this.origin),
      { kind: 'redirect', method, path: fullPath, status },
    );
  }

  private async statusError(method: HttpMethod, path: string, response: RawResponse & { retryAfter?: number }): Promise<ApiError> {
    // The body is at most maxErrorBodyBytes here. The token goes from the raw text, and again from the message
    // once it is decoded from JSON; a message cut with the body may end in a start of the token as well.
    const raw = this.redact(response.text, response.truncated);
    const serviceMessage = await extractServiceMessage(raw, response.contentType, (text) => this.redact(text, response.truncated));
    const summary = serviceMessage ?? describeStatus(response.status);
    return new ApiError(l10n.t('{0} (HTTP {1}, {2} {3})', summary, response.status, method, path), {
      kind: 'http',
      method,
      path,
      status: response.status,
      ...(serviceMessage !== undefined ? { serviceMessage } : {}),
      ...(response.retryAfter !== undefined ? { retryAfterSeconds: response.retryAfter } : {}),
    });
  }

  private failure(method: HttpMethod, path: string, error: unknown, callerSignal: AbortSignal | undefined): ApiError {
    if (error instanceof ApiError) return error;
    if (callerSignal?.aborted) return new ApiError(l10n.t('Cancelled'), { kind: 'aborted', method, path });
    const code = errorCode(error);
    const name = (error as { name?: string } | undefined)?.name;
    if (name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new ApiError(l10n.t('No answer from {0} within {1} s ({2} {3})', this.origin, Math.round(this.requestTimeoutMs / 1000), method, path), {
        kind: 'timeout', method, path, cause: error,
      });
    }
    if (code === 'STACKLET_BAD_JSON') {
      return new ApiError(l10n.t('The service answered {0} {1} with malformed JSON', method, path), {
        kind: 'invalid-response', method, path, cause: error,
      });
    }
    if (code === TOO_LARGE) {
      return new ApiError(l10n.t('The answer to {0} {1} was too large', method, path), { kind: 'invalid-response', method, path });
    }
    const certificate = certificateFailure(error);
    if (certificate) {
      // The names come from the server's certificate: it could carry the token as well as a body can.
      return new ApiError(this.redact(describeCertificateFailure(new URL(this.origin).host, certificate)), { kind: 'certificate', method, path, cause: error });
    }
    const proxied = this.route.kind === 'proxy' ? this.route.display : undefined;
    const refused = proxied ? proxyRefusal(error) : undefined;
    if (proxied && refused === 407) {
      return new ApiError(l10n.t('The proxy {0} asks for authentication (HTTP 407): set the http.proxyAuthorization setting, or a user name and password in the proxy URL.', proxied), {
        kind: 'proxy', method, path, status: 407, cause: error,
      });
    }
    if (proxied && refused !== undefined) {
      return new ApiError(l10n.t('The proxy {0} did not open a connection to {1} (HTTP {2}).', proxied, this.origin, refused), {
        kind: refused === 403 ? 'proxy' : 'network', method, path, status: refused, cause: error,
      });
    }
    const reason =
      code === 'ECONNREFUSED' ? l10n.t('connection refused')
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? l10n.t('host not found')
      : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' ? l10n.t('connection closed by the other side')
      : code ?? l10n.t('network error');
    // Through a proxy, the connection that failed is the one to the proxy.
    return new ApiError(proxied ? l10n.t('Cannot reach the proxy {0}: {1} ({2})', proxied, reason, `${method} ${path}`) : l10n.t('Cannot reach {0}: {1} ({2})', this.origin, reason, `${method} ${path}`), {
      kind: 'network', method, path, cause: error,
    });
  }

  private log(method: HttpMethod, path: string, start: number, attempt: number, status?: number, error?: ApiErrorKind): void {
    this.options.onRequest?.({
      method,
      path,
      ms: Date.now() - start,
      attempt,
      ...(status !== undefined ? { status } : {}),
      ...(error !== undefined ? { error } : {}),
    });
  }
}
