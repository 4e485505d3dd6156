/**
 * Load balancers as documents: parsed, rendered from the service's state, and the steps its update definition
 * applies through PUT (settings), the /rules sub-resource and the /stacklets sub-resource (service notes §7).
 * No vscode here.
 */
import * as l10n from '@vscode/l10n';
import type { StackletClient } from '../../api/client';
import type * as req from '../../api/requests';
import type { DocumentKind, Parsed, ResourceName } from '../../documents/documentKind';
import { parseJsonDocument, renderJsonDocument } from '../../documents/jsonDocument';
import { ruleCount as rules, stackletList as stacklets, type ApplyRequest } from '../../documents/outcome';
import { diffLoadBalancer, isEmptyLoadBalancerChange, loadBalancerState, normalRule, type LoadBalancerChange, type LoadBalancerState, type RuleState } from './documentChanges';
import { LoadBalancerDocument } from './documentSchema';
import { DOCUMENT_SCHEMES } from '../schemes';

export function parseLoadBalancerDocument(text: string): Parsed<LoadBalancerState> {
  const parsed = parseJsonDocument(text, LoadBalancerDocument);
  if (!parsed.ok) return parsed;
  const { $schema: _ignored, ...state } = parsed.value;
  return { ok: true, problems: [], value: state };
}

/** The document body: every field stated, so what the service has is what the user reads. */
function body(state: LoadBalancerState): Record<string, unknown> {
  return {
    name: state.name,
    ...(state.region !== undefined ? { region: state.region } : {}),
    algorithm: state.algorithm,
    rules: state.rules.map((rule) => ({ ...rule })),
    health: { ...state.health },
    sticky_sessions: state.sticky_sessions ?? null,
    redirect_http_to_https: state.redirect_http_to_https ?? false,
    stacklet_ids: [...(state.stacklet_ids ?? [])],
  };
}

function howTo(): string[] {
  return [
    l10n.t('rules: protocol (http, https, http2, tcp), source_port → target_port; certificate_id and tls_passthrough for https.'),
    l10n.t('health: protocol (http, tcp), port, path; interval, rise, fall. stacklet_ids: the backends.'),
  ];
}

export function loadBalancerText(state: LoadBalancerState, lb: ResourceName): string {
  return renderJsonDocument([l10n.t('Load balancer {0} ({1}). Save (Ctrl+S) to apply; auto-save keeps a draft.', lb.name, lb.id), ...howTo()], body(state));
}

export function newLoadBalancerTemplate(name: string): string {
  const state: LoadBalancerState = {
    name,
    region: 'fra',
    algorithm: 'round_robin',
    rules: [{ protocol: 'http', source_port: 80, target_port: 80 }],
    health: { protocol: 'http', port: 80, path: '/health', interval: 10, rise: 3, fall: 3 },
    sticky_sessions: null,
    redirect_http_to_https: false,
    stacklet_ids: [],
  };
  return renderJsonDocument([l10n.t('New load balancer: set its region and rules, then save (Ctrl+S) to create it; auto-save keeps a draft.'), ...howTo()], body(state));
}

const requestRule = (rule: RuleState): req.ForwardingRuleInput => {
  const n = normalRule(rule);
  return { protocol: n.protocol, source_port: n.source_port, target_port: n.target_port, certificate_id: n.certificate_id, tls_passthrough: n.tls_passthrough };
};

function settingsBody(state: LoadBalancerState): req.UpdateLoadBalancerBody {
  return {
    name: state.name,
    health: { ...state.health },
    algorithm: state.algorithm,
    ...(state.sticky_sessions !== undefined ? { sticky_sessions: state.sticky_sessions } : {}),
    ...(state.redirect_http_to_https !== undefined ? { redirect_http_to_https: state.redirect_http_to_https } : {}),
  };
}


