/**
 * The emulator: a node:http server speaking the service's HTTP contract from in-memory state. One request
 * goes: route match → fault draw → auth → body → settle due tasks → handler → (break the reply, if a fault
 * says so) → latency → write. Handlers are synchronous, so a request is applied atomically.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import type { Ctx, Handler } from './context';
import { ApiError } from './errors';
import { earlyFaultReply, EARLY_FAULTS, malformedText, pickFault, wrongShapeBody } from './faults';
import { hostCheck, hostName } from './hostCheck';
import { BodyTooLarge, ClientGone, noContent, normalisePath, parseJson, readBody, type Reply, type Router } from './http';
import { applyConfig, checkConfig, DEFAULT_BODY_LIMIT, DEFAULT_HOST, DEMO_TOKEN, resolveConfig, type EmulatorOptions, type FaultKind, type ResolvedConfig, type RuntimeConfig, type SeedKind } from './options';
import { controlRouter, type ControlHandler } from './routes/control';
import { apiRouter } from './routes/index';
import { restoreWorld, saveWorld, type SaveResult } from './savedWorld';
import { makeBackup } from './recordBuilders';
import { addGeneratedStacklets, createAccount, DEMO_EMAIL, reseedAccount } from './seed';
import { serializeBody } from './serialize';
import { slashReply } from './trailingSlash';
import { bodyForLog, StatsRecorder, type EmulatorStats, type RecentRequest } from './stats';
import { World, type Account, type WorldSnapshot } from './world';

// For embedded.ts: its one import() of the server brings the kept world's reader in the same chunk.
export { readSavedWorld } from './savedWorld';

export interface EmulatorHandle {
  readonly url: string;
  readonly port: number;
  readonly demoToken: string;
  /** Stops listening and closes every connection, keep-alive and hanging ones included. */
  close(): Promise<void>;
  stats(): EmulatorStats;
  resetStats(): void;
  /** A deep copy of the whole state (every account, the id counters, pending tasks); never shows a token. */
  snapshot(): WorldSnapshot;
  /** Adds an account reached with `token`; its content is empty unless `seed: 'demo'`. */
  addAccount(token: string, init?: { email?: string; seed?: SeedKind }): { uuid: string; email: string };
  /** Changes latency, faults, task time or quirks while running. */
  configure(change: RuntimeConfig): void;
  /**
   * The demo account's world as text (src/emulator/savedWorld.ts), once the tasks due have ended; with
   * `finishTasks`, every running task ends first, as it would have (the emulator is going away).
   */
  save(options?: { finishTasks?: boolean }): SaveResult;
  /** Calls `listener` after every request that may have changed the world and every task that ended; answers how to stop. */
  onChange(listener: () => void): () => void;
}

