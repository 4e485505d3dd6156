/** What can be done to a firewall, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import { resolve } from '../../agent/reads';
import { define, type ActionContext, type ActionDefinition, type Literal, type PlanBody, type PlannedResource } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { checkResourceName } from '../../api/validators';
import { createAction } from '../../actions/creation';
import { button } from '../../actions/buttons';
import { check, stackletIds, targetId, text } from '../../actions/fields';
import { head } from '../../actions/answers';
import { idleStacklets, refuse } from '../../actions/conditions';
import { firewallCreateBody, firewallState, firewallRequests } from './document';
import { describeFirewallChange, describeFirewallCreate, diffFirewall, isEmptyChange, normaliseRules, type FirewallChange, type FirewallState, type NormalRule, type RuleLike } from './documentRules';
import { FirewallRuleDocument } from './documentSchema';
import { IncompleteApply, isComplete, sendRequests } from '../../documents/outcome';
import type { ResourceRef } from '../registry';
import { applyQuestion } from '../../model/actionWords';
import { plural } from '../../api/plural';

/** Rules with every address (service text, or the model's) in the door's literal form, for the confirmation. */
function literalRules<R extends RuleLike>(list: readonly R[], literal: Literal): R[] {
  return list.map((rule) => ({ ...rule, address: literal(rule.address) }));
}

/** The change in the door's literal form. */
function literalChange(change: FirewallChange, literal: Literal): FirewallChange {
  const side = (diff: FirewallChange['inbound']) => ({ added: literalRules<NormalRule>(diff.added, literal), removed: literalRules<NormalRule>(diff.removed, literal) });
  return { ...change, inbound: side(change.inbound), outbound: side(change.outbound) };
}

/** The firewalls the stacklets leave (a stacklet has one firewall), but `except`: each once, for the plan. */
async function leftFirewalls(ctx: ActionContext, stacklets: readonly ResourceRef<'stacklet'>[], except?: string): Promise<PlannedResource[]> {
  const uuids = [...new Set(stacklets.map((ref) => ref.data.firewall_uuid).filter((uuid): uuid is string => !!uuid && uuid !== except))];
  const listed = await ctx.store.get('firewall').then((listing) => listing.items, () => []);
  return uuids.map((uuid) => ({ kind: 'firewall', id: uuid, name: listed.find((item) => item.uuid === uuid)?.name ?? uuid, role: 'leaves firewall' }));
}

/** What a confirmation says when stacklets behind another firewall move to `firewall`. */
function movesWords(literal: Literal, firewall: string, left: readonly PlannedResource[]): string[] {
  return left.length > 0 ? [l10n.t('A stacklet has one firewall: those behind another move to {0}, and its rules apply to them from now on.', literal(firewall))] : [];
}

/** The stacklets a firewall protects, by name and ID (the ID alone for one the listing does not have). */
async function behind(ctx: ActionContext, firewall: s.Firewall): Promise<PlannedResource[]> {
  const listed = await ctx.store.get('stacklet').then((listing) => listing.items, () => []);
  return firewall.resources.stacklet_ids.map((stackletId) => ({ kind: 'stacklet', id: stackletId, name: listed.find((item) => item.id === stackletId)?.name ?? String(stackletId), role: 'stacklet' }));
}

/** One description for both actions' `stacklets`, so that the tool's schema gives it once. */
const STACKLETS = 'The stacklets behind it, by ID, the whole list.';

const stacklet = (ref: ResourceRef<'stacklet'>, role: PlannedResource['role']): PlannedResource => ({ kind: 'stacklet', id: ref.id, name: ref.name, role });

const rules = (direction: string) => z.array(FirewallRuleDocument).check(z.describe(`The whole list of ${direction} rules.`));

/** What a save or a tool may change of a firewall; what is absent stays (stacklets: the whole list). */
interface FirewallNext {
  readonly name?: string | undefined;
  readonly inbound_rules?: readonly RuleLike[] | undefined;
  readonly outbound_rules?: readonly RuleLike[] | undefined;
  readonly stacklets?: readonly (string | number)[] | undefined;
}

