/**
 * One HTTP request and its whole answer over an undici dispatcher, through undici's documented low-level
 * `dispatch(options, handler)` API rather than its `request()` convenience: the body is collected into one
 * buffer with a size cap as it arrives (an oversized answer is cut off, not buffered), and the extension
 * bundles only the pool and its HTTP/1 parser instead of undici's stream and fetch layers (see esbuild.mjs).
 */
import type { Dispatcher } from 'undici';

export interface ExchangeOptions {
  readonly method: Dispatcher.HttpMethod;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal: AbortSignal;
  /** Until the status line and headers arrive, and then between two chunks of the body. */
  readonly timeoutMs: number;
  /** A 2xx body longer than this fails the exchange. */
  readonly maxBodyBytes: number;
  /**
   * Any other body is kept only up to this many bytes: what follows is never read (the connection is closed),
   * so a huge error page costs no more than a small one, before any decoding, parsing or redaction.
   */
  readonly maxErrorBodyBytes: number;
  /** Told the size of every chunk as it arrives; an error it answers stops the exchange with that error. */
  readonly charge?: (bytes: number) => Error | undefined;
}

export interface Exchanged {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  /** The body was longer than `maxErrorBodyBytes` and is only its beginning. */
  readonly truncated?: boolean;
}

/** Raised when the answer outgrows `maxBodyBytes`; the connection is aborted at that point. */
export const TOO_LARGE = 'STACKLET_TOO_LARGE';

export function exchange(dispatcher: Dispatcher, options: ExchangeOptions): Promise<Exchanged> {
  return new Promise<Exchanged>((resolve, reject) => {
    const { signal } = options;
    if (signal.aborted) return reject(signal.reason);
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    let statusCode = 0;
    let headers: Exchanged['headers'] = {};
    const chunks: Buffer[] = [];
    let size = 0;

    const finish = (error: unknown, value?: Exchanged) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (value) resolve(value);
      else reject(error);
    };
    const onAbort = () => {
      const reason = signal.reason instanceof Error ? signal.reason : new Error('aborted');
      // Before the request started, undici has nothing to cancel yet: it is aborted in onRequestStart.
      controller?.abort(reason);
      finish(reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (settled) started.abort(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      onResponseStart(_controller, status, responseHeaders) {
        statusCode = status;
        headers = responseHeaders;
      },
      onResponseData(active, chunk) {
        const refused = options.charge?.(chunk.length);
        if (refused) {
          active.abort(refused);
          finish(refused);
          return;
        }
        const success = statusCode >= 200 && statusCode < 300;
        if (!success && size + chunk.length > options.maxErrorBodyBytes) {
          chunks.push(chunk.subarray(0, options.maxErrorBodyBytes - size));
          size = options.maxErrorBodyBytes;
          finish(undefined, { statusCode, headers, body: Buffer.concat(chunks, size), truncated: true });
          active.abort(new Error('the rest of the error body is not read'));
          return;
        }
        size += chunk.length;
        if (size > options.maxBodyBytes) {
          const error = Object.assign(new Error(`response larger than ${options.maxBodyBytes} bytes`), { code: TOO_LARGE });
          active.abort(error);
          finish(error);
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        finish(undefined, { statusCode, headers, body: Buffer.concat(chunks, size) });
      },
      onResponseError(_controller, error) {
        finish(error);
      },
    };

    try {
      dispatcher.dispatch(
        {
          method: options.method,
          path: options.path,
          headers: { ...options.headers },
          ...(options.body !== undefined ? { body: options.body } : {}),
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        },
        handler,
      );
    } catch (error) {
      finish(error);
    }
  });
}
