// The token echoed back in every spelling a service could use, through the real client against a hostile
// service on 127.0.0.1: as it is, JSON-escaped, percent-encoded, base64 and base64url at each byte offset (an
// echoed `Authorization: Basic …`), whole or only its first 8 or more characters, in an error body cut by the
// 64 KB limit at every position, in an id that becomes part of a path, and in a request body. Required: no run of
// 8 characters of the token's start, in any of those spellings, in the error (message, service message, JSON
// form, stack), the request log, the recorded requests, the curl copy or the action history's log line.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { StackletClient } from '../../src/api/client';
import { curlCommands } from '../../src/api/curl';
import { isApiError } from '../../src/api/errors';
import { RequestRecorder, recordRequests } from '../../src/api/recording';
import type { RequestLogEntry } from '../../src/api/transport';
import { DEFAULT_MAX_ERROR_BODY_BYTES } from '../../src/api/transport';
import { LEAK_PREFIX, TokenRedactor } from '../../src/api/tokenRedaction';
import { ActionHistory, logLine } from '../../src/model/actionHistory';
import { startHostileService, type HostileService } from './support/hostileService';

const TOKEN = 'stk_9fQ2xL7w/kR+3vZ8pQ1mN0aB';
const RUNS = 400;

type Spelling = 'plain' | 'json' | 'percent' | 'base64' | 'base64url';
const SPELLINGS: readonly Spelling[] = ['plain', 'json', 'percent', 'base64', 'base64url'];

/** How one echo is spelled: which characters are escaped (json, percent), in which hex case, and what precedes it in a base64 stream. */
interface Echo {
  readonly spelling: Spelling;
  /** Characters of the token's start echoed (at least LEAK_PREFIX). */
  readonly length: number;
  readonly escaped: readonly boolean[];
  readonly upper: boolean;
  /** `user:` before the token in `Basic base64(user:token)`: its length sets the byte offset. */
  readonly user: string;
}

const hex = (code: number, upper: boolean) => (upper ? code.toString(16).toUpperCase() : code.toString(16)).padStart(2, '0');

function spell(echo: Echo): string {
  const start = TOKEN.slice(0, echo.length);
  const chars = [...start];
  switch (echo.spelling) {
    case 'plain':
      return start;
    case 'json':
      return chars.map((c, i) => (c === '/' && !echo.escaped[i] ? '\\/' : echo.escaped[i] ? `\\u00${hex(c.charCodeAt(0), echo.upper)}` : c)).join('');
    case 'percent':
      return chars.map((c, i) => (echo.escaped[i] || c === '/' || c === '+' ? `%${hex(c.charCodeAt(0), echo.upper)}` : c)).join('');
    case 'base64':
    case 'base64url': {
      const encoded = Buffer.from(`${echo.user}${start}`).toString(echo.spelling);
      return echo.spelling === 'base64' ? `Basic ${encoded}` : encoded;
    }
  }
}

/**
 * Which spelling of the token's first LEAK_PREFIX characters `text` holds, read independently of the redaction:
 * JSON escapes and percent escapes decoded, and every run of base64 characters decoded at each of its four
 * character offsets.
 */
function leak(text: string): string | undefined {
  const start = TOKEN.slice(0, LEAK_PREFIX);
  if (text.includes(start)) return 'plain';
  const json = text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\\(.)/g, '$1');
  if (json.includes(start)) return 'json';
  const percent = text.replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  if (percent.includes(start)) return 'percent';
  const bytes = Buffer.from(start);
  for (const source of [text, percent, json]) {
    for (const run of source.match(/[A-Za-z0-9+/_-]{8,}/g) ?? []) {
      const standard = run.replace(/-/g, '+').replace(/_/g, '/');
      for (let shift = 0; shift < 4; shift++) {
        const part = standard.slice(shift);
        if (Buffer.from(part.slice(0, part.length - (part.length % 4)), 'base64').includes(bytes)) return 'base64';
      }
    }
  }
  return undefined;
}

interface Outcome {
  readonly texts: Record<string, string>;
}

/** Runs `work` as an action would (its requests recorded, a history entry) and gathers every text the user or the log could see. */
async function observe(client: StackletClient, log: RequestLogEntry[], work: (c: StackletClient) => Promise<unknown>): Promise<Outcome> {
  log.length = 0;
  const recorder = new RequestRecorder();
  let failure: unknown;
  try {
    await recordRequests(recorder, () => work(client));
  } catch (error) {
    failure = error;
  }
  assert.ok(isApiError(failure), `an ApiError, not ${String(failure)}`);
  const requests = recorder.close();
  const entry = new ActionHistory().add('Reading the profile…', requests, failure.message);
  return {
    texts: {
      message: failure.message,
      serviceMessage: failure.serviceMessage ?? '',
      fieldPath: failure.fieldPath ?? '',
      json: JSON.stringify(failure),
      stack: String(failure.stack),
      log: JSON.stringify(log),
      recorded: JSON.stringify(requests),
      curl: curlCommands(requests),
      history: logLine(entry),
    },
  };
}

function assertNoLeak(outcome: Outcome, what: string): void {
  for (const [sink, text] of Object.entries(outcome.texts)) {
    const found = leak(text);
    assert.equal(found, undefined, `${what}: the ${sink} holds the token's start spelled ${found}: ${text.slice(0, 300)}`);
  }
}

const FILLER_HEAD = '{"detail":"';
const MESSAGE_HEAD = '","message":"token ';

