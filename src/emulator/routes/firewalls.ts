/**
 * Firewalls: list (INFERRED), get, rename (PUT), delete, create (the rule arrays' misspellings are folded by
 * the request schema), the /rules sub-resource (DOC) and the /stacklets sub-resource (INFERRED). Rules are
 * stored as responses show them: protocol lowercase or null for all, port null when not given.
 */
import { randomUUID } from 'node:crypto';
import { CreateFirewallBody, FirewallRulesBody, StackletIdsBody, UpdateFirewallBody, type FirewallRuleInput } from '../../api/requests';
import { requireOwnStacklets, requireProject, requireRecord, requireUniqueName } from '../stateChecks';
import type { Ctx, Handler } from '../context';
import { ApiError, type FieldError } from '../errors';
import { created, noContent, ok, type Reply, type Router } from '../http';
import { attachFirewall, detachFirewall } from '../links';
import type { FirewallRec, FirewallRuleRec } from '../records';
import { listReply } from '../pagination';
import { parseBody } from '../issueMessages';

export function normaliseRule(rule: FirewallRuleInput): FirewallRuleRec {
  return {
    address: rule.address,
    port: rule.port ?? null,
    protocol: rule.protocol ? rule.protocol.toLowerCase() : null,
  };
}

const ruleKey = (rule: FirewallRuleRec): string => `${rule.address}|${rule.port ?? ''}|${rule.protocol ?? ''}`;

const requireFirewall = (ctx: Ctx): FirewallRec => requireRecord(ctx.account.firewalls, 'firewall', ctx.params['uuid'], ctx.params['uuid']!);
const uuidOf = (f: FirewallRec): string => f.uuid;

/** With the quirk on, the /rules sub-resource does not exist, as on a service that never had it. */
function requireRulesEndpoint(ctx: Ctx, method: string): void {
  if (ctx.config.quirks.noFirewallRulesEndpoints) {
    throw new ApiError(404, 'not_found', `no route ${method} /v1/firewalls/${ctx.params['uuid']}/rules`);
  }
}

/** With the quirk on, only the attribute list's spelling of the rule arrays is taken (nothing is created otherwise). */
function requireInboudSpelling(ctx: Ctx): void {
  if (!ctx.config.quirks.requireInboudRules || typeof ctx.body !== 'object' || ctx.body === null) return;
  const errors: FieldError[] = [];
  for (const [field, spelled] of [['inbound_rules', 'inboud_rules'], ['outbound_rules', 'outboud_rules']] as const) {
    if (field in ctx.body) errors.push({ field, message: `is not a field of this service; it is spelled ${spelled}` });
  }
  if (errors.length > 0) throw ApiError.invalid(errors);
}

function create(ctx: Ctx): Reply {
  requireInboudSpelling(ctx);
  const body = parseBody(CreateFirewallBody, ctx.body);
  const account = ctx.account;
  requireUniqueName(account.firewalls, 'firewall', body.name, uuidOf);
  const project = requireProject(account, body.project_uuid);
  const stacklets = requireOwnStacklets(account, 'stacklet_ids', body.stacklet_ids ?? []);
  const firewall: FirewallRec = {
    uuid: randomUUID(),
    name: body.name,
    created_at: ctx.world.timestamp(),
    inbound_rules: dedupe(body.inbound_rules.map(normaliseRule)),
    outbound_rules: dedupe(body.outbound_rules.map(normaliseRule)),
    project: { ...project },
    resources: { stacklet_ids: [] },
  };
  account.firewalls.add(firewall);
  for (const stacklet of stacklets) attachFirewall(account, firewall, stacklet);
  ctx.applied('firewall.create');
  return created({ firewall });
}

function dedupe(rules: FirewallRuleRec[]): FirewallRuleRec[] {
  const seen = new Set<string>();
  return rules.filter((rule) => !seen.has(ruleKey(rule)) && seen.add(ruleKey(rule)));
}

function update(ctx: Ctx): Reply {
  const firewall = requireFirewall(ctx);
  const body = parseBody(UpdateFirewallBody, ctx.body);
  requireUniqueName(ctx.account.firewalls, 'firewall', body.name, uuidOf, firewall);
  firewall.name = body.name;
  ctx.applied('firewall.update');
  return ok({ firewall });
}

