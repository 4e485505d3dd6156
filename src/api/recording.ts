/**
 * What an action sent, request by request, for Copy as curl: the transport tells the recorder of the
 * asynchronous context it runs in about every request (src/api/transport.ts). A dry run records the request
 * and sends nothing (the read of a resource, copied from View Properties). Headers are never recorded, so
 * neither is the token; a password in a body is replaced. No vscode import.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RecordedRequest {
  readonly method: string;
  /** The whole URL: origin, base path, path and query. */
  readonly url: string;
  /** The path as the log shows it (base path and query included, no origin). */
  readonly path: string;
  /** The JSON body as sent, passwords replaced; absent without one. */
  readonly body?: string;
  /** The answer's status once it came (the last attempt's); undefined without an answer. */
  status?: number;
}

/** Stands in for a password in a recorded body. */
export const PASSWORD_PLACEHOLDER = '<password>';

export class RequestRecorder {
  private readonly recorded: RecordedRequest[] = [];
  private closed = false;

  /** `dryRun`: record the first request, then stop it before it is sent (see describeRequests). */
  constructor(readonly dryRun = false) {}

  get requests(): readonly RecordedRequest[] {
    return this.recorded;
  }

  /** Takes a request; nothing once closed (a timer started inside the action must not add to it later). */
  add(request: RecordedRequest): RecordedRequest {
    if (!this.closed) this.recorded.push(request);
    return request;
  }

  close(): readonly RecordedRequest[] {
    this.closed = true;
    return this.recorded;
  }
}

const context = new AsyncLocalStorage<RequestRecorder>();

/** Runs `work` with every request it makes (at any depth of its awaits) told to `recorder`. */
export function recordRequests<T>(recorder: RequestRecorder, work: () => Promise<T>): Promise<T> {
  return context.run(recorder, work);
}

/**
 * Runs `work` outside any recording: what an action reads to plan, or the listings it leaves stale read again by
 * the views, is not what it sent (Copy as curl would replay them as part of it).
 */
export function unrecorded<T>(work: () => T): T {
  return context.exit(work);
}

/** The recorder of the running context, if any. */
export function activeRecorder(): RequestRecorder | undefined {
  return context.getStore();
}

/** Thrown in place of sending, in a dry run. */
export class DryRun extends Error {
  constructor() {
    super('dry run: recorded, not sent');
  }
}

/** The requests `work` would send, the first one only: it is recorded and stopped before it leaves. */
export async function describeRequests(work: () => Promise<unknown>): Promise<readonly RecordedRequest[]> {
  const recorder = new RequestRecorder(true);
  try {
    await recordRequests(recorder, work);
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return recorder.close();
}

/** A JSON body with every `password` field's value replaced by PASSWORD_PLACEHOLDER. */
export function withoutSecrets(body: string): string {
  if (!body.includes('"password"')) return body;
  try {
    return JSON.stringify(JSON.parse(body), (key, value: unknown) => (key === 'password' && typeof value === 'string' ? PASSWORD_PLACEHOLDER : value));
  } catch {
    return body;
  }
}
