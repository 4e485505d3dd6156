/**
 * The account's limits, read before a create asks anything: the profile's `limits` says how many more items of
 * a kind the account may create (the kind names its key, src/kinds/<kind>/kind.ts). A create with none left is
 * refused before its first question, and a count above what is left at its step, instead of after every answer
 * when the service refuses. With the kinds, since each kind names its limit. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { Profile } from '../api/schemas';
import { kindSpec, type Kind } from './registry';
import type { ResourceStore } from './resourceStore';

export interface AccountLimit {
  /** The key of the profile's `limits`: `stacklets`. */
  readonly key: string;
  /** How many more the account may create. */
  readonly available: number;
  /** How many it has, when the profile says. */
  readonly used?: number;
}

/** The limit the profile gives on `kind`, when the kind has one and the profile says how many are available. */
export function limitOf(profile: Profile | undefined, kind: Kind): AccountLimit | undefined {
  const key = kindSpec(kind).limit?.key;
  const limit = key === undefined ? undefined : profile?.limits[key];
  if (key === undefined || limit?.available === undefined) return undefined;
  return { key, available: limit.available, ...(limit.used !== undefined ? { used: limit.used } : {}) };
}

/**
 * The limit on `kind` as the profile gives it: the cached profile when there is one (a create or delete of a
 * limited kind drops it, so a cached one counts what the extension did), else one request; none for a kind
 * without a limit. A profile that cannot be read gives undefined and the create goes on: the service enforces
 * its limits itself, and a failing profile request must not stop a create the service would take.
 */
export async function readLimit(store: ResourceStore, kind: Kind): Promise<AccountLimit | undefined> {
  if (!kindSpec(kind).limit) return undefined;
  const profile = await store.get('profile').then((listing) => listing.items[0], () => undefined);
  return limitOf(profile, kind);
}

/** Why a create of `kind` is refused before its first question, when the limit leaves none (with the limit). */
export function limitReached(kind: Kind, limit: AccountLimit | undefined): string | undefined {
  if (limit === undefined || limit.available > 0) return undefined;
  const plural = kindSpec(kind).limit?.plural() ?? limit.key;
  return limit.used === undefined
    ? l10n.t('This account may create no more {0}: its profile gives {1} available.', plural, Math.max(0, limit.available))
    : l10n.t('This account may create no more {0}: its limit is {1}, and {2} are in use.', plural, limit.used + Math.max(0, limit.available), limit.used);
}
