/**
 * Monthly cost estimates in US dollars, from what the service says of each resource: a stacklet costs its
 * size's `price_monthly` plus its image's `extra_price`; a Kubernetes node pool its size's `price_monthly` per
 * node. Nothing else the service answers carries a price (volumes, snapshots, backups, load balancers,
 * bandwidth), so nothing else is estimated: an estimate, never a bill. Confirmations that change the bill show
 * the change with `formatMonthlyChange` ("+$12.00/mo", "−$48.00/mo"); a delete of several resources adds up
 * `deletionChange` of each. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type * as s from '../api/schemas';

/** A stacklet's estimate and its two parts. */
export interface StackletPrice {
  readonly size: number;
  readonly image: number;
  readonly total: number;
}

/**
 * The most one item (a price, a stacklet, a node pool, a cluster) may cost a month and still be believed:
 * anything above is a service's mistake (or worse), not an estimate. It also keeps any sum finite and exact to
 * the cent (totals add whole cents): 50,000 items (a listing's limit) at this add up to 5e12 cents, far below
 * 2^53.
 */
export const MAX_MONTHLY = 1_000_000;

/** The most nodes a node pool is believed to have. */
export const MAX_NODES = 10_000;

/**
 * A price the service wrote as a number or a decimal string ("0.0000"); undefined when it is neither, or when it
 * is negative, not finite or more than MAX_MONTHLY: such a price is not estimated rather than shown as a saving
 * or as `$∞`.
 */
export function dollars(value: number | string | null | undefined): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n >= 0 && n <= MAX_MONTHLY ? n : undefined;
}

/** Size plus image per month; undefined when the service gave no usable monthly price for the size or the image. */
export function stackletPrice(stacklet: Pick<s.Stacklet, 'size' | 'distribution'>): StackletPrice | undefined {
  const size = dollars(stacklet.size.price_monthly);
  if (size === undefined) return undefined;
  // An image that names no extra price costs nothing more than its size; one that names a price we cannot
  // believe leaves the stacklet without an estimate.
  const extra = stacklet.distribution?.image?.extra_price;
  const image = extra === undefined || extra === null || extra === '' ? 0 : dollars(extra);
  if (image === undefined || size + image > MAX_MONTHLY) return undefined;
  return { size, image, total: size + image };
}

/** A node pool's monthly estimate: its size's price for each of its nodes (a count that is not 0…MAX_NODES: none). */
export function nodePoolMonthly(pool: Pick<s.NodePool, 'size' | 'nodes'> & { readonly count?: number | undefined }): number | undefined {
  const each = dollars(pool.size.price_monthly);
  const nodes = pool.count ?? pool.nodes.length;
  if (each === undefined || !Number.isInteger(nodes) || nodes < 0 || nodes > MAX_NODES) return undefined;
  return believable(each * nodes);
}

/** A cluster's: the sum of its node pools (undefined when one of them has no price). */
export function clusterMonthly(cluster: Pick<s.KubernetesCluster, 'node_pools'>): number | undefined {
  const monthly = sum(cluster.node_pools.map(nodePoolMonthly));
  return monthly === undefined ? undefined : believable(monthly);
}

/** One item's estimate, or undefined above MAX_MONTHLY. */
function believable(monthly: number): number | undefined {
  return monthly <= MAX_MONTHLY ? monthly : undefined;
}

function sum(values: readonly (number | undefined)[]): number | undefined {
  let total = 0;
  for (const value of values) {
    if (value === undefined) return undefined;
    total += value;
  }
  return total;
}

/** What several changes add up to: the dollars known, and how many could not be estimated. */
export interface CostChange {
  readonly dollars: number;
  /** How many of the changes have no estimate (a resource whose price the service does not give). */
  readonly unestimated: number;
}

export function addChanges(changes: readonly (number | undefined)[]): CostChange {
  // In whole cents: a sum of doubles drifts by cents over thousands of items; whole numbers stay exact.
  let cents = 0;
  let unestimated = 0;
  for (const change of changes) {
    if (change === undefined) unestimated++;
    else cents += toCents(change);
  }
  return { dollars: cents / 100, unestimated };
}

function toCents(value: number): number {
  return Math.round(value * 100);
}

/** Deleting a resource saves its estimate: the change is its monthly estimate, negated (undefined: not estimated). */
export function deletionChange(monthly: number | undefined): number | undefined {
  return monthly === undefined ? undefined : -monthly;
}

