/**
 * The spellings of a firewall's rule arrays, which the response and request schemas both read. Apart from the
 * request schemas (./requests.ts) so that the client, which sends either, does not build every request schema when
 * it loads: only the emulator validates bodies with those (issue 47).
 */

/** The documentation's other spellings of the rule arrays, each with the name the responses use. */
export const FIREWALL_RULE_ALIASES = { inboud_rules: 'inbound_rules', outboud_rules: 'outbound_rules', otbound_rules: 'outbound_rules' } as const;

/**
 * The two spellings of a new firewall's rule arrays: `inbound` as the responses and the documentation's
 * example have it, `inboud` as its attribute list writes it (`inboud_rules`, `outboud_rules`).
 */
export type RuleSpelling = 'inbound' | 'inboud';

/** Every name the rule arrays of a new firewall go by: a refusal that names one is about the spelling. */
export const FIREWALL_RULE_FIELDS = ['inbound_rules', 'outbound_rules', ...Object.keys(FIREWALL_RULE_ALIASES)];

/** A create body with its rule arrays under `spelling`. */
export function spellFirewallRules<T extends { inbound_rules: unknown; outbound_rules: unknown }>(body: T, spelling: RuleSpelling): Record<string, unknown> {
  if (spelling === 'inbound') return body;
  const { inbound_rules: inbound, outbound_rules: outbound, ...rest } = body;
  return { ...rest, inboud_rules: inbound, outboud_rules: outbound };
}