const TOKEN_HEADER = /^Token\s+(\S+)\s*$/i;
/** Listings the real service documents nowhere; the `noListings` quirk takes them away. */
const UNDOCUMENTED_LISTINGS = new Set(['/v1/firewalls', '/v1/vpcs', '/v1/vpc', '/v1/kubernetes', '/v1/projects']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The one /_emulator route mounted without --control: see resetAccount. */
export const RESET_ACCOUNT_PATH = '/_emulator/reset-account';

class Emulator {
  readonly world: World;
  readonly config: ResolvedConfig;
  readonly stats = new StatsRecorder();
  private readonly api: Router<Handler> = apiRouter();
  private readonly control: Router<ControlHandler> | undefined;
  private readonly random: () => number;
  private readonly bodyLimit: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly hostAllowed: ((header: string | undefined) => boolean) | undefined;
  private accountCount = 1;
  private demo: Account;
  private readonly changeListeners = new Set<() => void>();

  constructor(options: EmulatorOptions, readonly demoToken: string) {
    this.hostAllowed = hostCheck(options.host ?? DEFAULT_HOST, options.allowedHosts);
    this.config = resolveConfig(options);
    this.world = new World(options.clock ?? Date.now);
    this.random = options.random ?? Math.random;
    this.bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
    const demo = options.restore
      ? restoreWorld(this.world, demoToken, options.restore)
      : createAccount(this.world, demoToken, DEMO_EMAIL, options.seed ?? 'demo', { first: 'Demo', last: 'User' });
    if (options.extraStacklets) addGeneratedStacklets(this.world, demo, options.extraStacklets);
    this.demo = demo;
    this.control = options.control
      ? controlRouter({
          stats: this.stats,
          configure: (change) => {
            this.configure(change);
            return this.config;
          },
          addAccount: (token, init) => this.addAccount(token, init),
          accountOf: (email) => [...this.world.accounts.values()].find((account) => account.email === email),
          takeBackup: (account, stackletId) => {
            const stacklet = account.stacklets.get(stackletId)!;
            const backup = account.backups.add(makeBackup(this.world, stacklet));
            stacklet.backup_ids.push(backup.id);
            return backup;
          },
        })
      : undefined;
  }

  configure(change: RuntimeConfig): void {
    applyConfig(this.config, change);
  }

  addAccount(token: string, init: { email?: string; seed?: SeedKind } = {}): Account {
    if (!TOKEN_HEADER.test(`Token ${token}`)) throw new Error('a token must be one word without spaces');
    this.accountCount++;
    return createAccount(this.world, token, init.email ?? `user${this.accountCount}@stacklet.example`, init.seed ?? 'empty');
  }

  save(finishTasks: boolean): SaveResult {
    this.settle(finishTasks ? Infinity : this.world.now());
    return saveWorld(this.world, this.demo);
  }

  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Ends the tasks due by `now` (unless a test holds them); true when some did. */
  private settle(now: number): boolean {
    if (this.config.holdTasks || this.world.tasks.settle(now) === 0) return false;
    this.changed();
    return true;
  }

  /** The world may have changed: cached JSON is stale, and whoever keeps the world is told. */
  private changed(): void {
    this.world.revision++;
    for (const listener of this.changeListeners) listener();
  }

  /** Clears the timers of hanging and delayed replies (close() destroys their sockets). */
  clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (this.hostAllowed && !this.hostAllowed(req.headers.host)) {
      // Before anything else: a page that rebound its name to this address learns nothing, changes nothing.
      const name = hostName(req.headers.host ?? '');
      const message = `the emulator does not answer for host "${name.slice(0, 100)}" (start it with --allow-host ${name ? name.slice(0, 100) : '<name>'} to allow it)`;
      return write(res, 403, {}, JSON.stringify({ id: 'forbidden', message }), true);
    }
    const method = req.method ?? 'GET';
    const { path, query } = normalisePath(req.url ?? '/');
    if (path === '/_emulator' || path.startsWith('/_emulator/')) return this.handleControl(req, res, method, path, query);

    const match = this.api.match(method, path);
    const pattern = match.kind === 'found' ? match.route.pattern : path;
    const record: RecentRequest = {
      method,
      path: pattern,
      route: match.kind === 'none' ? `${method} (no route)` : `${method} ${pattern}`,
      status: 0,
      at: new Date(this.world.now()).toISOString(),
    };
    const slashed = slashReply(this.config.quirks.trailingSlash, method, req.url ?? '/');
    if (slashed) {
      record.route = `${method} (trailing-slash redirect)`;
      return this.respond(req, res, record, slashed);
    }
    const fault = path === '/v1' || path.startsWith('/v1/') ? pickFault(this.random, this.config.faultRate, this.config.faultKinds) : undefined;
    if (fault && EARLY_FAULTS.has(fault)) return this.respond(req, res, record, earlyFaultReply(fault), fault);

    let reply: Reply;
    let closeAfter = false;
    try {
      const account = this.authenticate(req);
      record.account = account.email;
      if (match.kind === 'none' || (this.config.quirks.noListings && method === 'GET' && UNDOCUMENTED_LISTINGS.has(path))) {
        throw new ApiError(404, 'not_found', `no route ${method} ${path}`);
      }
      if (match.kind === 'method') {
        const allow = match.allow.join(', ');
        throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path} (allowed: ${allow})`, undefined, { Allow: allow });
      }
      let body: unknown = {};
      if (BODY_METHODS.has(method)) {
        const buffer = await readBody(req, this.bodyLimit);
        body = parseJson(buffer);
        record.body = bodyForLog(body, buffer.length);
      }
      const now = this.world.now();
      this.settle(now);
      const ctx: Ctx = {
        world: this.world,
        account,
        params: match.params,
        query: new URLSearchParams(query),
        body,
        now,
        config: this.config,
        applied: (kind) =>
          this.stats.mutation({ method, path, route: record.route, kind, account: account.email, ...(record.body !== undefined ? { body: record.body } : {}) }),
      };
      try {
        reply = match.route.handler(ctx);
      } finally {
        // Any request that may write moves the revision, even a refused one: cheap, and never stale.
        if (BODY_METHODS.has(method)) this.changed();
      }
    } catch (error) {
      if (error instanceof ClientGone) {
        this.stats.request(record);
        return;
      }
      reply = errorReply(error);
      closeAfter = error instanceof BodyTooLarge;
    }
    return this.respond(req, res, record, reply, fault, closeAfter);
  }

  /**
   * POST /_emulator/reset-account: the caller's own account (named by its token, as every route of the service
   * names it) back to its seed, for Reset Local Emulator in a window whose account is an emulator outside VS Code
   * (npm start's). Mounted always, unlike the controls, since it reaches nothing but the caller's own data.
   */
  private resetAccount(req: http.IncomingMessage, method: string): Reply {
    if (method !== 'POST') throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${RESET_ACCOUNT_PATH} (allowed: POST)`, undefined, { Allow: 'POST' });
    const { account, token } = this.caller(req);
    const fresh = reseedAccount(this.world, token);
    if (account === this.demo) this.demo = fresh;
    this.changed();
    return noContent();
  }

  private authenticate(req: http.IncomingMessage): Account {
    return this.caller(req).account;
  }

  /** The account the request's token names, and the token; a 401 when there is none. */
  private caller(req: http.IncomingMessage): { account: Account; token: string } {
    const header = req.headers.authorization;
    if (header === undefined || header.trim() === '') {
      throw ApiError.unauthorized('missing Authorization header; send "Authorization: Token <API key>"');
    }
    const token = TOKEN_HEADER.exec(header)?.[1];
    if (token === undefined) throw ApiError.unauthorized('malformed Authorization header; expected "Token <API key>"');
    const account = this.world.account(token);
    if (!account) throw ApiError.unauthorized('the API key is not valid');
    return { account, token };
  }

  /** Writes the reply, or breaks it as the fault says: the request has already taken effect by now. */
  private async respond(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    record: RecentRequest,
    reply: Reply,
    fault?: FaultKind,
    closeAfter = false,
  ): Promise<void> {
    let status = reply.status;
    let headers: Record<string, string> = { ...reply.headers };
    let text = reply.body === undefined ? undefined : serializeBody(reply.body, reply.cacheItems ?? false, this.world.revision);
    if (fault) record.fault = fault;
    if (fault === 'drop' || fault === 'hang') {
      record.status = 0;
      this.stats.request(record);
      if (fault === 'drop') {
        if (this.config.latencyMs > 0) await this.sleep(this.config.latencyMs);
        req.socket.destroy();
      } else {
        this.later(this.config.hangMs, () => req.socket.destroy());
      }
      return;
    }
    if (fault === 'malformed') {
      status = 200;
      headers = {};
      text = malformedText(text ?? '');
    } else if (fault === 'wrong-shape') {
      status = 200;
      headers = {};
      text = JSON.stringify(wrongShapeBody(reply.body));
    }
    record.status = status;
    this.stats.request(record);
    if (this.config.latencyMs > 0) await this.sleep(this.config.latencyMs);
    write(res, status, headers, text, closeAfter);
  }

  /** A --control route's answer; a 404 without --control. */
  private async controlReply(req: http.IncomingMessage, method: string, path: string, query: string): Promise<Reply> {
    const match = this.control?.match(method, path) ?? { kind: 'none' as const };
    if (match.kind === 'none') throw new ApiError(404, 'not_found', `no route ${method} ${path}`);
    if (match.kind === 'method') {
      const allow = match.allow.join(', ');
      throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path} (allowed: ${allow})`, undefined, { Allow: allow });
    }
    const body = BODY_METHODS.has(method) ? parseJson(await readBody(req, this.bodyLimit)) : {};
    return match.route.handler({ query: new URLSearchParams(query), body });
  }

  private async handleControl(req: http.IncomingMessage, res: http.ServerResponse, method: string, path: string, query: string): Promise<void> {
    let reply: Reply;
    let closeAfter = false;
    try {
      reply = path === RESET_ACCOUNT_PATH ? this.resetAccount(req, method) : await this.controlReply(req, method, path, query);
    } catch (error) {
      if (error instanceof ClientGone) return;
      reply = errorReply(error);
      closeAfter = error instanceof BodyTooLarge;
    }
    write(res, reply.status, { ...reply.headers }, reply.body === undefined ? undefined : JSON.stringify(reply.body), closeAfter);
  }
}

function errorReply(error: unknown): Reply {
  if (error instanceof ApiError) {
    const headers: Record<string, string> = { ...error.headers };
    if (error.status === 401) headers['WWW-Authenticate'] = 'Token';
    return { status: error.status, body: error.body(), headers };
  }
  console.error('[emulator] internal error:', error);
  return { status: 500, body: { id: 'server_error', message: `internal error: ${(error as Error)?.message ?? String(error)}` } };
}

/**
 * Writes a reply. After a 413 the connection is closed: the rest of the oversize body is never read, and the
 * next request on this connection could not be told apart from it.
 */
function write(res: http.ServerResponse, status: number, headers: Record<string, string>, text: string | undefined, closeAfter: boolean): void {
  if (res.destroyed || res.writableEnded) return;
  if (closeAfter) headers['Connection'] = 'close';
  if (text !== undefined && status !== 204) {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = String(Buffer.byteLength(text));
    res.writeHead(status, headers);
    res.end(text);
  } else {
    res.writeHead(status, headers);
    res.end();
  }
  if (closeAfter) res.once('finish', () => res.socket?.end());
}

/** Every /v1 route the emulator serves (method and pattern), in the order the route files register them. */
export function apiRoutes(): readonly { method: string; pattern: string }[] {
  return apiRouter().list();
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<EmulatorHandle> {
  const problem = checkConfig(options);
  if (problem) throw new RangeError(problem);
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError('port must be from 0 to 65535');
  if (options.extraStacklets !== undefined && !(Number.isInteger(options.extraStacklets) && options.extraStacklets >= 0)) {
    throw new RangeError('extraStacklets must be a whole number of at least 0');
  }
  const host = options.host ?? DEFAULT_HOST;
  const demoToken = options.demoToken ?? DEMO_TOKEN;
  const emulator = new Emulator(options, demoToken);

  const sockets = new Set<Socket>();
  const listener: http.RequestListener = (req, res) => {
    emulator.handle(req, res).catch((error: unknown) => {
      console.error('[emulator] failed to answer:', error);
      if (!res.headersSent) write(res, 500, {}, JSON.stringify({ id: 'server_error', message: 'internal error' }), true);
      else res.destroy();
    });
  };
  const server = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, listener) : http.createServer(listener);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `${options.tls ? 'https' : 'http'}://${urlHost}:${actualPort}`,
    port: actualPort,
    demoToken,
    close() {
      closing ??= new Promise<void>((resolve) => {
        emulator.clearTimers();
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
    stats: () => emulator.stats.snapshot(),
    resetStats: () => emulator.stats.reset(),
    snapshot: () => emulator.world.snapshot(),
    addAccount(token, init) {
      const account = emulator.addAccount(token, init);
      return { uuid: account.profile.uuid, email: account.email };
    },
    configure: (change) => emulator.configure(change),
    save: (options) => emulator.save(options?.finishTasks ?? false),
    onChange: (listener) => emulator.onChange(listener),
  };
}
