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
