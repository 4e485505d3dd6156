/**
 * The firewall document's schema, written once in zod: the document is validated with it (each issue mapped
 * to its place in the text) and the JSON schema VS Code uses for completion and hovers is generated from it
 * with z.toJSONSchema, never written by hand. Rules reuse the pure validators, so a document, a prompt and
 * the emulator word a problem the same way. No vscode here.
 */
import * as z from 'zod/mini';
import * as v from '../../api/validators';
import { editorJsonSchema } from '../../documents/editorSchema';
import { checked } from '../../documents/jsonDocument';


export const FirewallRuleDocument = z
  .strictObject({
    address: checked(z.string(), v.checkRuleAddress, 'address').check(
      z.meta({ description: 'An IPv4 address or CIDR: 0.0.0.0/0 for anywhere, 203.0.113.7, 192.168.1.0/24.' }),
    ),
    port: z.nullish(checked(z.number(), v.checkPort, 'port')).check(
      z.meta({ description: 'A port from 0 to 65535. Omit it (or null) for all ports.', examples: [22, 80, 443] }),
    ),
    protocol: z.nullish(checked(z.string(), v.checkFirewallProtocol, 'protocol')).check(
      z.meta({ description: 'tcp, udp or icmp (any case). Omit it, "" or null for all protocols.', examples: [...v.FIREWALL_PROTOCOLS] }),
    ),
  })
  .check(z.meta({ description: 'One rule: traffic to or from `address`, on `port`, over `protocol`.' }));
export type FirewallRuleDocument = z.infer<typeof FirewallRuleDocument>;

export const FirewallDocument = z
  .strictObject({
    $schema: z.optional(z.string()).check(z.meta({ description: 'The JSON schema of this document (ignored when saving).' })),
    name: checked(z.string(), v.checkResourceName, 'name').check(
      z.meta({ description: 'The firewall\'s name, unique in the account. Changing it renames the firewall.' }),
    ),
    inbound_rules: z.array(FirewallRuleDocument).check(z.meta({ description: 'Traffic allowed in: `address` is the source.' })),
    outbound_rules: z.array(FirewallRuleDocument).check(z.meta({ description: 'Traffic allowed out: `address` is the destination.' })),
    stacklet_ids: z.optional(z.array(z.int().check(z.positive()))).check(
      z.meta({ description: 'Ids of the stacklets this firewall protects. Omit to leave them as they are.' }),
    ),
  })
  .check(z.meta({ title: 'Stacklet Cloud firewall', description: 'A firewall: save the document to apply it.' }));
export type FirewallDocument = z.infer<typeof FirewallDocument>;

/** The completion-and-hover JSON schema of a firewall document (dist/firewall.schema.json). */
export function firewallJsonSchema(): Record<string, unknown> {
  return editorJsonSchema(FirewallDocument);
}
