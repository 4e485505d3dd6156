/**
 * Firewalls in the account document (issue 48): name, rules (each the whole list) and the stacklets behind it, by
 * name. A change is the firewall's one whole-state update (src/kinds/firewall/operations.ts), after the stacklets
 * it names are made. No vscode import.
 */
import * as z from 'zod/mini';
import type { DeclaredKind } from '../../documents/account/declaring';
import { fieldChange } from '../../documents/account/accountPlan';
import { boundId, createStep, deleteStep, idIn, newName, reference, refs, resourceName, sameIds } from '../../documents/account/entryFields';
import { normaliseRules, ruleKey } from './documentRules';
import { FirewallRuleDocument } from './documentSchema';

const Entry = z.strictObject({
  id: boundId('firewall', 'string'),
  name: resourceName('firewall'),
  inbound_rules: z.array(FirewallRuleDocument).check(z.meta({ description: 'Traffic allowed in, the whole list: `address` is the source.' })),
  outbound_rules: z.array(FirewallRuleDocument).check(z.meta({ description: 'Traffic allowed out, the whole list: `address` is the destination.' })),
  stacklets: z.array(reference('A stacklet behind it, by name.')).check(z.meta({ description: 'The stacklets it protects, the whole list (a stacklet has one firewall).' })),
});
type Entry = z.infer<typeof Entry>;

/** Rules as the document writes them: every field there, in a stable order. */
const written = (rules: Parameters<typeof normaliseRules>[0]) => normaliseRules(rules).map((rule) => ({ address: rule.address, port: rule.port, protocol: rule.protocol }));
const sameRules = (a: Parameters<typeof normaliseRules>[0], b: Parameters<typeof normaliseRules>[0]) => {
  const keys = new Set(normaliseRules(a).map(ruleKey));
  const other = normaliseRules(b);
  return other.length === keys.size && other.every((rule) => keys.has(ruleKey(rule)));
};

export const firewallDeclared: DeclaredKind<'firewall'> = {
  kind: 'firewall',
  field: 'firewalls',
  entry: Entry,
  deleteRank: 0,
  exported: (firewall, scope) => ({
    id: firewall.uuid,
    name: firewall.name,
    inbound_rules: written(firewall.inbound_rules),
    outbound_rules: written(firewall.outbound_rules),
    stacklets: firewall.resources.stacklet_ids.map((id) => scope.refer('stacklet', id) ?? id),
  }),
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    newName(scope, path, entry.name);
    const stacklets = refs(scope, 'stacklet', entry.stacklets, [...path, 'stacklets']);
    return createStep(scope, path, 'firewall', entry.name, { name: entry.name, inbound_rules: entry.inbound_rules, outbound_rules: entry.outbound_rules, ...(stacklets.length > 0 ? { stacklets } : {}) });
  },
  change: (raw, firewall, scope, path) => {
    const entry = raw as Entry;
    const stacklets = refs(scope, 'stacklet', entry.stacklets, [...path, 'stacklets']);
    const live = firewall.resources.stacklet_ids;
    const sameStacklets = sameIds(stacklets, live);
    const changes = [
      fieldChange('name', firewall.name, entry.name),
      sameRules(firewall.inbound_rules, entry.inbound_rules) ? undefined : { field: 'inbound_rules', from: written(firewall.inbound_rules), to: written(entry.inbound_rules) },
      sameRules(firewall.outbound_rules, entry.outbound_rules) ? undefined : { field: 'outbound_rules', from: written(firewall.outbound_rules), to: written(entry.outbound_rules) },
      sameStacklets ? undefined : { field: 'stacklets', from: live, to: entry.stacklets },
    ].filter((change) => change !== undefined);
    if (changes.length === 0 || (entry.name !== firewall.name && !newName(scope, path, entry.name))) return;
    const input = {
      id: idIn(entry),
      ...(entry.name !== firewall.name ? { name: entry.name } : {}),
      ...(changes.some((change) => change.field.endsWith('_rules')) ? { inbound_rules: entry.inbound_rules, outbound_rules: entry.outbound_rules } : {}),
      ...(sameStacklets ? {} : { stacklets }),
    };
    scope.step({ kind: 'firewall', action: 'update', name: firewall.name, op: 'change', input, changes, monthlyChangeUsd: 0 }, path);
  },
  remove: (firewall, scope) => {
    deleteStep(scope, 'firewall', firewall.name, firewall.uuid);
  },
};
