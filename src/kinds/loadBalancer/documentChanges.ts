/**
 * A load balancer as its document states it, the difference between two such states, and that difference
 * in words. The service changes a load balancer in three places (service notes §7): PUT takes only name,
 * health, algorithm, sticky_sessions and redirect_http_to_https; the /rules and /stacklets sub-resources take
 * the rest. No vscode here.
 */
import * as l10n from '@vscode/l10n';
import type * as s from '../../api/schemas';

export interface RuleState {
  readonly protocol: string;
  readonly source_port: number;
  readonly target_port: number;
  readonly certificate_id?: number | null | undefined;
  readonly tls_passthrough?: boolean | undefined;
}

export interface HealthState {
  readonly protocol: string;
  readonly port?: number | undefined;
  readonly path?: string | undefined;
  readonly interval?: number | undefined;
  readonly rise?: number | undefined;
  readonly fall?: number | undefined;
}

export interface StickyState {
  readonly name?: string | undefined;
  readonly ttl?: number | undefined;
}

export interface LoadBalancerState {
  readonly name: string;
  /** Only for a new load balancer; one that exists cannot move. */
  readonly region?: string | undefined;
  readonly algorithm: string;
  readonly rules: readonly RuleState[];
  readonly health: HealthState;
  /** null: none; undefined: not stated (leave as it is). */
  readonly sticky_sessions?: StickyState | null | undefined;
  readonly redirect_http_to_https?: boolean | undefined;
  /** undefined: not stated (leave the backends as they are). */
  readonly stacklet_ids?: readonly number[] | undefined;
}

/** The service's health check when it answers without one: a TCP check of the first rule's target port. */
function healthOf(lb: s.LoadBalancer): HealthState {
  const health = lb.health;
  if (!health) return { protocol: 'tcp', port: lb.rules[0]?.target_port };
  return {
    protocol: health.protocol,
    ...(health.port !== null && health.port !== undefined ? { port: health.port } : {}),
    ...(health.path !== null && health.path !== undefined ? { path: health.path } : {}),
    ...(health.interval !== undefined ? { interval: health.interval } : {}),
    ...(health.rise !== undefined ? { rise: health.rise } : {}),
    ...(health.fall !== undefined ? { fall: health.fall } : {}),
  };
}

export function loadBalancerState(lb: s.LoadBalancer): LoadBalancerState {
  const ttl = lb.sticky_sessions?.ttl;
  return {
    name: lb.name,
    ...(lb.region?.slug !== undefined ? { region: lb.region.slug } : {}),
    algorithm: lb.algorithm,
    rules: lb.rules.map((rule) => ({
      protocol: rule.protocol,
      source_port: rule.source_port,
      target_port: rule.target_port,
      ...(rule.certificate_id !== null && rule.certificate_id !== undefined ? { certificate_id: rule.certificate_id } : {}),
      ...(rule.tls_passthrough ? { tls_passthrough: true } : {}),
    })),
    health: healthOf(lb),
    sticky_sessions: lb.sticky_sessions
      ? { ...(lb.sticky_sessions.name !== undefined ? { name: lb.sticky_sessions.name } : {}), ...(ttl !== undefined && ttl !== '' ? { ttl: Number(ttl) } : {}) }
      : null,
    redirect_http_to_https: lb.redirect_http_to_https,
    stacklet_ids: [...lb.stacklet_ids],
  };
}

/** A rule in the form the service keeps: no certificate is null, no passthrough is false. */
export function normalRule(rule: RuleState): Required<RuleState> {
  return { protocol: rule.protocol, source_port: rule.source_port, target_port: rule.target_port, certificate_id: rule.certificate_id ?? null, tls_passthrough: rule.tls_passthrough ?? false };
}

const ruleKey = (rule: RuleState) => JSON.stringify(normalRule(rule));

/** The health check with the service's defaults filled in (an omitted interval is 10, rise and fall 3). */
const normalHealth = (health: HealthState) => ({ protocol: health.protocol, port: health.port ?? null, path: health.path ?? null, interval: health.interval ?? 10, rise: health.rise ?? 3, fall: health.fall ?? 3 });
const normalSticky = (sticky: StickyState | null | undefined) => (sticky ? { name: sticky.name ?? null, ttl: sticky.ttl ?? null } : null);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type Setting = 'name' | 'algorithm' | 'health' | 'sticky_sessions' | 'redirect_http_to_https';

export interface LoadBalancerChange {
  /** Settings PUT changes; empty when PUT is not needed. */
  readonly settings: readonly Setting[];
  /** The whole state PUT sends (it takes name, health and algorithm every time). */
  readonly next: LoadBalancerState;
  readonly rulesAdded: readonly RuleState[];
  readonly rulesRemoved: readonly RuleState[];
  /** True when every current rule goes: the new ones that fit are added first, so one always remains. */
  readonly replacesAllRules: boolean;
  readonly stackletsAdded: readonly number[];
  readonly stackletsRemoved: readonly number[];
  /** A region the document names that is not the load balancer's (it cannot move): ignored. */
  readonly regionIgnored?: string;
}