/** The requests that turn the load balancer `uuid` into the document's state, in order. */
export function loadBalancerRequests(change: LoadBalancerChange, client: StackletClient, uuid: string): ApplyRequest[] {
  const steps: ApplyRequest[] = [];
  const rulesPart = l10n.t('rules');
  const backendsPart = l10n.t('backend stacklets');
  if (change.settings.length > 0) {
    const settings = settingsBody(change.next);
    steps.push({ label: l10n.t('update {0}', change.settings.join(', ')), part: l10n.t('settings'), run: () => client.updateLoadBalancer(uuid, settings) });
  }
  const addRules = (list: readonly RuleState[]) => {
    if (list.length > 0) steps.push({ label: l10n.t('add {0}', rules(list.length)), part: rulesPart, run: () => client.addLoadBalancerRules(uuid, list.map(requestRule)) });
  };
  // A load balancer keeps at least one rule: when every rule is replaced, the new ones whose ports are free go first.
  const takenPorts = new Set(change.rulesRemoved.map((rule) => rule.source_port));
  const first = change.replacesAllRules ? change.rulesAdded.filter((rule) => !takenPorts.has(rule.source_port)) : [];
  addRules(first);
  if (change.rulesRemoved.length > 0) {
    const removed = change.rulesRemoved.map(requestRule);
    steps.push({ label: l10n.t('remove {0}', rules(removed.length)), part: rulesPart, run: () => client.removeLoadBalancerRules(uuid, removed) });
  }
  addRules(change.rulesAdded.filter((rule) => !first.includes(rule)));
  if (change.stackletsRemoved.length > 0) {
    const ids = [...change.stackletsRemoved];
    steps.push({ label: l10n.t('remove backend {0}', stacklets(ids)), part: backendsPart, run: () => client.removeLoadBalancerStacklets(uuid, ids) });
  }
  if (change.stackletsAdded.length > 0) {
    const ids = [...change.stackletsAdded];
    steps.push({ label: l10n.t('add backend {0}', stacklets(ids)), part: backendsPart, run: () => client.addLoadBalancerStacklets(uuid, ids) });
  }
  return steps;
}

/** Sticky sessions and the https redirect, where the document states them. */
function optionalSettings(next: LoadBalancerState): Record<string, unknown> {
  return {
    ...(next.sticky_sessions !== undefined ? { sticky_sessions: next.sticky_sessions } : {}),
    ...(next.redirect_http_to_https !== undefined ? { redirect_http_to_https: next.redirect_http_to_https } : {}),
  };
}

export const loadBalancerKind: DocumentKind<LoadBalancerState, LoadBalancerChange> = {
  id: 'loadBalancer',
  scheme: DOCUMENT_SCHEMES.loadBalancer,
  extension: '.jsonc',
  language: 'jsonc',
  listing: 'loadBalancer',
  newName: 'new-load-balancer',
  noun: () => l10n.t('load balancer'),
  parse: parseLoadBalancerDocument,
  nameOf: (state) => state.name,
  async read(client, uuid) {
    const lb = await client.getLoadBalancer(uuid);
    return { state: loadBalancerState(lb), name: lb.name };
  },
  render: loadBalancerText,
  template: newLoadBalancerTemplate,
  diff: diffLoadBalancer,
  isEmpty: isEmptyLoadBalancerChange,
  // A save sends through the load balancer's update, as an agent's does (what the document leaves out stays).
  updateInput: (next, id) => ({
    id,
    name: next.name,
    algorithm: next.algorithm,
    rules: next.rules,
    health: next.health,
    ...optionalSettings(next),
    ...(next.stacklet_ids !== undefined ? { stacklet_ids: next.stacklet_ids } : {}),
  }),
  // A new one through the load balancer's create: the same body builder as the wizard's and an agent's.
  createInput: (next) => ({
    name: next.name,
    ...(next.region !== undefined ? { region: next.region } : {}),
    algorithm: next.algorithm,
    rules: next.rules,
    health: next.health,
    ...optionalSettings(next),
    stacklet_ids: [...(next.stacklet_ids ?? [])],
  }),
};
