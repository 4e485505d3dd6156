/**
 * Injected faults. The HTTP-status kinds answer before anything is applied (a retry is safe); the others break
 * the response after the request took effect, the case where a blind retry of a mutation would apply it twice.
 */
import type { Reply } from './http';
import type { FaultKind } from './options';

export const EARLY_FAULTS: ReadonlySet<FaultKind> = new Set(['http500', 'http503', 'http429']);

/** Draws whether this request fails and how; `undefined` for a normal request. */
export function pickFault(random: () => number, rate: number, kinds: readonly FaultKind[]): FaultKind | undefined {
  if (rate <= 0 || kinds.length === 0 || random() >= rate) return undefined;
  return kinds[Math.min(kinds.length - 1, Math.floor(random() * kinds.length))];
}

export function earlyFaultReply(kind: FaultKind): Reply {
  switch (kind) {
    case 'http503':
      return { status: 503, headers: { 'Retry-After': '1' }, body: { id: 'service_unavailable', message: 'the service is temporarily unavailable; try again shortly' } };
    case 'http429':
      return { status: 429, headers: { 'Retry-After': '1' }, body: { id: 'too_many_requests', message: 'too many requests; slow down and try again shortly' } };
    default:
      return { status: 500, body: { id: 'server_error', message: 'the service hit an internal error' } };
  }
}

/** A strict prefix of a JSON object is never valid JSON; an empty reply becomes a lone fragment. */
export function malformedText(json: string): string {
  if (json.length < 2) return '{"';
  return json.slice(0, Math.max(1, Math.floor(json.length / 2)));
}

/** Valid JSON of the wrong shape: the envelope key holds a string instead of the resource or list. */
export function wrongShapeBody(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const key = Object.keys(body)[0];
    if (key !== undefined) return { [key]: 'unexpected' };
  }
  return { result: 'unexpected' };
}
