/**
 * /_emulator/*: test and benchmark controls, mounted only with `control: true`. They take no token and never
 * show one; accounts are named by e-mail and uuid.
 */
import * as z from 'zod/mini';
import { FAULT_KINDS, type ResolvedConfig, type RuntimeConfig } from '../options';
import { TRAILING_SLASH_MODES } from '../trailingSlash';
import { ApiError } from '../errors';
import { created, noContent, ok, Router, type Reply } from '../http';
import type { BackupRec } from '../records';
import type { Account } from '../world';
import type { StatsRecorder } from '../stats';
import { parseBody } from '../issueMessages';

export interface ControlDeps {
  stats: StatsRecorder;
  configure(change: RuntimeConfig): ResolvedConfig;
  addAccount(token: string, init: { email?: string; seed?: 'demo' | 'empty' }): Account;
  /** The account of this e-mail, if any. */
  accountOf(email: string): Account | undefined;
  /** A backup of the account's stacklet taken now, as the service's schedule takes them. */
  takeBackup(account: Account, stackletId: number): BackupRec;
}

export interface ControlRequest {
  query: URLSearchParams;
  body: unknown;
}

export type ControlHandler = (request: ControlRequest) => Reply;

const AccountBody = z.object({
  token: z.string().check(z.minLength(8), z.maxLength(200)),
  email: z.optional(z.email()),
  seed: z.optional(z.enum(['demo', 'empty'])),
});

// The service makes backups on its own schedule and has no route to take one: tests that delete backups take them here.
const BackupBody = z.object({ email: z.email(), stacklet_id: z.int().check(z.positive()) });

const nonNegative = z.number().check(z.gte(0));
const flag = z.optional(z.boolean());
const ConfigBody = z.object({
  latencyMs: z.optional(nonNegative),
  faultRate: z.optional(z.number().check(z.gte(0), z.lte(1))),
  faultKinds: z.optional(z.array(z.enum(FAULT_KINDS)).check(z.minLength(1))),
  hangMs: z.optional(nonNegative),
  taskMs: z.optional(nonNegative),
  holdTasks: flag,
  quirks: z.optional(z.object({
    ignorePage: flag,
    ignorePerPage: flag,
    noFirewallRulesEndpoints: flag,
    noLoadBalancerSubresources: flag,
    noListings: flag,
    trailingSlash: z.optional(z.enum(TRAILING_SLASH_MODES)),
    requireInboudRules: flag,
    resetPasswordNeedsPassword: flag,
    ignoreVolumeRegion: flag,
    unreadableItem: flag,
    noConventionalForms: flag,
    noTagObjects: flag,
  })),
});

export function controlRouter(deps: ControlDeps): Router<ControlHandler> {
  const router = new Router<ControlHandler>();
  router
    .add('GET', '/_emulator/stats', () => ok(deps.stats.snapshot()))
    .add('POST', '/_emulator/reset-stats', () => {
      deps.stats.reset();
      return noContent();
    })
    .add('POST', '/_emulator/accounts', ({ body }) => {
      const input = parseBody(AccountBody, body);
      let account: Account;
      try {
        account = deps.addAccount(input.token, {
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.seed !== undefined ? { seed: input.seed } : {}),
        });
      } catch (error) {
        throw new ApiError(409, 'conflict', (error as Error).message);
      }
      return created({ account: { uuid: account.profile.uuid, email: account.email } });
    })
    .add('POST', '/_emulator/backups', ({ body }) => {
      const input = parseBody(BackupBody, body);
      const account = deps.accountOf(input.email);
      if (!account) throw ApiError.field('email', `no account ${input.email}`);
      if (!account.stacklets.get(input.stacklet_id)) throw ApiError.field('stacklet_id', `no stacklet ${input.stacklet_id} in this account`);
      return created({ backup: deps.takeBackup(account, input.stacklet_id) });
    })
    .add('POST', '/_emulator/config', ({ body }) => {
      const change = parseBody(ConfigBody, body);
      return ok({ config: deps.configure(change) });
    })
    .add('GET', '/_emulator/requests', ({ query }) => {
      const raw = query.get('limit');
      const limit = raw === null ? 50 : Number(raw);
      if (!Number.isInteger(limit) || limit < 1) throw ApiError.field('limit', 'must be a whole number of at least 1');
      return ok({ requests: deps.stats.recent(limit) });
    });
  return router;
}
