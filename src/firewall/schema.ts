/**
 * The firewall document's schema, written once in zod: the document is validated with it (each issue mapped
 * to its place in the text) and the JSON schema VS Code uses for completion and hovers is generated from it
 * with z.toJSONSchema, never written by hand. Rules reuse the pure validators, so a document, a prompt and
 * the emulator word a problem the same way. No vscode here.
 */
import { z } from 'zod';
import * as v from '../api/validators';

/** A zod refinement with the pure validator's own message (`port must be …` → `must be …` at its place). */
function checked<S extends z.ZodType>(base: S, check: (value: unknown, what: string) => v.Problem, what: string): S {
  return base.superRefine((value, ctx) => {
    const problem = check(value, what);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

const PROTOCOL_VALUES = [...v.FIREWALL_PROTOCOLS, ...v.FIREWALL_PROTOCOLS.map((p) => p.toUpperCase()), '', null];

export const FirewallRuleDocument = z
  .strictObject({
    address: checked(z.string(), v.checkRuleAddress, 'address').meta({
      description: 'An IPv4 address or CIDR: 0.0.0.0/0 for anywhere, 203.0.113.7, 192.168.1.0/24.',
    }),
    port: checked(z.number(), v.checkPort, 'port')
      .nullish()
      .meta({ description: 'A port from 0 to 65535. Omit it (or null) for all ports.', minimum: 0, maximum: 65535 }),
    protocol: checked(z.string(), v.checkFirewallProtocol, 'protocol')
      .nullish()
      .meta({ description: 'tcp, udp or icmp (any case). Omit it, "" or null for all protocols.', enum: PROTOCOL_VALUES }),
  })
  .meta({ description: 'One rule: traffic to or from `address`, on `port`, over `protocol`.' });
export type FirewallRuleDocument = z.infer<typeof FirewallRuleDocument>;

export const FirewallDocument = z
  .strictObject({
    $schema: z.string().optional().meta({ description: 'The JSON schema of this document (ignored when saving).' }),
    name: checked(z.string(), v.checkName, 'name').meta({ description: 'The firewall\'s name, unique in the account. Changing it renames the firewall.' }),
    inbound_rules: z.array(FirewallRuleDocument).meta({ description: 'Traffic allowed in: `address` is the source.' }),
    outbound_rules: z.array(FirewallRuleDocument).meta({ description: 'Traffic allowed out: `address` is the destination.' }),
    stacklet_ids: z
      .array(z.number().int().positive())
      .optional()
      .meta({ description: 'Ids of the stacklets this firewall protects. Omit to leave them as they are.' }),
  })
  .meta({ title: 'Stacklet Cloud firewall', description: 'A firewall: save the document to apply it.' });
export type FirewallDocument = z.infer<typeof FirewallDocument>;

/** The JSON schema of a firewall document, generated from the zod schema. */
export function firewallJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(FirewallDocument, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