/**
 * The plan that makes the firewall `ref` what `next` states: only the stacklets put behind it are read as the UI's
 * attach reads them (an unknown or busy one refused), and nothing to change is refused.
 */
async function planUpdate(ctx: ActionContext, ref: ResourceRef, next: FirewallNext): Promise<PlanBody> {
  const firewall = await ctx.client.getFirewall(String(ref.id));
  const current = firewallState(firewall);
  const before = new Set(current.stacklet_ids);
  const added = next.stacklets ? await idleStacklets(ctx, next.stacklets, 'stacklets', (id) => before.has(Number(id))) : [];
  const change = diffFirewall(current, {
    name: next.name ?? current.name,
    inbound_rules: next.inbound_rules ?? current.inbound_rules,
    outbound_rules: next.outbound_rules ?? current.outbound_rules,
    stacklet_ids: next.stacklets ? [...next.stacklets.map(Number).filter((id) => before.has(id)), ...added.map((item) => item.data.id)] : undefined,
  });
  if (isEmptyChange(change)) refuse(ref, 'unchanged', l10n.t('This is the firewall already: nothing would change.'));
  const rulesChanged = change.inbound.added.length + change.inbound.removed.length + change.outbound.added.length + change.outbound.removed.length > 0;
  const stackletsChanged = change.stackletsAdded.length + change.stackletsRemoved.length > 0;
  const listed = await ctx.store.get('stacklet').then((listing) => listing.items, () => []);
  const removed = change.stackletsRemoved.map((id): PlannedResource => ({ kind: 'stacklet', id, name: listed.find((item) => item.id === id)?.name ?? String(id), role: 'detached' }));
  const left = await leftFirewalls(ctx, added, firewall.uuid);
  // New rules apply to every stacklet that stays behind it.
  const staying = rulesChanged ? (await behind(ctx, firewall)).filter((item) => !change.stackletsRemoved.includes(Number(item.id))) : [];
  const rulesOnly: FirewallChange = { ...change, stackletsAdded: [], stackletsRemoved: [] };
  return {
    resources: [{ ...head(ref), role: 'target' }, ...staying, ...added.map((item) => stacklet(item, 'stacklet')), ...removed, ...left],
    change: {
      ...(change.rename !== undefined ? { name: { from: current.name, to: change.rename } } : {}),
      ...(rulesChanged ? { inbound: change.inbound, outbound: change.outbound } : {}),
      ...(stackletsChanged ? { stacklets: { added: change.stackletsAdded, removed: change.stackletsRemoved } } : {}),
    },
    failure: l10n.t('Could not update firewall {0}', ref.name),
    progress: l10n.t('Applying to {0}…', `${l10n.t('firewall')} ${ref.name}`),
    stale: stackletsChanged ? ['firewall', 'stacklet'] : ['firewall'],
    words: (literal) => ({
      question: applyQuestion(`${l10n.t('firewall')} ${literal(ref.name)}`),
      detail: [
        ...describeFirewallChange(literalChange(rulesOnly, literal)),
        ...removed.map((item) => l10n.t('Detach stacklet {0} ({1}): it stays, without these rules', literal(item.name), item.id!)),
        ...added.map((item) => l10n.t('Attach stacklet {0} ({1})', literal(item.name), item.id)),
        ...movesWords(literal, ref.name, left),
      ].join('\n'),
      button: button.apply(),
    }),
    send: async () => {
      const outcome = await sendRequests(firewallRequests(change, ctx.client, String(ref.id)));
      if (!isComplete(outcome)) throw new IncompleteApply(outcome);
      return { sent: true, resource: head(ref), applied: outcome.applied };
    },
  };
}