function remove(ctx: Ctx): Reply {
  const firewall = requireFirewall(ctx);
  for (const id of [...firewall.resources.stacklet_ids]) detachFirewall(ctx.account, firewall, id);
  ctx.account.firewalls.delete(firewall.uuid);
  ctx.applied('firewall.delete');
  return noContent();
}

/** Adding a rule that is already there is a no-op, so a retried add cannot duplicate rules. */
function addRules(ctx: Ctx): Reply {
  requireRulesEndpoint(ctx, 'POST');
  const firewall = requireFirewall(ctx);
  const body = parseBody(FirewallRulesBody, ctx.body);
  firewall.inbound_rules = dedupe([...firewall.inbound_rules, ...(body.inbound_rules ?? []).map(normaliseRule)]);
  firewall.outbound_rules = dedupe([...firewall.outbound_rules, ...(body.outbound_rules ?? []).map(normaliseRule)]);
  ctx.applied('firewall.rules.add');
  return ok({ inbound_rules: firewall.inbound_rules, outbound_rules: firewall.outbound_rules });
}

/** Every listed rule must be present; one that is not refuses the whole request (422) and removes nothing. */
function removeRules(ctx: Ctx): Reply {
  requireRulesEndpoint(ctx, 'DELETE');
  const firewall = requireFirewall(ctx);
  const body = parseBody(FirewallRulesBody, ctx.body);
  const errors: FieldError[] = [];
  const plan = (field: 'inbound_rules' | 'outbound_rules', listed: FirewallRuleInput[] | undefined): Set<string> => {
    const present = new Set(firewall[field].map(ruleKey));
    const keys = new Set<string>();
    (listed ?? []).forEach((input, i) => {
      const key = ruleKey(normaliseRule(input));
      if (!present.has(key)) errors.push({ field: `${field}[${i}]`, message: 'is not a rule of this firewall' });
      keys.add(key);
    });
    return keys;
  };
  const inbound = plan('inbound_rules', body.inbound_rules);
  const outbound = plan('outbound_rules', body.outbound_rules);
  if (errors.length > 0) throw ApiError.invalid(errors);
  firewall.inbound_rules = firewall.inbound_rules.filter((rule) => !inbound.has(ruleKey(rule)));
  firewall.outbound_rules = firewall.outbound_rules.filter((rule) => !outbound.has(ruleKey(rule)));
  ctx.applied('firewall.rules.remove');
  return noContent();
}

function addStacklets(ctx: Ctx): Reply {
  const firewall = requireFirewall(ctx);
  const body = parseBody(StackletIdsBody, ctx.body);
  const stacklets = requireOwnStacklets(ctx.account, 'stacklet_ids', body.stacklet_ids);
  for (const stacklet of stacklets) attachFirewall(ctx.account, firewall, stacklet);
  ctx.applied('firewall.stacklets.add');
  return ok({ firewall });
}

function removeStacklets(ctx: Ctx): Reply {
  const firewall = requireFirewall(ctx);
  const body = parseBody(StackletIdsBody, ctx.body);
  requireOwnStacklets(ctx.account, 'stacklet_ids', body.stacklet_ids);
  body.stacklet_ids.forEach((id, i) => {
    if (!firewall.resources.stacklet_ids.includes(id)) {
      throw ApiError.field(`stacklet_ids[${i}]`, `stacklet ${id} is not attached to firewall ${firewall.uuid}`);
    }
  });
  for (const id of body.stacklet_ids) detachFirewall(ctx.account, firewall, id);
  ctx.applied('firewall.stacklets.remove');
  return noContent();
}

export function registerFirewalls(router: Router<Handler>): void {
  router
    .add('GET', '/v1/firewalls', (ctx) => listReply('firewalls', ctx.account.firewalls.all(), ctx.query, ctx.config.quirks))
    .add('POST', '/v1/firewalls', create)
    .add('POST', '/v1/firewalls/:uuid/rules', addRules)
    .add('DELETE', '/v1/firewalls/:uuid/rules', removeRules)
    .add('POST', '/v1/firewalls/:uuid/stacklets', addStacklets)
    .add('DELETE', '/v1/firewalls/:uuid/stacklets', removeStacklets)
    .add('GET', '/v1/firewalls/:uuid', (ctx) => ok({ firewall: requireFirewall(ctx) }))
    .add('PUT', '/v1/firewalls/:uuid', update)
    .add('DELETE', '/v1/firewalls/:uuid', remove);
}
