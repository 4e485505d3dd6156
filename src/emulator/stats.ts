/**
 * What the emulator saw and did: every request (route, status, account by e-mail, never the token) and every
 * mutation actually applied, so a test can prove a request was or was not applied, and how often.
 */
import type { FaultKind } from './options';

export interface RequestRecord {
  method: string;
  /** The route pattern, e.g. `/v1/stacklets/:id` (the raw path when no route matched). */
  path: string;
  /** Method and pattern, e.g. `GET /v1/stacklets/:id`: the key of `requestCount`. */
  route: string;
  status: number;
  account?: string;
  /** The injected fault, when one was; status is 0 when the client got no response at all. */
  fault?: FaultKind;
}

export interface AppliedRecord {
  method: string;
  /** The concrete path, e.g. `/v1/stacklets/1001`. */
  path: string;
  route: string;
  /** What changed, e.g. `stacklet.resize`, `firewall.rules.add`. */
  kind: string;
  account: string;
  /** The request body as the request log keeps it (large ones summarised): tells two writes to one path apart. */
  body?: unknown;
}

export interface EmulatorStats {
  requests: RequestRecord[];
  requestCount: Record<string, number>;
  applied: AppliedRecord[];
}

/** Requests of every route in `requestCount` (as `stats().requestCount` or GET /_emulator/stats gives it). */
export function totalRequests(requestCount: Readonly<Record<string, number>>): number {
  return Object.values(requestCount).reduce((sum, n) => sum + n, 0);
}

/** The requests made between two readings of `requestCount`, by route; routes with none are left out. */
export function requestsSince(now: Readonly<Record<string, number>>, before: Readonly<Record<string, number>>): Record<string, number> {
  const made: Record<string, number> = {};
  for (const [route, count] of Object.entries(now)) {
    if (count > (before[route] ?? 0)) made[route] = count - (before[route] ?? 0);
  }
  return made;
}

/** A request as GET /_emulator/requests shows it: with the body of mutations. */
export interface RecentRequest extends RequestRecord {
  at: string;
  body?: unknown;
}

/**
 * Request history and the log of applied writes are bounded, so a long benchmark or a day of use inside VS Code
 * cannot grow memory without end; counts are not.
 */
export const REQUEST_HISTORY = 10_000;
export const APPLIED_HISTORY = 10_000;
const BODY_SHOWN_MAX = 4 * 1024;

export class StatsRecorder {
  private requests: RecentRequest[] = [];
  private requestCount = new Map<string, number>();
  private applied: AppliedRecord[] = [];

  request(record: RecentRequest): void {
    keepRecent(this.requests, REQUEST_HISTORY);
    this.requests.push(record);
    this.requestCount.set(record.route, (this.requestCount.get(record.route) ?? 0) + 1);
  }

  mutation(record: AppliedRecord): void {
    keepRecent(this.applied, APPLIED_HISTORY);
    this.applied.push(record);
  }

  snapshot(): EmulatorStats {
    return {
      requests: this.requests.slice(-REQUEST_HISTORY).map(({ method, path, route, status, account, fault }) => ({
        method,
        path,
        route,
        status,
        ...(account !== undefined ? { account } : {}),
        ...(fault !== undefined ? { fault } : {}),
      })),
      requestCount: Object.fromEntries(this.requestCount),
      applied: this.applied.slice(-APPLIED_HISTORY).map((a) => ({ ...a })),
    };
  }

  recent(limit: number): RecentRequest[] {
    return this.requests.slice(-Math.min(limit, REQUEST_HISTORY));
  }

  reset(): void {
    this.requests = [];
    this.requestCount = new Map();
    this.applied = [];
  }
}

/**
 * At most 2 × `keep` entries: trimmed in batches back to the last `keep`, since dropping one entry per record
 * would move the whole array every time.
 */
function keepRecent(entries: unknown[], keep: number): void {
  if (entries.length >= 2 * keep) entries.splice(0, entries.length - keep);
}

/** Keeps a mutation's body for the request log unless it is large. */
export function bodyForLog(body: unknown, bytes: number): unknown {
  return bytes > BODY_SHOWN_MAX ? { omitted: `${bytes} bytes` } : body;
}
