/**
 * A firewall as a JSONC document: parsed and checked with the firewall's zod schema (problems at their exact
 * place), and rendered from a firewall's state. No vscode here.
 */
import * as l10n from '@vscode/l10n';
import type { Parsed, ResourceName } from '../../documents/documentKind';
import { parseJsonDocument, renderJsonDocument } from '../../documents/jsonDocument';
import { FirewallDocument } from './documentSchema';
import { normaliseRules, type FirewallState } from './documentRules';

/** Parses and checks the text: the document's firewall (the `$schema` key aside), or its problems. */
export function parseFirewallDocument(text: string): Parsed<FirewallState> {
  const parsed = parseJsonDocument(text, FirewallDocument);
  if (!parsed.ok) return parsed;
  const doc = parsed.value;
  return { ok: true, problems: [], value: { name: doc.name, inbound_rules: doc.inbound_rules, outbound_rules: doc.outbound_rules, stacklet_ids: doc.stacklet_ids } };
}

/** A rule as shown: nulls (all) left out, protocol lowercase. */
function shownRules(rules: FirewallState['inbound_rules']): Record<string, unknown>[] {
  return normaliseRules(rules).map((r) => ({
    address: r.address,
    ...(r.port !== null ? { port: r.port } : {}),
    ...(r.protocol !== null ? { protocol: r.protocol } : {}),
  }));
}

function howTo(): string[] {
  return [
    l10n.t('Omit "port" for all ports and "protocol" (tcp, udp, icmp) for all protocols.'),
    l10n.t('inbound_rules: "address" is the source; outbound_rules: the destination.'),
  ];
}

/** The document text for a firewall: a short comment header, then pretty JSON. */
export function renderFirewallDocument(state: FirewallState, header: readonly string[]): string {
  return renderJsonDocument(header, {
    name: state.name,
    inbound_rules: shownRules(state.inbound_rules),
    outbound_rules: shownRules(state.outbound_rules),
    ...(state.stacklet_ids !== undefined ? { stacklet_ids: [...state.stacklet_ids] } : {}),
  });
}

/** The document of a firewall as the service has it. */
export function firewallText(state: FirewallState, firewall: ResourceName): string {
  return renderFirewallDocument(state, [l10n.t('Firewall {0} ({1}). Save (Ctrl+S) to apply; auto-save keeps a draft.', firewall.name, firewall.id), ...howTo()]);
}

/** What a new firewall's document starts with. */
export function newFirewallTemplate(name: string): string {
  return renderFirewallDocument(
    { name, inbound_rules: [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }], outbound_rules: [{ address: '0.0.0.0/0' }], stacklet_ids: [] },
    [l10n.t('New firewall: edit, then save (Ctrl+S) to create it; auto-save keeps a draft.'), ...howTo()],
  );
}
