/**
 * A firewall's row: ready, or unknown (a stacklet names it, but the account's listing does not have it); and its
 * rules' rows, inbound or outbound, which offer no action. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { Firewall, FirewallRule } from '../../api/schemas';
import { cell } from '../../model/format';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { spokenLabel, stackletCount } from '../rowWords';

export const firewallRow = rowStates('firewall', ['ready', 'unknown']);

/** A rule's row, under its firewall's Inbound or Outbound Rules. */
export const firewallRuleRow = rowStates('firewallRule', ['inbound', 'outbound']);

export const FIREWALL_ICON = 'shield';

/** `TCP 443 0.0.0.0/0`, `UDP all ports 10.0.0.0/8`, `all traffic 203.0.113.7`. */
function formatRule(rule: FirewallRule): string {
  const anyPort = rule.port === null || rule.port === undefined;
  if (!rule.protocol && anyPort) return l10n.t('all traffic {0}', rule.address);
  const protocol = rule.protocol ? rule.protocol.toUpperCase() : l10n.t('all protocols');
  return `${protocol} ${anyPort ? l10n.t('all ports') : String(rule.port)} ${rule.address}`;
}

/** `3 in · 1 out`: how many rules it has each way; what pickers say of a firewall. */
export function firewallRuleCounts(f: Pick<Firewall, 'inbound_rules' | 'outbound_rules'>): string {
  return l10n.t('{0} in · {1} out', f.inbound_rules.length, f.outbound_rules.length);
}

export function firewallLook(f: Firewall): RowLook {
  return {
    label: f.name,
    // How many stacklets it guards is in the tooltip, so the row fits the default side bar.
    description: firewallRuleCounts(f),
    icon: { id: FIREWALL_ICON },
    contextValue: firewallRow.context('ready'),
    // A screen reader has no side bar to fit: it says what the tooltip adds too.
    spoken: () => spokenLabel('firewall', f.name, ...firewallRuleCounts(f).split(' · '), stackletCount(f.resources.stacklet_ids.length)),
    tooltip: () => [
      `**$(shield) ${cell(f.name)}**`, '',
      `${l10n.t('Inbound')}: ${cell(f.inbound_rules.map(formatRule).join('; ') || '—')}`, '',
      `${l10n.t('Outbound')}: ${cell(f.outbound_rules.map(formatRule).join('; ') || '—')}`, '',
      `${l10n.t('Stacklets')}: ${stackletCount(f.resources.stacklet_ids.length)}`, '',
      `ID: ${cell(f.uuid)}`,
    ],
  };
}

/** A firewall a stacklet names but the service did not list: its uuid is all that is known. */
export function unknownFirewallLook(uuid: string): RowLook {
  return { label: l10n.t('Firewall {0}', uuid), icon: { id: FIREWALL_ICON }, contextValue: firewallRow.context('unknown') };
}

export function firewallRuleLook(rule: FirewallRule, direction: 'inbound' | 'outbound'): RowLook {
  return { label: formatRule(rule), icon: { id: direction === 'inbound' ? 'arrow-down' : 'arrow-up' }, contextValue: firewallRuleRow.context(direction) };
}
