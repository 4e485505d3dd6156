/**
 * HTTP plumbing without a framework: a small router that knows which methods a path allows (for 405 + Allow),
 * a JSON body reader that refuses oversize bodies without buffering them, and the reply shape handlers return.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors';

/** What a handler answers; the server serialises it (and may break it, when a fault is injected). */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The body's top-level arrays hold stored records whose JSON may be reused (list pages). */
  cacheItems?: boolean;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });

export interface Route<H> {
  method: string;
  /** The pattern as written, e.g. `/v1/stacklets/:id`. */
  pattern: string;
  segments: readonly string[];
  handler: H;
}

export type Match<H> =
  | { kind: 'found'; route: Route<H>; params: Record<string, string> }
  | { kind: 'method'; allow: string[] }
  | { kind: 'none' };

/** Strips the query and one trailing slash (the Python client ends every path with '/'). */
export function normalisePath(rawUrl: string): { path: string; query: string } {
  const q = rawUrl.indexOf('?');
  let path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, query: q === -1 ? '' : rawUrl.slice(q + 1) };
}

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  add(method: string, pattern: string, handler: H): this {
    this.routes.push({ method, pattern, segments: pattern.split('/'), handler });
    return this;
  }

  /** Every route, in the order added: what tests enumerate to reach every endpoint. */
  list(): readonly { method: string; pattern: string }[] {
    return this.routes.map(({ method, pattern }) => ({ method, pattern }));
  }

  /** Literal segments are listed before parameters by the route files, so the first structural match wins. */
  match(method: string, path: string): Match<H> {
    const segments = path.split('/');
    const allow = new Set<string>();
    const wanted = method === 'HEAD' ? 'GET' : method;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === wanted) return { kind: 'found', route, params };
      allow.add(route.method);
      if (route.method === 'GET') allow.add('HEAD');
    }
    return allow.size > 0 ? { kind: 'method', allow: [...allow].sort() } : { kind: 'none' };
  }
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    if (p.startsWith(':')) {
      if (a === '') return undefined;
      params ??= {};
      try {
        params[p.slice(1)] = decodeURIComponent(a);
      } catch {
        return undefined;
      }
    } else if (p !== a) {
      return undefined;
    }
  }
  return params ?? {};
}

/** Thrown by readBody when the body is over the limit; the server then closes the connection. */
export class BodyTooLarge extends ApiError {
  constructor(limit: number) {
    super(413, 'payload_too_large', `request body is larger than the limit of ${limit} bytes`);
  }
}

/** The client went away while its body was being read: there is nobody left to answer. */
export class ClientGone extends Error {}

/**
 * Reads the body, refusing early when Content-Length says it is too big and stopping as soon as the streamed
 * byte count passes the limit, so an oversize body is never held in memory.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.pause();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => reject(new ClientGone()));
  });
}

/** An empty body reads as `{}` so a missing field is reported by name rather than as "body required". */
export function parseJson(buffer: Buffer): unknown {
  if (buffer.length === 0) return {};
  const text = buffer.toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(400, 'bad_request', `request body is not valid JSON: ${(error as Error).message}`);
  }
}
