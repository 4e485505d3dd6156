/** What can be done to a firewall, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import { resolve } from '../../agent/reads';
import { define, type ActionContext, type ActionDefinition, type Literal, type PlannedResource } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { button, head, refuse, send, targetId } from '../../actions/steps';
import { firewallState, firewallSteps } from '../../documents/firewall/kind';
import { describeFirewallChange, diffFirewall, isEmptyChange, type FirewallChange, type NormalRule } from '../../documents/firewall/rules';
import { FirewallRuleDocument } from '../../documents/firewall/schema';
import { isComplete, runSteps } from '../../documents/outcome';
import { applyQuestion } from '../../model/actionWords';
import { plural } from '../../model/plural';

/** The change with every address (service text, or the model's) in the door's literal form, for the confirmation. */
function literalChange(change: FirewallChange, literal: Literal): FirewallChange {
  const rules = (list: readonly NormalRule[]) => list.map((rule) => ({ ...rule, address: literal(rule.address) }));
  const side = (diff: FirewallChange['inbound']) => ({ added: rules(diff.added), removed: rules(diff.removed) });
  return { ...change, inbound: side(change.inbound), outbound: side(change.outbound) };
}

/** The stacklets a firewall protects, by name and ID (the ID alone for one the listing does not have). */
async function behind(ctx: ActionContext, firewall: s.Firewall): Promise<PlannedResource[]> {
  const listed = await ctx.store.get('stacklet').then((listing) => listing.items, () => []);
  return firewall.resources.stacklet_ids.map((stackletId) => ({ kind: 'stacklet', id: stackletId, name: listed.find((item) => item.id === stackletId)?.name ?? String(stackletId), role: 'stacklet' }));
}

const rules = (direction: string) => z.array(FirewallRuleDocument).check(z.describe(`The whole list of ${direction} rules, each { address (IPv4 or CIDR), port (omit for all), protocol (tcp, udp, icmp; omit for all) }.`));

const setRules = define({
  kind: 'firewall',
  action: 'setRules',
  title: 'Replace a firewall\'s rules',
  description: 'Replaces a firewall\'s (id) whole rules: inbound_rules and outbound_rules. The plan gives the difference to its current rules (rules added and removed); what is not in them is removed. Refused when nothing changes.',
  shape: { id: targetId('firewall'), inbound_rules: rules('inbound'), outbound_rules: rules('outbound') },
  destructive: true,
  plan: async (ctx, input) => {
    const ref = await resolve(ctx, 'firewall', String(input.id));
    const firewall = await ctx.client.getFirewall(String(ref.id));
    const change = diffFirewall(firewallState(firewall), { name: firewall.name, inbound_rules: input.inbound_rules, outbound_rules: input.outbound_rules, stacklet_ids: undefined });
    if (isEmptyChange(change)) refuse(ref, 'unchanged', l10n.t('These are its rules already: nothing would change.'));
    const progress = l10n.t('Applying {0}…', ref.name);
    return {
      resources: [{ ...head(ref), role: 'target' }, ...await behind(ctx, firewall)],
      change: { inbound: change.inbound, outbound: change.outbound },
      monthlyChangeUsd: 0,
      destroysData: false,
      failure: l10n.t('Could not change the rules of firewall {0}', ref.name),
      progress,
      stale: ['firewall'],
      words: (literal) => ({
        question: applyQuestion(`${l10n.t('firewall')} ${literal(ref.name)}`),
        detail: describeFirewallChange(literalChange(change, literal)).join('\n'),
        button: button.apply(),
      }),
      send: async () => {
        const outcome = await send(ctx, progress, () => runSteps(firewallSteps(change, ctx.client, String(ref.id))));
        if (!isComplete(outcome)) throw new Error(outcome.failed?.message ?? outcome.unsupported.map((u) => u.message).join('; '));
        return { sent: true, resource: head(ref), applied: outcome.applied };
      },
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
  setRules,
  renameAction({ kind: 'firewall', what: 'a firewall', request: (ctx, ref, name) => ctx.client.renameFirewall(ref.data.uuid, name) }),
  deletion,
];
