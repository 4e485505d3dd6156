/**
 * Load balancers: list, get, create (a task; `stacklet_id` and a one-element health array are folded by the
 * request schema), update (PUT takes only name, health, algorithm, sticky_sessions, redirect_http_to_https),
 * delete, the /rules sub-resource (DOC) and the /stacklets sub-resource (INFERRED).
 */
import { randomUUID } from 'node:crypto';
import { CreateLoadBalancerBody, LoadBalancerRulesBody, StackletIdsBody, UpdateLoadBalancerBody, type ForwardingRuleInput, type HealthCheckInput } from '../../api/requests';
import { requireIdle, requireOwnStacklets, requireProject, requireRecord, requireRegion } from '../stateChecks';
import { startTask, type Ctx, type Handler } from '../context';
import { ApiError, type FieldError } from '../errors';
import { created, noContent, ok, type Reply, type Router } from '../http';
import { removeValue } from '../links';
import type { ForwardingRuleRec, HealthRec, LoadBalancerRec, RegionRec, StackletRec } from '../records';
import { listReply } from '../pagination';
import type { Account } from '../world';
import { TASKS } from '../tasks';
import { parseBody } from '../issueMessages';
import type * as z from 'zod/mini';

const requireLoadBalancer = (ctx: Ctx): LoadBalancerRec =>
  requireRecord(ctx.account.loadBalancers, 'load balancer', ctx.params['uuid'], ctx.params['uuid']!);

/** With the quirk on, the /rules and /stacklets sub-resources do not exist, as on a service that never had them. */
function requireSubresource(ctx: Ctx, method: string, what: 'rules' | 'stacklets'): void {
  if (ctx.config.quirks.noLoadBalancerSubresources) {
    throw new ApiError(404, 'not_found', `no route ${method} /v1/load_balancers/${ctx.params['uuid']}/${what}`);
  }
}

function forwardingRule(input: ForwardingRuleInput): ForwardingRuleRec {
  return {
    protocol: input.protocol,
    source_port: input.source_port,
    target_port: input.target_port,
    certificate_id: input.certificate_id ?? null,
    tls_passthrough: input.tls_passthrough ?? false,
  };
}

function health(input: z.output<typeof HealthCheckInput>): HealthRec {
  return {
    protocol: input.protocol,
    ...(input.port !== undefined ? { port: input.port } : {}),
    ...(input.path !== undefined ? { path: input.path } : {}),
    interval: input.interval ?? 10,
    rise: input.rise ?? 3,
    fall: input.fall ?? 3,
  };
}

function stickySessions(input: { name?: string | undefined; ttl?: string | number | undefined } | null | undefined): LoadBalancerRec['sticky_sessions'] {
  if (!input) return null;
  return { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.ttl !== undefined ? { ttl: String(input.ttl) } : {}) };
}

/** Two rules cannot listen on the same port; `existing` are the rules already on the load balancer. */
function requireDistinctPorts(rules: readonly ForwardingRuleRec[], existing: readonly ForwardingRuleRec[] = []): void {
  const used = new Map(existing.map((rule) => [rule.source_port, 'an existing rule']));
  const errors: FieldError[] = [];
  rules.forEach((rule, i) => {
    const holder = used.get(rule.source_port);
    if (holder) errors.push({ field: `rules[${i}].source_port`, message: `port ${rule.source_port} is already used by ${holder}` });
    else used.set(rule.source_port, `rules[${i}]`);
  });
  if (errors.length > 0) throw ApiError.invalid(errors);
}

/** Backends must be the account's stacklets in the load balancer's region. */
function backends(account: Account, region: RegionRec, ids: readonly number[]): StackletRec[] {
  const stacklets = requireOwnStacklets(account, 'stacklet_ids', ids);
  stacklets.forEach((stacklet) => {
    if (stacklet.region.slug !== region.slug) {
      throw ApiError.field(`stacklet_ids[${ids.indexOf(stacklet.id)}]`, `stacklet ${stacklet.id} is in ${stacklet.region.slug}, not ${region.slug}`);
    }
  });
  return stacklets;
}

function create(ctx: Ctx): Reply {
  const body = parseBody(CreateLoadBalancerBody, ctx.body);
  const account = ctx.account;
  const region = requireRegion('region', body.region, 'load_balancers');
  requireProject(account, body.project_uuid);
  const rules = body.rules.map(forwardingRule);
  requireDistinctPorts(rules);
  const stacklets = backends(account, region, body.stacklet_ids ?? []);
  const n = account.loadBalancers.size + 10;
  const lb: LoadBalancerRec = {
    uuid: randomUUID(),
    name: body.name,
    created_at: ctx.world.timestamp(),
    task: null,
    region,
    ip: `203.0.113.${(n % 250) + 2}`,
    algorithm: body.algorithm,
    sticky_sessions: stickySessions(body.sticky_sessions),
    rules,
    health: health(body.health),
    redirect_http_to_https: body.redirect_http_to_https ?? false,
    stacklet_ids: stacklets.map((s) => s.id),
  };
  account.loadBalancers.add(lb);
  startTask(ctx, lb, TASKS.loadBalancerCreate, () => undefined);
  ctx.applied('load_balancer.create');
  return created({ load_balancer: lb });
}

