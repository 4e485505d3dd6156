/**
 * The one error type the client throws. Whatever went wrong (an HTTP status, the network, a timeout, a body
 * that breaks the schema) reaches callers as an ApiError with a sentence a user can read; nothing else
 * escapes the client.
 */
import * as l10n from '@vscode/l10n';

export type ApiErrorKind =
  /** The service answered with a non-2xx status. */
  | 'http'
  /** The connection failed or broke before a complete answer arrived. */
  | 'network'
  /** No complete answer within the configured time. */
  | 'timeout'
  /** The caller cancelled. */
  | 'aborted'
  /** The body was not JSON, or its JSON broke the schema. */
  | 'invalid-response'
  /** The service does not offer this operation (404/405 on an endpoint it does not document). */
  | 'unsupported'
  /** Paging could not go on (the service ignored the page parameter). */
  | 'paging'
  /** A redirect the client refused to follow (another origin, or a non-GET). */
  | 'redirect'
  /** The configured URL is not acceptable (plain HTTP to a remote host, a bad scheme). */
  | 'config'
  /** A bound of the client's own was reached (a listing's bytes or items): the service sent more than it holds. */
  | 'limit'
  /** The server's certificate was refused (self-signed, expired, another name…): never retried. */
  | 'certificate'
  /** The proxy refused to connect us (407 authentication required, 403): never retried. */
  | 'proxy';

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  /** The human message the service sent, when it sent one. */
  readonly serviceMessage?: string;
  /** For schema errors: where in the body the bad field is (`stacklets[3].size.vcpu`). */
  readonly fieldPath?: string;
  /** Seconds the service asked us to wait (Retry-After). */
  readonly retryAfterSeconds?: number;
  readonly cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly serviceMessage: string | undefined;
  readonly fieldPath: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.serviceMessage = init.serviceMessage;
    this.fieldPath = init.fieldPath;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The operation, for logs: `PUT /v1/volumes/…`. */
  get operation(): string {
    return `${this.method} ${this.path}`;
  }

  get isUnauthorized(): boolean {
    return this.kind === 'http' && this.status === 401;
  }

  get isNotFound(): boolean {
    return this.kind === 'http' && this.status === 404;
  }

  get isConflict(): boolean {
    return this.kind === 'http' && this.status === 409;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const MAX_MESSAGE = 500;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function fromErrorsArray(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  const parts = errors
    .map((entry) => {
      if (typeof entry === 'string') return entry;
      if (entry && typeof entry === 'object') {
        const record = entry as Record<string, unknown>;
        const message = text(record.message) ?? text(record.detail) ?? text(record.error);
        const field = text(record.field) ?? text(record.path) ?? text(record.source);
        if (message) return field && !message.startsWith(field) ? `${field}: ${message}` : message;
      }
      return undefined;
    })
    .filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/**
 * Finds the human message in whatever error body the service sent: `message`, `error` (a string or an
 * object with `message`), `detail`, `errors[]` (strings or objects), or plain text. Undefined when none.
 * `redact` runs on the message once it is decoded (JSON can spell the token `\u0073tk…` or with `\/`), before
 * it is shortened, so not even the token's beginning survives.
 */
export function extractServiceMessage(
  body: string,
  contentType: string | undefined,
  redact: (text: string) => string = (text) => text,
): string | undefined {
  const trimmed = body.trim();
  if (trimmed === '') return undefined;
  let found: string | undefined;
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || contentType?.includes('json')) {
    try {
      const json = parseLeniently(trimmed);
      if (Array.isArray(json)) {
        found = fromErrorsArray(json);
      } else if (json && typeof json === 'object') {
        const record = json as Record<string, unknown>;
        const error = record.error;
        found =
          text(record.message) ??
          text(error) ??
          (error && typeof error === 'object' ? text((error as Record<string, unknown>).message) : undefined) ??
          text(record.detail) ??
          fromErrorsArray(record.errors);
      } else {
        found = text(json);
      }
    } catch {
      found = undefined;
    }
  }
  if (found === undefined && !contentType?.includes('html') && !trimmed.startsWith('<')) found = trimmed;
  if (found === undefined) return undefined;
  const oneLine = redact(found).replace(/\s+/g, ' ');
  return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE)}…` : oneLine;
}

/**
 * JSON.parse, or else jsonc-parser's error-tolerant parse: an error body cut at its size limit (or just sloppy)
 * still yields the message it begins with. Throws (too deep, say) when neither can read it.
 */
function parseLeniently(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Loaded only for a body JSON.parse refuses: activation, which imports this module, parses none of it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load, on purpose
    const { parse } = require('jsonc-parser') as typeof import('jsonc-parser');
    return parse(text, [], { allowTrailingComma: true });
  }
}

/** Functions, so that each is looked up in the bundle of the display language when used. */
const STATUS_TEXT: Readonly<Record<number, () => string>> = {
  400: () => l10n.t('the request was not accepted'),
  401: () => l10n.t('the API token was refused'),
  403: () => l10n.t('the API token may not do this'),
  404: () => l10n.t('not found'),
  405: () => l10n.t('the service does not allow this method here'),
  409: () => l10n.t('the resource is busy or in conflict'),
  413: () => l10n.t('the request is too large'),
  422: () => l10n.t('the request was not valid'),
  429: () => l10n.t('too many requests'),
  500: () => l10n.t('the service had an internal error'),
  502: () => l10n.t('bad gateway'),
  503: () => l10n.t('the service is unavailable'),
  504: () => l10n.t('the gateway timed out'),
};

export function describeStatus(status: number): string {
  return Object.hasOwn(STATUS_TEXT, status) ? STATUS_TEXT[status]!() : `HTTP ${status}`;
}
