/**
 * What can be done to a load balancer, each defined once (src/actions/definition.ts): a create (the body Create
 * Load Balancer's wizard sends, built by the same builder), an update (its settings, forwarding rules and backend
 * stacklets, as its document applies them: the document's schema checks the state, its diff and steps send it)
 * and a deletion. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import { ActionInputError } from '../../actions/refusals';
import { resolve } from '../../agent/reads';
import { define, type ActionContext, type ActionDefinition, type Literal, type PlannedResource } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { createAction } from '../../actions/creation';
import { button } from '../../actions/buttons';
import { head } from '../../actions/answers';
import { idField, targetId, text, wholeNumber } from '../../actions/fields';
import { projectOf, refuse, regionOf } from '../../actions/conditions';
import { buildCreateLoadBalancerBody } from '../../api/loadBalancerBody';
import { LB_ALGORITHMS, LB_HEALTH_PROTOCOLS, LB_PROTOCOLS } from '../../api/validators';
import { describeLoadBalancerChange, describeLoadBalancerCreate, diffLoadBalancer, isEmptyLoadBalancerChange, loadBalancerState, type LoadBalancerChange, type LoadBalancerState } from './documentChanges';
import { loadBalancerRequests } from './document';
import { LoadBalancerDocument } from './documentSchema';
import { IncompleteApply, isComplete, sendRequests } from '../../documents/outcome';
import { applyQuestion } from '../../model/actionWords';

// One schema per field for both actions (a tool's field has one type). The nested fields are typed here and
// described once in their field's description, and the whole state is then checked by the document's own schema
// (ranges, one rule per port…): the document schema's per-property descriptions and examples, for its editor,
// would double the tool's size for a model.
const port = wholeNumber();
const fields = {
  name: text('The load balancer\'s name.'),
  algorithm: z.enum(LB_ALGORITHMS).check(z.describe('How requests are spread over the stacklets.')),
  rules: z.array(z.strictObject({
    protocol: z.enum(LB_PROTOCOLS),
    source_port: port,
    target_port: port,
    certificate_id: z.optional(z.nullable(wholeNumber())),
    tls_passthrough: z.optional(z.boolean()),
  })).check(z.describe('The whole list of forwarding rules, one per source_port (0–65535); certificate_id (TLS ends at the load balancer) or tls_passthrough for https.')),
  health: z.strictObject({
    protocol: z.enum(LB_HEALTH_PROTOCOLS),
    port: z.optional(port),
    path: z.optional(z.string()),
    interval: z.optional(wholeNumber()),
    rise: z.optional(wholeNumber()),
    fall: z.optional(wholeNumber()),
  }).check(z.describe('The health check: path for http (such as /health), interval 3–300 s (10), rise and fall 1–10 (3).')),
  sticky_sessions: z.nullable(z.strictObject({ name: z.optional(z.string()), ttl: z.optional(wholeNumber()) }))
    .check(z.describe('Sticky sessions: the cookie\'s name and ttl in seconds; null for none.')),
  redirect_http_to_https: z.boolean().check(z.describe('Answer plain http with a redirect to https.')),
  stacklet_ids: z.array(wholeNumber().check(z.positive())).check(z.describe('The backend stacklets\' IDs (of its region), the whole list.')),
};

/** A state refused as its document would be: the schema's first problem, naming its field (`rules.1.source_port`). */
function checkState(state: LoadBalancerState): void {
  const result = z.safeParse(LoadBalancerDocument, state);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  throw new ActionInputError(issue.path.length > 0 ? issue.path.map(String).join('.') : 'input', issue.message);
}

/** The stacklets `ids`, by name and ID (the ID alone for one the listing does not have). */
async function stackletsNamed(ctx: ActionContext, ids: readonly number[]): Promise<PlannedResource[]> {
  if (ids.length === 0) return [];
  const listed = await ctx.store.get('stacklet').then((listing) => listing.items, () => []);
  return ids.map((id) => ({ kind: 'stacklet', id, name: listed.find((item) => item.id === id)?.name ?? String(id), role: 'stacklet' }));
}