/** Resizing a stacklet changes its size's part of the estimate. */
export function resizeChange(stacklet: Pick<s.Stacklet, 'size'>, to: Pick<s.Size, 'price_monthly'>): number | undefined {
  return priceChange(stacklet.size.price_monthly, to.price_monthly);
}

/** From one monthly price to another, as the service wrote them; undefined when either is not usable. */
export function priceChange(before: number | string | null | undefined, after: number | string | null | undefined): number | undefined {
  const from = dollars(before);
  const to = dollars(after);
  return from === undefined || to === undefined ? undefined : round(to - from);
}

/** `3 not estimated`: how many items a total leaves out; undefined when it leaves none out. */
export function notEstimatedWords(count: number): string | undefined {
  return count > 0 ? l10n.t('{0} not estimated', count) : undefined;
}

function round(value: number): number {
  return toCents(value) / 100;
}

/**
 * `$1,234.50`: US dollars, two decimals, as `toLocaleString('en-US')` writes them (half a cent rounds up, on the
 * number as written: 1.005 is $1.01). Not through Intl: its first number format loads ICU's data, about 10 ms
 * that the Account view's estimate spent on the first rows' path.
 */
export function formatUsd(value: number): string {
  const amount = Math.abs(value);
  // No estimate is one (estimates are bounded, see dollars()); said as formatMoney says a price that is none.
  if (!Number.isFinite(amount)) return '?';
  // Shifting the written digits, not multiplying, keeps 1.005 from becoming 100.49999…. (A sum's float error,
  // such as 31.904999999999998, is rounded as written, where ICU may give a cent more.)
  const written = String(amount);
  const cents = written.includes('e') ? Math.round(amount * 100) : Math.round(Number(`${written}e2`));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** `$12.00/mo` */
export function formatMonthly(value: number): string {
  return l10n.t('{0}/mo', `${value < 0 ? '\u2212' : ''}${formatUsd(value)}`);
}

/** `+$12.00/mo`, `−$48.00/mo` (a true minus sign), `$0.00/mo`. */
export function formatMonthlyChange(value: number): string {
  const rounded = round(value);
  const sign = rounded > 0 ? '+' : rounded < 0 ? '\u2212' : '';
  return l10n.t('{0}/mo', `${sign}${formatUsd(rounded)}`);
}

/** A change in words: `+$12.00/mo`, `−$48.00/mo`, `no change`, or `not estimated`. */
export function monthlyChangeWords(change: number | undefined): string {
  if (change === undefined) return l10n.t('not estimated');
  return Math.round(change * 100) === 0 ? l10n.t('no change') : formatMonthlyChange(change);
}

/** One bucket of a breakdown: what its stacklets add up to. */
export interface CostBucket {
  readonly key: string;
  readonly dollars: number;
  readonly count: number;
  /** Stacklets of the bucket without a price (not in `dollars`). */
  readonly unpriced: number;
}

/**
 * The monthly estimate of `stacklets` by bucket, largest first: `keys` says which buckets a stacklet counts in
 * (a region; each of its tags, so a stacklet with two tags counts twice; an empty list puts it in `other`).
 */
export function breakdown(stacklets: readonly s.Stacklet[], keys: (stacklet: s.Stacklet) => readonly string[], other = ''): CostBucket[] {
  const buckets = new Map<string, { cents: number; count: number; unpriced: number }>();
  for (const stacklet of stacklets) {
    const price = stackletPrice(stacklet);
    const names = keys(stacklet);
    for (const key of names.length > 0 ? new Set(names) : [other]) {
      const bucket = buckets.get(key) ?? { cents: 0, count: 0, unpriced: 0 };
      bucket.count++;
      if (price) bucket.cents += toCents(price.total);
      else bucket.unpriced++;
      buckets.set(key, bucket);
    }
  }
  return [...buckets]
    .map(([key, { cents, count, unpriced }]) => ({ key, dollars: cents / 100, count, unpriced }))
    .sort((a, b) => b.dollars - a.dollars || a.key.localeCompare(b.key));
}

/** The whole account's stacklets: one total. */
export function total(stacklets: readonly s.Stacklet[]): CostBucket {
  return breakdown(stacklets, () => ['all'], 'all')[0] ?? { key: 'all', dollars: 0, count: 0, unpriced: 0 };
}
