/**
 * Load balancers in the account document (issue 48): name, region, algorithm, forwarding rules, health check, sticky
 * sessions, the http → https redirect and the backend stacklets, by name. What its create and its one update
 * (src/kinds/loadBalancer/operations.ts) send; the region is fixed once it is made. The service attaches backends
 * only by ID (no tag, unlike a firewall's list), so the document lists stacklets. A new load balancer, or new
 * backends, wait for the stacklets the same document creates. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type { DeclaredKind, DocPath, PlanScope } from '../../documents/account/declaring';
import { fieldChange } from '../../documents/account/accountPlan';
import { boundId, deleteStep, idIn, newName, reference, refs, regionIn, resourceName, sameIds } from '../../documents/account/entryFields';
import { describeHealth, describeSticky, diffLoadBalancer, loadBalancerState, type LoadBalancerState } from './documentChanges';
import { AlgorithmDocument, HealthDocument, RulesDocument, StickySessionsDocument } from './documentSchema';

const Entry = z.strictObject({
  id: boundId('load balancer', 'string'),
  name: resourceName('load balancer'),
  region: z.string().check(z.meta({ description: 'The region\'s slug. Fixed once created: another region is a new load balancer.' })),
  algorithm: AlgorithmDocument,
  rules: RulesDocument,
  health: HealthDocument,
  sticky_sessions: z.optional(z.nullable(StickySessionsDocument)),
  redirect_http_to_https: z.optional(z.boolean()).check(z.meta({ description: 'Answer plain http with a redirect to https.' })),
  stacklets: z.array(reference('A backend stacklet, by name.')).check(z.meta({ description: 'The stacklets it sends traffic to (of its region), the whole list.' })),
});
type Entry = z.infer<typeof Entry>;

/** The entry as the state its document and its update speak of (the backends apart: they may not exist yet). */
function stateOf(entry: Entry): LoadBalancerState {
  return {
    name: entry.name,
    region: entry.region,
    algorithm: entry.algorithm,
    rules: entry.rules,
    health: entry.health,
    sticky_sessions: entry.sticky_sessions,
    redirect_http_to_https: entry.redirect_http_to_https,
  };
}

/** A region the catalog offers load balancers in; a problem on its line when not. */
function checkRegion(scope: PlanScope, path: DocPath, slug: string): void {
  const region = regionIn(scope, path, slug);
  if (region && !region.features.includes('load_balancers')) scope.problem([...path, 'region'], l10n.t('Region {0} offers no load balancers.', slug));
}

export const loadBalancerDeclared: DeclaredKind<'loadBalancer'> = {
  kind: 'loadBalancer',
  field: 'loadBalancers',
  entry: Entry,
  // Before the stacklets behind it.
  deleteRank: 0,
  scopeFacts: (lb) => ({ region: lb.region?.slug }),
  exported: (lb, scope) => {
    const state = loadBalancerState(lb);
    return {
      id: lb.uuid,
      name: lb.name,
      ...(state.region !== undefined ? { region: state.region } : {}),
      algorithm: state.algorithm,
      rules: state.rules,
      health: state.health,
      sticky_sessions: state.sticky_sessions ?? null,
      redirect_http_to_https: state.redirect_http_to_https ?? false,
      stacklets: lb.stacklet_ids.map((id) => scope.refer('stacklet', id) ?? id),
    };
  },
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    newName(scope, path, entry.name);
    checkRegion(scope, path, entry.region);
    const sticky = entry.sticky_sessions;
    if (sticky && (sticky.name === undefined || sticky.ttl === undefined)) scope.problem([...path, 'sticky_sessions'], l10n.t('A new load balancer\'s sticky sessions need a cookie name and a ttl.'));
    const stacklets = refs(scope, 'stacklet', entry.stacklets, [...path, 'stacklets']);
    // The service gives no price for load balancers: the plan says the step is not estimated.
    return scope.step({
      kind: 'loadBalancer', action: 'create', name: entry.name, op: 'create', changes: [], monthlyChangeUsd: undefined,
      input: {
        name: entry.name, region: entry.region, algorithm: entry.algorithm, rules: entry.rules, health: entry.health,
        ...(sticky ? { sticky_sessions: sticky } : {}),
        ...(entry.redirect_http_to_https !== undefined ? { redirect_http_to_https: entry.redirect_http_to_https } : {}),
        ...(stacklets.length > 0 ? { stacklet_ids: stacklets } : {}),
      },
    }, path);
  },
  change: (raw, lb, scope, path) => {
    const entry = raw as Entry;
    const current = loadBalancerState(lb);
    if (current.region !== undefined && entry.region !== current.region) scope.problem([...path, 'region'], l10n.t('A load balancer\'s region cannot change: delete it and create one in {0}.', entry.region));
    const next = stateOf(entry);
    const diff = diffLoadBalancer({ ...current, stacklet_ids: undefined }, next);
    const stacklets = refs(scope, 'stacklet', entry.stacklets, [...path, 'stacklets']);
    const sameStacklets = sameIds(stacklets, lb.stacklet_ids);
    const words: Record<string, (state: LoadBalancerState) => unknown> = {
      name: (state) => state.name,
      algorithm: (state) => state.algorithm,
      health: (state) => describeHealth(state.health),
      sticky_sessions: (state) => describeSticky(state.sticky_sessions),
      redirect_http_to_https: (state) => state.redirect_http_to_https ?? false,
    };
    const changes = [
      ...diff.settings.map((setting) => ({ field: setting, from: words[setting]!(current), to: words[setting]!(next) })),
      diff.rulesAdded.length + diff.rulesRemoved.length > 0 ? { field: 'rules', from: current.rules, to: next.rules } : undefined,
      sameStacklets ? undefined : fieldChange('stacklets', lb.stacklet_ids, entry.stacklets),
    ].filter((change) => change !== undefined);
    if (changes.length === 0 || (diff.settings.includes('name') && !newName(scope, path, entry.name))) return;
    // Only what changes is sent: the update keeps what its input leaves out.
    const input = {
      id: idIn(entry),
      ...Object.fromEntries(diff.settings.map((setting) => [setting, next[setting] ?? null])),
      ...(changes.some((change) => change.field === 'rules') ? { rules: entry.rules } : {}),
      ...(sameStacklets ? {} : { stacklet_ids: stacklets }),
    };
    scope.step({ kind: 'loadBalancer', action: 'update', name: lb.name, op: 'change', input, changes, monthlyChangeUsd: 0 }, path);
  },
  remove: (lb, scope) => {
    deleteStep(scope, 'loadBalancer', lb.name, lb.uuid, { monthlyChangeUsd: undefined });
  },
};
