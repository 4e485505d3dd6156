/**
 * The in-editor emulator's world as text, so that it outlives a window reload: the demo account's records, the
 * id counters and the next task id, under a format number. A world written by a build of another format, one
 * that is not whole, or one larger than the bound is dropped (the caller starts from the demo data), never read
 * in part. Only a settled world is written: a task's ending is code, not data, so none may be pending.
 * The storage itself is the caller's (the extension keeps the text in its global storage).
 */
import * as z from 'zod/mini';
import { Account, ACCOUNT_TABLES, accountState, type AccountTable, type World } from './world';

/**
 * Raise it whenever what a saved world holds changes shape (a record's fields, a table, a counter):
 * test/unit/savedWorld.test.ts compares the demo world's shape with the one recorded for this number.
 */
export const SAVED_WORLD_FORMAT = 1;

/** The largest world kept, in bytes of UTF-8: the demo world is about 30 KB, a busy one a few hundred. */
export const MAX_SAVED_WORLD_BYTES = 1024 * 1024;

const whole = z.int().check(z.nonnegative());
const keyed = (key: string, type: 'string' | 'number') => z.array(z.looseObject({ [key]: type === 'string' ? z.string() : whole }));
const tables = Object.fromEntries(Object.entries(ACCOUNT_TABLES).map(([name, [key, type]]) => [name, keyed(key, type)])) as Record<AccountTable, ReturnType<typeof keyed>>;

const SavedAccount = z.object({
  profile: z.looseObject({ uuid: z.string(), email: z.string(), created_at: z.string() }),
  project: z.object({ id: z.string(), name: z.string() }),
  stackletLimit: whole,
  vpcHosts: z.record(z.string(), whole),
  ...tables,
});

const Saved = z.object({
  format: z.literal(SAVED_WORLD_FORMAT),
  account: SavedAccount,
  counters: z.object({ stacklet: whole, image: whole, sshKey: whole, host: whole, timestamp: whole }),
  nextTaskId: whole,
});

export type SavedWorld = z.infer<typeof Saved>;

export type SaveResult =
  | { readonly kind: 'saved'; readonly text: string }
  /** Tasks are running: try again once the first ends (a clock reading). */
  | { readonly kind: 'busy'; readonly until: number }
  | { readonly kind: 'too-large'; readonly bytes: number };

/** The world with `account` as text, if it is settled and within the bound. */
export function saveWorld(world: World, account: Account): SaveResult {
  const pending = world.tasks.describe().endsAt;
  if (pending.length > 0) return { kind: 'busy', until: Math.min(...pending) };
  const saved = {
    format: SAVED_WORLD_FORMAT,
    account: accountState(account),
    counters: world.counters(),
    nextTaskId: world.tasks.describe().nextId,
  };
  const text = JSON.stringify(saved);
  const bytes = Buffer.byteLength(text);
  return bytes > MAX_SAVED_WORLD_BYTES ? { kind: 'too-large', bytes } : { kind: 'saved', text };
}

export type ReadResult = { readonly ok: true; readonly world: SavedWorld } | { readonly ok: false; readonly reason: string };

/** Reads a saved world, or says why it is dropped. */
export function readSavedWorld(text: string): ReadResult {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_SAVED_WORLD_BYTES) return { ok: false, reason: `it is ${bytes} bytes, more than the ${MAX_SAVED_WORLD_BYTES} kept` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not JSON' };
  }
  const format = typeof json === 'object' && json !== null ? (json as { format?: unknown }).format : undefined;
  if (format !== SAVED_WORLD_FORMAT) return { ok: false, reason: `it was written in format ${JSON.stringify(format) ?? 'none'}, this build reads ${SAVED_WORLD_FORMAT}` };
  const parsed = Saved.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `${issue.path.join('.') || 'its top level'} is not as written: ${issue.message}` };
  }
  return { ok: true, world: parsed.data };
}

/** Puts the saved account into `world` under `token` (this start's), with the counters it had. */
export function restoreWorld(world: World, token: string, saved: SavedWorld): Account {
  const { account: state } = saved;
  if (world.accounts.has(token)) throw new Error('an account with this token already exists');
  const account = new Account(state.profile.email, state.profile.created_at);
  world.accounts.set(token, account);
  Object.assign(account.profile, state.profile);
  Object.assign(account.project, state.project);
  account.stackletLimit = state.stackletLimit;
  // A saved world is the demo account's: reset, it is seeded with the demo data again.
  account.seed = 'demo';
  for (const name of Object.keys(ACCOUNT_TABLES) as AccountTable[]) {
    (account[name] as { load(values: readonly unknown[]): void }).load(state[name]);
  }
  for (const [vpc, next] of Object.entries(state.vpcHosts)) account.vpcHosts.set(vpc, next);
  world.restoreCounters(saved.counters);
  world.tasks.continueFrom(saved.nextTaskId);
  return account;
}