/** A JSON error body with `spelled` in its message, cut by the 64 KB limit `cut` characters into `spelled` (whole when undefined). */
function errorBody(spelled: string, cut: number | undefined): string {
  if (cut === undefined) return `{"message":"token ${spelled} has expired"}`;
  const filler = 'x'.repeat(DEFAULT_MAX_ERROR_BODY_BYTES - cut - FILLER_HEAD.length - MESSAGE_HEAD.length);
  return `${FILLER_HEAD}${filler}${MESSAGE_HEAD}${spelled} has expired"}`;
}

const echoes: fc.Arbitrary<Echo> = fc.record({
  spelling: fc.constantFrom(...SPELLINGS),
  length: fc.integer({ min: LEAK_PREFIX, max: TOKEN.length }),
  escaped: fc.array(fc.boolean(), { minLength: TOKEN.length, maxLength: TOKEN.length }),
  upper: fc.boolean(),
  user: fc.constantFrom('', ':', 'u:', 'ab:', 'root:', 'admin:'),
});

describe('The token in every spelling a service could echo it in', () => {
  let service: HostileService;
  let client: StackletClient;
  const log: RequestLogEntry[] = [];

  before(async () => {
    service = await startHostileService({ claimedPages: 1, itemsPerPage: 1, nameChars: 1 });
    client = new StackletClient({ baseUrl: service.url, token: TOKEN, retry: { maxAttempts: 1 }, onRequest: (entry) => log.push(entry) });
  });
  after(async () => {
    await client.dispose();
    await service.close();
  });

  it('a whole token cut by the 64 KB limit at every position of every spelling leaves no 8 characters of its start anywhere', async () => {
    // base64 at each of its three byte offsets; the other spellings have none.
    const whole: Echo[] = SPELLINGS.flatMap((spelling) => (spelling.startsWith('base64') ? ['', 'u:', 'ab:'] : ['']).map((user) => ({ spelling, length: TOKEN.length, escaped: [...TOKEN].map((_, i) => i % 3 === 1), upper: false, user })));
    let cuts = 0;
    for (const echo of whole) {
      const spelled = spell(echo);
      for (let cut = 0; cut <= spelled.length; cut++) {
        service.answer = { status: 500, body: errorBody(spelled, cut) };
        assertNoLeak(await observe(client, log, (c) => c.getProfile()), `${echo.spelling} (${echo.user}) cut after ${cut} of ${spelled.length}`);
        cuts++;
      }
    }
    assert.equal(cuts, 423, 'every cut position of every spelling');
  });

  it(`${RUNS} generated echoes of 8 or more of its first characters, whole or cut, in a message, an id and a body: none gets through`, async () => {
    await fc.assert(
      fc.asyncProperty(echoes, fc.option(fc.nat(), { nil: undefined }), fc.constantFrom('json', 'text', 'path', 'body'), async (echo, cutSeed, where) => {
        const spelled = spell(echo);
        const what = `${where} ${echo.spelling} ${JSON.stringify(spelled)}`;
        if (where === 'json') {
          const cut = cutSeed === undefined ? undefined : cutSeed % (spelled.length + 1);
          service.answer = { status: 500, body: errorBody(spelled, cut) };
          assertNoLeak(await observe(client, log, (c) => c.getProfile()), `${what} cut ${cut}`);
        } else if (where === 'text') {
          service.answer = { status: 403, body: `token ${spelled} has expired`, contentType: 'text/plain' };
          assertNoLeak(await observe(client, log, (c) => c.getProfile()), what);
        } else if (where === 'path') {
          // An id the service made of the token: it goes into the path, the log and the history.
          service.answer = { status: 404, body: '{"message":"volume not found"}' };
          assertNoLeak(await observe(client, log, (c) => c.getVolume(`vol-${spelled}`)), what);
        } else {
          service.answer = { status: 422, body: '{"message":"name is not valid"}' };
          assertNoLeak(await observe(client, log, (c) => c.renameVolume('vol-1', `copy of ${spelled}`)), what);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a listing item that cannot be read keeps no start of the token in its problem row (id and name)', async () => {
    service.answer = { status: 200, body: JSON.stringify({ firewalls: [{ id: `${TOKEN.slice(0, 10)}`, name: `${TOKEN.slice(0, 9)}x`, inbound_rules: 'all' }] }) };
    // A listing's item that cannot be read is a problem row, not an error: its id and name are masked.
    const listed = await client.listFirewalls();
    assert.equal(listed.problems?.length, 1);
    const problem = JSON.stringify(listed.problems);
    assert.equal(leak(problem), undefined, problem);
  });
});

describe('TokenRedactor', () => {
  it('masks each of 8,000 echoes in a 64 KB body and leaves 8,000 near misses alone', () => {
    const redactor = new TokenRedactor(TOKEN);
    const near = TOKEN.slice(0, LEAK_PREFIX - 1);
    const body = `${near}x`.repeat(Math.floor(DEFAULT_MAX_ERROR_BODY_BYTES / LEAK_PREFIX));
    const hits = `${TOKEN.slice(0, LEAK_PREFIX)}`.repeat(Math.floor(DEFAULT_MAX_ERROR_BODY_BYTES / LEAK_PREFIX));
    assert.equal(redactor.redact(body, true), body);
    assert.equal(leak(redactor.redact(hits, true)), undefined);
    assert.equal(redactor.redact('plain words, no token'), 'plain words, no token');
  });
});
