/**
 * Firewalls as documents: the service's state, the difference to a document, and the steps that send it (rename,
 * rules removed then added, stacklets detached then attached), which the firewall's definitions run. No vscode here.
 */
import * as l10n from '@vscode/l10n';
import type { StackletClient } from '../../api/client';
import type { CreateFirewallBody } from '../../api/requests';
import type * as s from '../../api/schemas';
import type { DocumentKind } from '../../documents/documentKind';
import { ruleCount as rules, stackletList as stacklets, type ApplyRequest } from '../../documents/outcome';
import { firewallText, newFirewallTemplate, parseFirewallDocument } from './documentText';
import { diffFirewall, isEmptyChange, normaliseRules, type FirewallChange, type FirewallState, type NormalRule } from './documentRules';
import { DOCUMENT_SCHEMES } from '../schemes';

/** A rule as a request sends it: nulls (all) left out. */
const requestRule = (rule: NormalRule) => ({ address: rule.address, ...(rule.port !== null ? { port: rule.port } : {}), ...(rule.protocol !== null ? { protocol: rule.protocol } : {}) });

export function firewallState(firewall: s.Firewall): FirewallState {
  return { name: firewall.name, inbound_rules: firewall.inbound_rules, outbound_rules: firewall.outbound_rules, stacklet_ids: firewall.resources.stacklet_ids };
}

/** The create request of a firewall in `state`: rules normalised (duplicates once), stacklets when there are any. */
export function firewallCreateBody(state: FirewallState): CreateFirewallBody {
  return {
    name: state.name,
    inbound_rules: normaliseRules(state.inbound_rules).map(requestRule),
    outbound_rules: normaliseRules(state.outbound_rules).map(requestRule),
    ...(state.stacklet_ids?.length ? { stacklet_ids: [...state.stacklet_ids] } : {}),
  };
}

/** The requests that turn the firewall `uuid` into the document's state, in order. */
export function firewallRequests(change: FirewallChange, client: StackletClient, uuid: string): ApplyRequest[] {
  const steps: ApplyRequest[] = [];
  const rulesPart = l10n.t('rules');
  const stackletsPart = l10n.t('attached stacklets');
  if (change.rename !== undefined) {
    const name = change.rename;
    steps.push({ label: l10n.t('rename to {0}', name), part: l10n.t('name'), run: () => client.renameFirewall(uuid, name) });
  }
  const removed = change.inbound.removed.length + change.outbound.removed.length;
  if (removed > 0) {
    const body = { inbound_rules: change.inbound.removed.map(requestRule), outbound_rules: change.outbound.removed.map(requestRule) };
    steps.push({ label: l10n.t('remove {0}', rules(removed)), part: rulesPart, run: () => client.removeFirewallRules(uuid, body) });
  }
  const added = change.inbound.added.length + change.outbound.added.length;
  if (added > 0) {
    const body = { inbound_rules: change.inbound.added.map(requestRule), outbound_rules: change.outbound.added.map(requestRule) };
    steps.push({ label: l10n.t('add {0}', rules(added)), part: rulesPart, run: () => client.addFirewallRules(uuid, body) });
  }
  if (change.stackletsRemoved.length > 0) {
    const ids = [...change.stackletsRemoved];
    steps.push({ label: l10n.t('detach {0}', stacklets(ids)), part: stackletsPart, run: () => client.removeFirewallStacklets(uuid, ids) });
  }
  if (change.stackletsAdded.length > 0) {
    const ids = [...change.stackletsAdded];
    steps.push({ label: l10n.t('attach {0}', stacklets(ids)), part: stackletsPart, run: () => client.addFirewallStacklets(uuid, ids) });
  }
  return steps;
}

export const firewallKind: DocumentKind<FirewallState, FirewallChange> = {
  id: 'firewall',
  scheme: DOCUMENT_SCHEMES.firewall,
  extension: '.jsonc',
  language: 'jsonc',
  listing: 'firewall',
  newName: 'new-firewall',
  noun: () => l10n.t('firewall'),
  parse: parseFirewallDocument,
  nameOf: (state) => state.name,
  async read(client, uuid) {
    const firewall = await client.getFirewall(uuid);
    return { state: firewallState(firewall), name: firewall.name };
  },
  render: firewallText,
  template: newFirewallTemplate,
  diff: diffFirewall,
  isEmpty: isEmptyChange,
  updateInput: (next, id) => ({ id, name: next.name, inbound_rules: next.inbound_rules, outbound_rules: next.outbound_rules, ...(next.stacklet_ids !== undefined ? { stacklets: [...next.stacklet_ids] } : {}) }),
  createInput: (next) => ({ name: next.name, inbound_rules: next.inbound_rules, outbound_rules: next.outbound_rules, stacklets: [...(next.stacklet_ids ?? [])] }),
};