function update(ctx: Ctx): Reply {
  const lb = requireLoadBalancer(ctx);
  const body = parseBody(UpdateLoadBalancerBody, ctx.body);
  requireIdle('load balancer', lb.uuid, lb);
  lb.name = body.name;
  lb.health = health(body.health);
  lb.algorithm = body.algorithm;
  if (body.sticky_sessions !== undefined) lb.sticky_sessions = stickySessions(body.sticky_sessions);
  if (body.redirect_http_to_https !== undefined) lb.redirect_http_to_https = body.redirect_http_to_https;
  ctx.applied('load_balancer.update');
  return ok({ load_balancer: lb });
}

function remove(ctx: Ctx): Reply {
  const lb = requireLoadBalancer(ctx);
  requireIdle('load balancer', lb.uuid, lb);
  ctx.account.loadBalancers.delete(lb.uuid);
  ctx.applied('load_balancer.delete');
  return noContent();
}

const sameRule = (a: ForwardingRuleRec, b: ForwardingRuleRec): boolean =>
  a.protocol === b.protocol && a.source_port === b.source_port && a.target_port === b.target_port;

function addRules(ctx: Ctx): Reply {
  requireSubresource(ctx, 'POST', 'rules');
  const lb = requireLoadBalancer(ctx);
  const body = parseBody(LoadBalancerRulesBody, ctx.body);
  requireIdle('load balancer', lb.uuid, lb);
  // A rule identical to one already there is skipped, so a retried add changes nothing.
  const fresh = body.rules.map(forwardingRule).filter((rule) => !lb.rules.some((r) => sameRule(r, rule)));
  requireDistinctPorts(fresh, lb.rules);
  lb.rules.push(...fresh);
  ctx.applied('load_balancer.rules.add');
  return ok({ rules: lb.rules });
}

function removeRules(ctx: Ctx): Reply {
  requireSubresource(ctx, 'DELETE', 'rules');
  const lb = requireLoadBalancer(ctx);
  const body = parseBody(LoadBalancerRulesBody, ctx.body);
  requireIdle('load balancer', lb.uuid, lb);
  const listed = body.rules.map(forwardingRule);
  const errors: FieldError[] = [];
  listed.forEach((rule, i) => {
    if (!lb.rules.some((r) => sameRule(r, rule))) errors.push({ field: `rules[${i}]`, message: 'is not a rule of this load balancer' });
  });
  if (errors.length > 0) throw ApiError.invalid(errors);
  const remaining = lb.rules.filter((r) => !listed.some((rule) => sameRule(r, rule)));
  if (remaining.length === 0) throw ApiError.field('rules', 'a load balancer needs at least one forwarding rule');
  lb.rules = remaining;
  ctx.applied('load_balancer.rules.remove');
  return noContent();
}

function addStacklets(ctx: Ctx): Reply {
  requireSubresource(ctx, 'POST', 'stacklets');
  const lb = requireLoadBalancer(ctx);
  const body = parseBody(StackletIdsBody, ctx.body);
  requireIdle('load balancer', lb.uuid, lb);
  for (const stacklet of backends(ctx.account, lb.region, body.stacklet_ids)) {
    if (!lb.stacklet_ids.includes(stacklet.id)) lb.stacklet_ids.push(stacklet.id);
  }
  ctx.applied('load_balancer.stacklets.add');
  return ok({ load_balancer: lb });
}

function removeStacklets(ctx: Ctx): Reply {
  requireSubresource(ctx, 'DELETE', 'stacklets');
  const lb = requireLoadBalancer(ctx);
  const body = parseBody(StackletIdsBody, ctx.body);
  requireIdle('load balancer', lb.uuid, lb);
  body.stacklet_ids.forEach((id, i) => {
    if (!lb.stacklet_ids.includes(id)) throw ApiError.field(`stacklet_ids[${i}]`, `stacklet ${id} is not a backend of load balancer ${lb.uuid}`);
  });
  for (const id of body.stacklet_ids) removeValue(lb.stacklet_ids, id);
  ctx.applied('load_balancer.stacklets.remove');
  return noContent();
}

export function registerLoadBalancers(router: Router<Handler>): void {
  router
    .add('GET', '/v1/load_balancers', (ctx) => listReply('load_balancers', ctx.account.loadBalancers.all(), ctx.query, ctx.config.quirks))
    .add('POST', '/v1/load_balancers', create)
    .add('POST', '/v1/load_balancers/:uuid/rules', addRules)
    .add('DELETE', '/v1/load_balancers/:uuid/rules', removeRules)
    .add('POST', '/v1/load_balancers/:uuid/stacklets', addStacklets)
    .add('DELETE', '/v1/load_balancers/:uuid/stacklets', removeStacklets)
    .add('GET', '/v1/load_balancers/:uuid', (ctx) => ok({ load_balancer: requireLoadBalancer(ctx) }))
    .add('PUT', '/v1/load_balancers/:uuid', update)
    .add('DELETE', '/v1/load_balancers/:uuid', remove);
}