/** The state with the text a model or the service wrote (names, the cookie, the path) in the door's literal form, for the confirmation. */
function literalState(state: LoadBalancerState, literal: Literal): LoadBalancerState {
  const sticky = state.sticky_sessions;
  return {
    ...state,
    name: literal(state.name),
    ...(state.region !== undefined ? { region: literal(state.region) } : {}),
    health: { ...state.health, ...(state.health.path !== undefined ? { path: literal(state.health.path) } : {}) },
    ...(sticky ? { sticky_sessions: { ...sticky, ...(sticky.name !== undefined ? { name: literal(sticky.name) } : {}) } } : {}),
  };
}

const create = createAction({
  kind: 'loadBalancer',
  title: 'Create a load balancer',
  description: 'Creates a load balancer: name, region, algorithm, rules, health (port: the first rule\'s target port when absent), stacklet_ids (of that region), sticky_sessions (name and ttl), redirect_http_to_https, project. No price is given for load balancers.',
  shape: {
    name: fields.name,
    region: text('A region slug (stacklet_catalog what=regions) offering load balancers.'),
    algorithm: fields.algorithm,
    rules: fields.rules,
    health: fields.health,
    stacklet_ids: z.optional(fields.stacklet_ids),
    sticky_sessions: z.optional(fields.sticky_sessions),
    redirect_http_to_https: z.optional(fields.redirect_http_to_https),
    project: z.optional(idField('The project\'s ID; the default project when absent.')),
  },
  progress: (name) => l10n.t('Creating load balancer {0}…', name),
  failure: (name) => l10n.t('Could not create load balancer {0}', name),
  plan: async (ctx, input) => {
    // As the wizard asks it: the port defaults to the first rule's target port, and only an http check has a path.
    const { path, ...check } = input.health;
    const health = { ...check, port: check.port ?? input.rules[0]?.target_port, ...(check.protocol === 'http' ? { path: path ?? '/' } : {}) };
    const state: LoadBalancerState = {
      name: input.name, region: input.region, algorithm: input.algorithm, rules: input.rules, health,
      sticky_sessions: input.sticky_sessions ?? null, redirect_http_to_https: input.redirect_http_to_https ?? false, stacklet_ids: input.stacklet_ids ?? [],
    };
    checkState(state);
    const sticky = input.sticky_sessions ?? undefined;
    if (sticky && sticky.name === undefined) throw new ActionInputError('sticky_sessions.name', l10n.t('is required'));
    if (sticky && sticky.ttl === undefined) throw new ActionInputError('sticky_sessions.ttl', l10n.t('is required'));
    const region = await regionOf(ctx, input.region, 'region', 'load_balancers');
    // The wizard offers the stacklets of the region as backends.
    const ids = input.stacklet_ids ?? [];
    const stacklets = ids.length === 0 ? undefined : (await ctx.store.get('stacklet').catch(() => undefined))?.items;
    if (stacklets && ids.some((id) => !stacklets.some((stacklet) => stacklet.id === id && stacklet.region.slug === region))) {
      throw new ActionInputError('stacklet_ids', l10n.t('must be stacklets of the load balancer\'s region'));
    }
    const project = await projectOf(ctx, input.project === undefined ? undefined : String(input.project));
    const body = {
      ...buildCreateLoadBalancerBody({
        name: input.name,
        region,
        algorithm: input.algorithm,
        rules: input.rules,
        health: { ...health, port: health.port! },
        stackletIds: ids,
        ...(sticky ? { sticky: { cookieName: sticky.name!, ttlSeconds: sticky.ttl! } } : {}),
        redirectHttpToHttps: input.redirect_http_to_https ?? false,
      }),
      ...project,
    };
    return {
      resources: await stackletsNamed(ctx, ids),
      change: { create: body },
      monthlyChangeUsd: undefined,
      words: (literal) => ({
        question: l10n.t('Create load balancer {0}?', literal(input.name)),
        detail: describeLoadBalancerCreate(literalState({ ...state, region }, literal)).join('\n'),
      }),
      request: () => ctx.client.createLoadBalancer(body),
    };
  },
});

