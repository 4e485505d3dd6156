/**
 * Firewall rules as sets: normalised (protocol lowercase, '' / null = all; port null = all), compared,
 * diffed per direction and summarised for the save confirmation. No vscode here.
 */

export type Protocol = 'tcp' | 'udp' | 'icmp';

export interface NormalRule {
  readonly address: string;
  readonly port: number | null;
  readonly protocol: Protocol | null;
}

/** What any rule looks like: the service's answer, a document's rule, a request's rule. */
export interface RuleLike {
  readonly address: string;
  readonly port?: number | null;
  readonly protocol?: string | null;
}

export function normaliseRule(rule: RuleLike): NormalRule {
  const protocol = rule.protocol ? (rule.protocol.toLowerCase() as Protocol) : null;
  return { address: rule.address.trim(), port: rule.port ?? null, protocol };
}

export const ruleKey = (rule: RuleLike): string => {
  const n = normaliseRule(rule);
  return `${n.address}|${n.port ?? ''}|${n.protocol ?? ''}`;
};

/** Normalised, duplicates collapsed, in first-seen order. */
export function normaliseRules(rules: readonly RuleLike[]): NormalRule[] {
  const seen = new Set<string>();
  const out: NormalRule[] = [];
  for (const rule of rules) {
    const key = ruleKey(rule);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(normaliseRule(rule));
  }
  return out;
}

export interface RuleDiff {
  readonly added: NormalRule[];
  readonly removed: NormalRule[];
}

export function diffRules(before: readonly RuleLike[], after: readonly RuleLike[]): RuleDiff {
  const a = normaliseRules(before);
  const b = normaliseRules(after);
  const aKeys = new Set(a.map(ruleKey));
  const bKeys = new Set(b.map(ruleKey));
  return { added: b.filter((r) => !aKeys.has(ruleKey(r))), removed: a.filter((r) => !bKeys.has(ruleKey(r))) };
}

/** A firewall as the document edits it. */
export interface FirewallState {
  readonly name: string;
  readonly inbound_rules: readonly RuleLike[];
  readonly outbound_rules: readonly RuleLike[];
  /** undefined: not given (leave the attachments as they are). */
  readonly stacklet_ids?: readonly number[] | undefined;
}

export interface FirewallChange {
  /** The new name, when it changed. */
  readonly rename?: string;
  readonly inbound: RuleDiff;
  readonly outbound: RuleDiff;
  readonly stackletsAdded: number[];
  readonly stackletsRemoved: number[];
}

export function diffFirewall(current: FirewallState, next: FirewallState): FirewallChange {
  const before = new Set(current.stacklet_ids ?? []);
  const after = next.stacklet_ids === undefined ? before : new Set(next.stacklet_ids);
  return {
    ...(next.name !== current.name ? { rename: next.name } : {}),
    inbound: diffRules(current.inbound_rules, next.inbound_rules),
    outbound: diffRules(current.outbound_rules, next.outbound_rules),
    stackletsAdded: [...after].filter((id) => !before.has(id)),
    stackletsRemoved: [...before].filter((id) => !after.has(id)),
  };
}

export function isEmptyChange(change: FirewallChange): boolean {
  return (
    change.rename === undefined &&
    change.inbound.added.length + change.inbound.removed.length + change.outbound.added.length + change.outbound.removed.length === 0 &&
    change.stackletsAdded.length + change.stackletsRemoved.length === 0
  );
}

export function rulesChanged(change: FirewallChange): boolean {
  return change.inbound.added.length + change.inbound.removed.length + change.outbound.added.length + change.outbound.removed.length > 0;
}

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** "rename to web-fw, +2 inbound, −1 outbound, +1 stacklet"; "no changes" when there are none. */
export function summariseChange(change: FirewallChange): string {
  const parts: string[] = [];
  if (change.rename !== undefined) parts.push(`rename to ${change.rename}`);
  const counts = (diff: RuleDiff, direction: string) => {
    if (diff.added.length) parts.push(`+${diff.added.length} ${direction}`);
    if (diff.removed.length) parts.push(`\u2212${diff.removed.length} ${direction}`);
  };
  counts(change.inbound, 'inbound');
  counts(change.outbound, 'outbound');
  if (change.stackletsAdded.length) parts.push(`+${change.stackletsAdded.length} ${plural(change.stackletsAdded.length, 'stacklet')}`);
  if (change.stackletsRemoved.length) parts.push(`\u2212${change.stackletsRemoved.length} ${plural(change.stackletsRemoved.length, 'stacklet')}`);
  return parts.length ? parts.join(', ') : 'no changes';
}

/** "create web-fw with 2 inbound, 1 outbound rules, 1 stacklet". */
export function summariseCreate(state: FirewallState): string {
  const inbound = normaliseRules(state.inbound_rules).length;
  const outbound = normaliseRules(state.outbound_rules).length;
  const stacklets = state.stacklet_ids?.length ?? 0;
  const parts = [`${inbound} inbound`, `${outbound} outbound ${plural(outbound, 'rule')}`];
  if (stacklets) parts.push(`${stacklets} ${plural(stacklets, 'stacklet')}`);
  return `create ${state.name} with ${parts.join(', ')}`;
}

/** One rule as a short phrase: `tcp 22 from 0.0.0.0/0`. */
export function describeRule(rule: RuleLike, direction: 'inbound' | 'outbound'): string {
  const n = normaliseRule(rule);
  return `${n.protocol ?? 'all'} ${n.port ?? 'all ports'} ${direction === 'inbound' ? 'from' : 'to'} ${n.address}`;
}