export function diffLoadBalancer(current: LoadBalancerState, next: LoadBalancerState): LoadBalancerChange {
  const settings: Setting[] = [];
  if (next.name !== current.name) settings.push('name');
  if (next.algorithm !== current.algorithm) settings.push('algorithm');
  if (!same(normalHealth(next.health), normalHealth(current.health))) settings.push('health');
  if (next.sticky_sessions !== undefined && !same(normalSticky(next.sticky_sessions), normalSticky(current.sticky_sessions))) settings.push('sticky_sessions');
  if (next.redirect_http_to_https !== undefined && next.redirect_http_to_https !== (current.redirect_http_to_https ?? false)) settings.push('redirect_http_to_https');
  const before = new Set(current.rules.map(ruleKey));
  const after = new Set(next.rules.map(ruleKey));
  const rulesRemoved = current.rules.filter((rule) => !after.has(ruleKey(rule)));
  const stackletsBefore = new Set(current.stacklet_ids ?? []);
  const stackletsAfter = next.stacklet_ids === undefined ? stackletsBefore : new Set(next.stacklet_ids);
  return {
    settings,
    next,
    rulesAdded: next.rules.filter((rule, i) => !before.has(ruleKey(rule)) && next.rules.findIndex((r) => ruleKey(r) === ruleKey(rule)) === i),
    rulesRemoved,
    replacesAllRules: rulesRemoved.length > 0 && rulesRemoved.length === current.rules.length,
    stackletsAdded: [...stackletsAfter].filter((id) => !stackletsBefore.has(id)),
    stackletsRemoved: [...stackletsBefore].filter((id) => !stackletsAfter.has(id)),
    ...(next.region !== undefined && current.region !== undefined && next.region !== current.region ? { regionIgnored: next.region } : {}),
  };
}

export function isEmptyLoadBalancerChange(change: LoadBalancerChange): boolean {
  return change.settings.length + change.rulesAdded.length + change.rulesRemoved.length + change.stackletsAdded.length + change.stackletsRemoved.length === 0;
}

/** `HTTPS 443 → 8443 (certificate 12, TLS passthrough)`. */
export function describeForwardingRule(rule: RuleState): string {
  const extras = [
    ...(rule.certificate_id !== null && rule.certificate_id !== undefined ? [l10n.t('certificate {0}', rule.certificate_id)] : []),
    ...(rule.tls_passthrough ? [l10n.t('TLS passthrough')] : []),
  ];
  return `${rule.protocol.toUpperCase()} ${rule.source_port} → ${rule.target_port}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

export function describeHealth(health: HealthState): string {
  const h = normalHealth(health);
  const where = `${h.protocol.toUpperCase()}${h.port !== null ? ` :${h.port}` : ''}${h.path ?? ''}`;
  return l10n.t('{0} every {1} s, up after {2}, down after {3}', where, h.interval, h.rise, h.fall);
}

export function describeSticky(sticky: StickyState | null | undefined): string {
  if (!sticky) return l10n.t('none');
  return sticky.ttl !== undefined ? l10n.t('cookie {0} for {1} s', sticky.name ?? '—', sticky.ttl) : l10n.t('cookie {0}', sticky.name ?? '—');
}

const yesNo = (value: boolean | undefined) => (value ? l10n.t('yes') : l10n.t('no'));

function settingLine(setting: Setting, next: LoadBalancerState): string {
  switch (setting) {
    case 'name': return l10n.t('Rename to {0}', next.name);
    case 'algorithm': return l10n.t('Algorithm: {0}', next.algorithm);
    case 'health': return l10n.t('Health check: {0}', describeHealth(next.health));
    case 'sticky_sessions': return l10n.t('Sticky sessions: {0}', describeSticky(next.sticky_sessions));
    case 'redirect_http_to_https': return l10n.t('Redirect http to https: {0}', yesNo(next.redirect_http_to_https));
  }
}

/** The change, one line a part, for the confirmation. */
export function describeLoadBalancerChange(change: LoadBalancerChange): string[] {
  return [
    ...change.settings.map((setting) => settingLine(setting, change.next)),
    ...change.rulesRemoved.map((rule) => l10n.t('Remove rule: {0}', describeForwardingRule(rule))),
    ...change.rulesAdded.map((rule) => l10n.t('Add rule: {0}', describeForwardingRule(rule))),
    ...change.stackletsRemoved.map((id) => l10n.t('Remove backend stacklet {0}', id)),
    ...change.stackletsAdded.map((id) => l10n.t('Add backend stacklet {0}', id)),
    ...(change.regionIgnored !== undefined ? [l10n.t('The region stays as it is: a load balancer cannot move to {0}.', change.regionIgnored)] : []),
  ];
}

/** A new load balancer, one line a part, for the confirmation. */
export function describeLoadBalancerCreate(next: LoadBalancerState): string[] {
  return [
    l10n.t('Name: {0}', next.name),
    l10n.t('Region: {0}', next.region ?? '—'),
    l10n.t('Algorithm: {0}', next.algorithm),
    ...next.rules.map((rule) => l10n.t('Rule: {0}', describeForwardingRule(rule))),
    l10n.t('Health check: {0}', describeHealth(next.health)),
    ...(next.sticky_sessions ? [l10n.t('Sticky sessions: {0}', describeSticky(next.sticky_sessions))] : []),
    ...(next.redirect_http_to_https ? [l10n.t('Redirect http to https: {0}', yesNo(true))] : []),
    ...(next.stacklet_ids ?? []).map((id) => l10n.t('Add backend stacklet {0}', id)),
  ];
}