/** The change with the new state's text in the door's literal form. */
function literalChange(change: LoadBalancerChange, literal: Literal): LoadBalancerChange {
  return { ...change, next: literalState(change.next, literal) };
}

const update = define({
  kind: 'loadBalancer',
  action: 'update',
  title: 'Change a load balancer\'s settings, rules and backends',
  description: 'Changes a load balancer (id) as its document does: any of name, algorithm, rules and stacklet_ids (each the whole list: rules not given are removed), health, sticky_sessions, redirect_http_to_https; what is absent stays. Refused when nothing changes.',
  shape: {
    id: targetId('loadBalancer'),
    name: z.optional(fields.name),
    algorithm: z.optional(fields.algorithm),
    rules: z.optional(fields.rules),
    health: z.optional(fields.health),
    sticky_sessions: z.optional(fields.sticky_sessions),
    redirect_http_to_https: z.optional(fields.redirect_http_to_https),
    stacklet_ids: z.optional(fields.stacklet_ids),
  },
  destructive: true,
  plan: async (ctx, input) => {
    const ref = await resolve(ctx, 'loadBalancer', String(input.id));
    const lb: s.LoadBalancer = await ctx.client.getLoadBalancer(String(ref.id));
    const current = loadBalancerState(lb);
    const { id: _id, ...given } = input;
    const next: LoadBalancerState = { ...current, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
    checkState(next);
    const change = diffLoadBalancer(current, next);
    if (isEmptyLoadBalancerChange(change)) refuse(ref, 'unchanged', l10n.t('These are its settings already: nothing would change.'));
    return {
      resources: [{ ...head(ref), role: 'target' }, ...await stackletsNamed(ctx, [...change.stackletsRemoved, ...change.stackletsAdded])],
      change: {
        settings: Object.fromEntries(change.settings.map((setting) => [setting, next[setting] ?? null])),
        rulesAdded: change.rulesAdded, rulesRemoved: change.rulesRemoved,
        stackletsAdded: change.stackletsAdded, stackletsRemoved: change.stackletsRemoved,
      },
      failure: l10n.t('Could not update load balancer {0}', ref.name),
      progress: l10n.t('Applying to {0}…', `${l10n.t('load balancer')} ${ref.name}`),
      stale: ['loadBalancer'],
      words: (literal) => ({
        question: applyQuestion(`${l10n.t('load balancer')} ${literal(ref.name)}`),
        detail: describeLoadBalancerChange(literalChange(change, literal)).join('\n'),
        button: button.apply(),
      }),
      send: async () => {
        const outcome = await sendRequests(loadBalancerRequests(change, ctx.client, String(ref.id)));
        if (!isComplete(outcome)) throw new IncompleteApply(outcome);
        return { sent: true, resource: head(ref), applied: outcome.applied };
      },
    };
  },
});

export const LOAD_BALANCER_OPERATIONS: readonly ActionDefinition[] = [
  create,
  update,
  deleteAction({
    kind: 'loadBalancer',
    what: 'a load balancer',
    description: 'Deletes a load balancer (id): its traffic stops; the stacklets behind it stay. The plan gives the monthly change.',
    ask: (_ctx, ref) => ({
      words: (literal) => ({
        question: l10n.t('Delete load balancer {0}?', literal(ref.name)),
        detail: ref.data.ip ? l10n.t('Traffic to {0} stops. The stacklets behind it stay.', literal(ref.data.ip)) : l10n.t('Its traffic stops. The stacklets behind it stay.'),
        button: button.delete(),
      }),
    }),
    failure: (name) => l10n.t('Could not delete load balancer {0}', name),
    request: (ctx, ref) => ctx.client.deleteLoadBalancer(ref.data.uuid),
  }),
];
