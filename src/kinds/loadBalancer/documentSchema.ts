/**
 * The load-balancer document's schema, written once in zod: documents are checked with it (each issue at its
 * place) and dist/loadBalancer.schema.json (completion and hovers) is generated from it. Rules reuse the pure
 * validators, so a document, the create wizard and the emulator word a problem alike. No vscode here.
 */
import * as z from 'zod/mini';
import * as v from '../../api/validators';
import { editorJsonSchema } from '../../documents/editorSchema';
import { checked } from '../../documents/jsonDocument';

const port = (what: string, description: string, examples: number[]) =>
  checked(z.number(), v.checkPort, what).check(z.meta({ description, examples }));
const between = (min: number, max: number, what: string, description: string) =>
  checked(z.number(), (value) => v.checkInteger(value, min, max, what), what).check(z.meta({ description }));

export const ForwardingRuleDocument = z
  .strictObject({
    protocol: checked(z.string(), (value, what) => v.checkOneOf(value, v.LB_PROTOCOLS, what), 'protocol').check(
      z.meta({ description: 'What the load balancer listens for: http, https, http2 or tcp.', examples: [...v.LB_PROTOCOLS] }),
    ),
    source_port: port('source_port', 'The port the load balancer listens on (0–65535), one rule per port.', [80, 443]),
    target_port: port('target_port', 'The port of the stacklets traffic is forwarded to (0–65535).', [80, 8080]),
    certificate_id: z.optional(z.nullable(checked(z.number(), (value) => v.checkInteger(value, 1, Number.MAX_SAFE_INTEGER, 'certificate_id'), 'certificate_id'))).check(
      z.meta({ description: 'For https: the id of the TLS certificate the load balancer presents. Omit for none.' }),
    ),
    tls_passthrough: z.optional(z.boolean()).check(
      z.meta({ description: 'For https: pass TLS through to the stacklets instead of ending it at the load balancer.' }),
    ),
  })
  .check(z.meta({ description: 'A forwarding rule: traffic on `source_port` goes to `target_port` of the stacklets.' }));
export type ForwardingRuleDocument = z.infer<typeof ForwardingRuleDocument>;

export const HealthDocument = z
  .strictObject({
    protocol: checked(z.string(), (value, what) => v.checkOneOf(value, v.LB_HEALTH_PROTOCOLS, what), 'protocol').check(
      z.meta({ description: 'How stacklets are checked: http (a GET of `path`) or tcp (a connection).', examples: [...v.LB_HEALTH_PROTOCOLS] }),
    ),
    port: z.optional(checked(z.number(), v.checkPort, 'port')).check(z.meta({ description: 'The port checked on each stacklet.', examples: [80, 8080] })),
    path: z.optional(checked(z.string(), v.checkHealthCheckPath, 'path')).check(z.meta({ description: 'For http: the path requested, such as /health.', examples: ['/health'] })),
    interval: z.optional(between(3, 300, 'interval', 'Seconds between checks (3–300; 10 when omitted).')),
    rise: z.optional(between(1, 10, 'rise', 'Checks in a row that must pass before a stacklet gets traffic (1–10; 3 when omitted).')),
    fall: z.optional(between(1, 10, 'fall', 'Checks in a row that must fail before a stacklet gets none (1–10; 3 when omitted).')),
  })
  .check(z.meta({ description: 'The health check of the backend stacklets.' }));
export type HealthDocument = z.infer<typeof HealthDocument>;

export const StickySessionsDocument = z
  .strictObject({
    name: z.optional(checked(z.string(), v.checkCookieName, 'name')).check(z.meta({ description: 'The name of the cookie that pins a client to a stacklet.' })),
    ttl: z.optional(checked(z.number(), v.checkCookieTtl, 'ttl')).check(z.meta({ description: 'Seconds the cookie lasts (1 to a year).', examples: [300, 3600] })),
  })
  .check(z.meta({ description: 'Keep each client on one stacklet with a cookie; null for none.' }));

/** Two rules cannot listen on one port: the second is marked at its source_port. */
function distinctSourcePorts(rules: readonly ForwardingRuleDocument[]): { index: number; message: string }[] {
  const seen = new Map<number, number>();
  return rules.flatMap((rule, index) => {
    const first = seen.get(rule.source_port);
    if (first === undefined) {
      seen.set(rule.source_port, index);
      return [];
    }
    return [{ index, message: `source_port ${rule.source_port} is already used by rules[${first}]` }];
  });
}

export const AlgorithmDocument = checked(z.string(), (value, what) => v.checkOneOf(value, v.LB_ALGORITHMS, what), 'algorithm').check(
  z.meta({ description: 'round_robin: each request to the next stacklet; least_connections: to the one with the fewest.', examples: [...v.LB_ALGORITHMS] }),
);

/** The whole list of rules: at least one, one per source_port (also the account document's). */
export const RulesDocument = z.array(ForwardingRuleDocument).check(
  z.minLength(1, 'a load balancer needs at least one rule'),
  z.superRefine((rules, ctx) => {
    for (const clash of distinctSourcePorts(rules)) ctx.addIssue({ code: 'custom', message: clash.message, path: [clash.index, 'source_port'], input: rules });
  }),
  z.meta({ description: 'Forwarding rules: what the load balancer listens on and where it sends the traffic.' }),
);

export const LoadBalancerDocument = z
  .strictObject({
    $schema: z.optional(z.string()).check(z.meta({ description: 'The JSON schema of this document (ignored when saving).' })),
    name: checked(z.string(), v.checkResourceName, 'name').check(z.meta({ description: 'The load balancer\'s name. Changing it renames the load balancer.' })),
    region: z.optional(checked(z.string(), v.checkSlug, 'region')).check(
      z.meta({ description: 'Where a new load balancer is created (a region slug such as fra). A load balancer cannot move: ignored once it exists.' }),
    ),
    algorithm: AlgorithmDocument,
    rules: RulesDocument,
    health: HealthDocument,
    sticky_sessions: z.optional(z.nullable(StickySessionsDocument)),
    redirect_http_to_https: z.optional(z.boolean()).check(z.meta({ description: 'Answer plain http with a redirect to https.' })),
    stacklet_ids: z.optional(z.array(z.int().check(z.positive()))).check(
      z.meta({ description: 'Ids of the backend stacklets (in the load balancer\'s region). Omit to leave them as they are.' }),
    ),
  })
  .check(z.meta({ title: 'Stacklet Cloud load balancer', description: 'A load balancer: save the document (Ctrl+S) to apply it.' }));
export type LoadBalancerDocument = z.infer<typeof LoadBalancerDocument>;

/** The completion-and-hover JSON schema of a load-balancer document (dist/loadBalancer.schema.json). */
export function loadBalancerJsonSchema(): Record<string, unknown> {
  return editorJsonSchema(LoadBalancerDocument);
}