const update = define({
  kind: 'firewall',
  action: 'update',
  title: 'Change a firewall',
  description: 'Changes a firewall (id) as its document does: any of name, inbound_rules, outbound_rules (each the whole list: a rule left out is removed) and stacklets (those left out lose its rules); what is absent stays. The plan gives the difference (rules added and removed, stacklets put behind it and taken out). Refused when nothing changes or while a task runs on a stacklet put behind it.',
  shape: {
    id: targetId('firewall'),
    name: z.optional(text('The new name.')),
    inbound_rules: z.optional(rules('inbound')),
    outbound_rules: z.optional(rules('outbound')),
    stacklets: z.optional(stackletIds(STACKLETS)),
  },
  destructive: true,
  plan: async (ctx, input) => {
    if (input.name !== undefined) check('name', checkResourceName(input.name, 'name'));
    const ref = await resolve(ctx, 'firewall', String(input.id));
    return planUpdate(ctx, ref, input);
  },
});

const create = createAction({
  kind: 'firewall',
  title: 'Create a firewall',
  description: 'Creates a firewall: name, inbound_rules, outbound_rules and stacklets (optional). A stacklet behind another firewall moves to it. Refused while a task runs on one of them.',
  shape: {
    name: text('The new firewall\'s name.'),
    inbound_rules: rules('inbound'),
    outbound_rules: rules('outbound'),
    stacklets: z.optional(stackletIds(STACKLETS)),
  },
  checkName: checkResourceName,
  progress: (name) => l10n.t('Creating {0}…', `${l10n.t('firewall')} ${name}`),
  failure: (name) => l10n.t('Could not create {0}', `${l10n.t('firewall')} ${name}`),
  plan: async (ctx, input) => {
    const stacklets = await idleStacklets(ctx, input.stacklets ?? [], 'stacklets');
    const state: FirewallState = { name: input.name, inbound_rules: input.inbound_rules, outbound_rules: input.outbound_rules, stacklet_ids: stacklets.map((ref) => ref.data.id) };
    const left = await leftFirewalls(ctx, stacklets);
    return {
      resources: [...stacklets.map((ref) => stacklet(ref, 'stacklet')), ...left],
      change: { create: { name: input.name, inbound_rules: normaliseRules(input.inbound_rules), outbound_rules: normaliseRules(input.outbound_rules), stacklet_ids: state.stacklet_ids } },
      // The new firewall document's words (src/editors/documentEditors.ts): the same question whichever door.
      words: (literal) => ({
        question: l10n.t('Create {0} on Stacklet Cloud?', `${l10n.t('firewall')} ${literal(input.name)}`),
        detail: [
          ...describeFirewallCreate({ ...state, name: literal(input.name), inbound_rules: literalRules(input.inbound_rules, literal), outbound_rules: literalRules(input.outbound_rules, literal) }),
          ...movesWords(literal, input.name, left),
        ].join('\n'),
      }),
      request: () => ctx.client.createFirewall(firewallCreateBody(state)),
    };
  },
});

const deletion = deleteAction({
  kind: 'firewall',
  what: 'a firewall',
  description: 'Deletes a firewall (id); the stacklets behind it stay, without its rules.',
  ask: (_ctx, ref) => ({
    words: (literal) => {
      const count = ref.data.resources.stacklet_ids.length;
      return {
        question: l10n.t('Delete firewall {0}?', literal(ref.name)),
        detail: count === 0 ? l10n.t('No stacklet is behind it.')
          : plural(count, l10n.t('1 stacklet is behind it: it stays, without these rules.'), l10n.t('{0} stacklets are behind it: they stay, without these rules.', count)),
        button: button.delete(),
      };
    },
  }),
  failure: (name) => l10n.t('Could not delete firewall {0}', name),
  request: (ctx, ref) => ctx.client.deleteFirewall(ref.data.uuid),
});

export const FIREWALL_OPERATIONS: readonly ActionDefinition[] = [
  create,
  update,
  renameAction({ kind: 'firewall', what: 'a firewall', checkName: checkResourceName, request: (ctx, ref, name) => ctx.client.renameFirewall(ref.data.uuid, name) }),
  deletion,
];
