/**
 * Firewall rules as sets: normalised (protocol lowercase, '' / null = all; port null = all), compared,
 * diffed per direction and described for the save confirmation. No vscode here.
 */
import * as l10n from '@vscode/l10n';

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

/** One rule as a short phrase: `TCP 22 from 0.0.0.0/0`, `all protocols, all ports to 10.0.0.0/8`. */
export function describeRule(rule: RuleLike, direction: 'inbound' | 'outbound'): string {
  const n = normaliseRule(rule);
  const protocol = n.protocol ? n.protocol.toUpperCase() : l10n.t('all protocols');
  const port = n.port !== null ? String(n.port) : l10n.t('all ports');
  return direction === 'inbound' ? l10n.t('{0} {1} from {2}', protocol, port, n.address) : l10n.t('{0} {1} to {2}', protocol, port, n.address);
}

/** The change, one line a part, for the confirmation. */
export function describeFirewallChange(change: FirewallChange): string[] {
  const lines: string[] = [];
  if (change.rename !== undefined) lines.push(l10n.t('Rename to {0}', change.rename));
  for (const rule of change.inbound.removed) lines.push(l10n.t('Remove inbound rule: {0}', describeRule(rule, 'inbound')));
  for (const rule of change.inbound.added) lines.push(l10n.t('Add inbound rule: {0}', describeRule(rule, 'inbound')));
  for (const rule of change.outbound.removed) lines.push(l10n.t('Remove outbound rule: {0}', describeRule(rule, 'outbound')));
  for (const rule of change.outbound.added) lines.push(l10n.t('Add outbound rule: {0}', describeRule(rule, 'outbound')));
  for (const id of change.stackletsRemoved) lines.push(l10n.t('Detach stacklet {0}', id));
  for (const id of change.stackletsAdded) lines.push(l10n.t('Attach stacklet {0}', id));
  return lines;
}

/** A new firewall, one line a part, for the confirmation. */
export function describeFirewallCreate(state: FirewallState): string[] {
  return [
    l10n.t('Name: {0}', state.name),
    ...normaliseRules(state.inbound_rules).map((rule) => l10n.t('Inbound rule: {0}', describeRule(rule, 'inbound'))),
    ...normaliseRules(state.outbound_rules).map((rule) => l10n.t('Outbound rule: {0}', describeRule(rule, 'outbound'))),
    ...(state.stacklet_ids ?? []).map((id) => l10n.t('Attach stacklet {0}', id)),
  ];
}
