/**
 * Request bodies, written once as zod schemas: the client's parameter types are inferred from them and the
 * emulator validates every body with them, so both sides agree on one contract. Every rule is one of the
 * pure validators, which yields the same message in a prompt, a diagnostic and an HTTP 422 body.
 */
import * as z from 'zod/mini';
import { aliased } from './aliases';
import { FIREWALL_RULE_ALIASES } from './firewallRuleSpelling';
import * as v from './validators';

/** Turns a pure validator into a zod refinement with the validator's own message. */
function rule<S extends z.ZodMiniType>(base: S, check: (value: unknown, what: string) => v.Problem): S {
  return base.check(
    z.superRefine((value, ctx) => {
      const problem = check(value, 'value');
      if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^value /, '') });
    }),
  );
}

export const name = rule(z.string(), v.checkName);
export const hostname = rule(z.string(), v.checkHostname);
/**
 * A new volume's, firewall's, load balancer's, VPC's, cluster's or node pool's name (INFERRED rule, see
 * checkResourceName). Renames take any display name (`name`): the extension's prompts and documents send only
 * names this rule allows, but a name another client set may be anything, and the tests give such names through
 * renames.
 */
export const resourceName = rule(z.string(), v.checkResourceName);
export const slug = rule(z.string(), v.checkSlug);
const uuid = z.string().check(z.minLength(1));
const positiveInt = z.int().check(z.positive());
const stackletId = positiveInt;
/** Counts are listed as strings and sent as integers: both are read. */
const intLike = z.union([z.number(), z.pipe(z.string().check(z.regex(/^[0-9]+$/)), z.transform(Number))]);
/** A list of ids that may come as one bare id: `4` is read as `[4]`. */
const oneOrMany = z.transform((value) => (typeof value === 'number' ? [value] : value));
const password = rule(z.string(), v.checkPassword);

export const FirewallRuleInput = z.object({
  address: rule(z.string(), v.checkRuleAddress),
  port: z.nullish(rule(z.number(), v.checkPort)),
  protocol: z.nullish(rule(z.string(), v.checkFirewallProtocol)),
});
export type FirewallRuleInput = z.infer<typeof FirewallRuleInput>;

export const CreateFirewallBody = aliased(
  FIREWALL_RULE_ALIASES,
  z.object({
    name: resourceName,
    inbound_rules: z.array(FirewallRuleInput),
    outbound_rules: z.array(FirewallRuleInput),
    stacklet_ids: z.optional(z.array(stackletId)),
    project_uuid: z.optional(uuid),
  }),
);
/** What callers give: the rule arrays under their response spelling (`createFirewall` chooses the one sent). */
export type CreateFirewallBody = z.output<typeof CreateFirewallBody>;

export const UpdateFirewallBody = z.object({ name });
export type UpdateFirewallBody = z.infer<typeof UpdateFirewallBody>;

/** Body of POST and DELETE /v1/firewalls/:uuid/rules: at least one rule in either list. */
export const FirewallRulesBody = aliased(
  FIREWALL_RULE_ALIASES,
  z
    .object({
      inbound_rules: z.optional(z.array(FirewallRuleInput)),
      outbound_rules: z.optional(z.array(FirewallRuleInput)),
    })
    .check(
      z.refine((b) => (b.inbound_rules?.length ?? 0) + (b.outbound_rules?.length ?? 0) > 0, {
        message: 'at least one rule is required',
        path: ['inbound_rules'],
      }),
    ),
);
export type FirewallRulesBody = z.input<typeof FirewallRulesBody>;

/**
 * Body of POST and DELETE /v1/firewalls/:uuid/stacklets and /v1/load_balancers/:uuid/stacklets (paths
 * INFERRED from the /rules sub-resources). `stacklet_id` and a bare number are read as in the LB create body.
 */
export const StackletIdsBody = aliased(
  { stacklet_id: 'stacklet_ids' },
  z.object({
    stacklet_ids: z.pipe(oneOrMany, z.array(stackletId).check(z.minLength(1))),
  }),
);
export type StackletIdsBody = z.input<typeof StackletIdsBody>;

export const CreateStackletBody = z
  .object({
    name: z.optional(hostname),
    names: z.optional(z.array(hostname).check(z.minLength(1), z.maxLength(10))),
    size: slug,
    image: z.union([slug, positiveInt]),
    region: slug,
    tags: z.optional(z.array(name)),
    volume: z.optional(z.union([uuid, z.looseObject({ name: z.optional(name), size_gigabytes: z.int() })])),
    backups: z.optional(z.boolean()),
    ssh_keys: z.optional(z.array(z.union([z.int(), z.string().check(z.minLength(1))]))),
    vpc_uuid: z.optional(uuid),
    project_uuid: z.optional(uuid),
    userdata_uuid: z.optional(uuid),
    firewall_uuid: z.optional(uuid),
    private_networking: z.optional(z.boolean()),
    password: z.optional(password),
  })
  .check(
    z.refine((b) => (b.name === undefined) !== (b.names === undefined), {
      message: 'exactly one of name or names is required',
      path: ['name'],
    }),
  );
export type CreateStackletBody = z.input<typeof CreateStackletBody>;

export const StackletActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('resize'), size: slug, disk: z.optional(z.boolean()) }),
  z.object({ action: z.literal('rebuild'), image: z.union([slug, positiveInt]) }),
  z.object({ action: z.literal('enable_private_networking') }),
  z.object({ action: z.literal('snapshot'), name }),
  z.object({ action: z.literal('reset_password'), password: z.optional(password) }),
  z.object({ action: z.literal('power_on') }),
  z.object({ action: z.literal('power_off') }),
  z.object({ action: z.literal('power_cycle') }),
  z.object({ action: z.literal('rename'), name: hostname }),
  z.object({ action: z.literal('restore'), image_id: z.pipe(intLike, positiveInt) }),
]);
export type StackletActionBody = z.input<typeof StackletActionBody>;

export const CreateVolumeBody = z.object({
  name: resourceName,
  stacklet_id: stackletId,
  size_gigabytes: rule(z.number(), (value, what) => v.checkVolumeSize(value, 0, what)),
});
export type CreateVolumeBody = z.infer<typeof CreateVolumeBody>;

export const VolumeActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('attach'), stacklet_id: stackletId }),
  z.object({ action: z.literal('detach'), stacklet_id: z.optional(stackletId) }),
  z.object({ action: z.literal('resize'), size_gigabytes: rule(z.number(), (value, what) => v.checkVolumeSize(value, 0, what)) }),
  z.object({ action: z.literal('rename'), name }),
]);
export type VolumeActionBody = z.input<typeof VolumeActionBody>;

export const SnapshotActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('transfer'), region: slug }),
  z.object({ action: z.literal('rename'), name }),
]);
export type SnapshotActionBody = z.infer<typeof SnapshotActionBody>;

export const CreateKubernetesBody = z.object({
  name: resourceName,
  version: z.string().check(z.minLength(1)),
  region: slug,
  node_pool: z.object({
    name: resourceName,
    size: slug,
    count: z.pipe(intLike, rule(z.number(), v.checkNodeCount)),
  }),
  project_uuid: z.optional(uuid),
});
export type CreateKubernetesBody = z.input<typeof CreateKubernetesBody>;

export const UpdateKubernetesBody = z.object({ name, uuid: z.optional(uuid) });
export type UpdateKubernetesBody = z.infer<typeof UpdateKubernetesBody>;

export const UpdateNodePoolBody = z.object({
  name,
  count: z.pipe(intLike, rule(z.number(), v.checkNodeCount)),
  id: z.optional(z.string()),
});
export type UpdateNodePoolBody = z.input<typeof UpdateNodePoolBody>;

export const ForwardingRuleInput = z.object({
  protocol: rule(z.string(), (value, what) => v.checkOneOf(value, v.LB_PROTOCOLS, what)),
  source_port: rule(z.number(), v.checkPort),
  target_port: rule(z.number(), v.checkPort),
  certificate_id: z.nullish(z.int()),
  tls_passthrough: z.optional(z.boolean()),
});
export type ForwardingRuleInput = z.infer<typeof ForwardingRuleInput>;

/** Listed as an array, sent as an object: a one-element array is read as its element. */
export const HealthCheckInput = z.pipe(
  z.transform((value) => (Array.isArray(value) && value.length === 1 ? value[0] : value)),
  z.object({
    protocol: rule(z.string(), (value, what) => v.checkOneOf(value, v.LB_HEALTH_PROTOCOLS, what)),
    port: z.optional(rule(z.number(), v.checkPort)),
    path: z.optional(z.string().check(z.startsWith('/'))),
    interval: z.optional(z.int().check(z.gte(3), z.lte(300))),
    rise: z.optional(z.int().check(z.gte(1), z.lte(10))),
    fall: z.optional(z.int().check(z.gte(1), z.lte(10))),
  }),
);
export type HealthCheckInput = z.input<typeof HealthCheckInput>;

export const StickySessionsInput = z.object({
  name: z.optional(name),
  ttl: z.optional(z.union([z.string().check(z.regex(/^[0-9]+$/)), z.int().check(z.nonnegative())])),
});

const algorithm = rule(z.string(), (value, what) => v.checkOneOf(value, v.LB_ALGORITHMS, what));

export const CreateLoadBalancerBody = aliased(
  { stacklet_id: 'stacklet_ids' },
  z.object({
    name: resourceName,
    rules: z.array(ForwardingRuleInput).check(z.minLength(1)),
    region: slug,
    health: HealthCheckInput,
    algorithm,
    project_uuid: z.optional(uuid),
    stacklet_ids: z.optional(z.pipe(oneOrMany, z.array(stackletId))),
    sticky_sessions: z.nullish(StickySessionsInput),
    redirect_http_to_https: z.optional(z.boolean()),
  }),
);
export type CreateLoadBalancerBody = z.input<typeof CreateLoadBalancerBody>;

export const UpdateLoadBalancerBody = z.object({
  name,
  health: HealthCheckInput,
  algorithm,
  sticky_sessions: z.nullish(StickySessionsInput),
  redirect_http_to_https: z.optional(z.boolean()),
});
export type UpdateLoadBalancerBody = z.input<typeof UpdateLoadBalancerBody>;

export const LoadBalancerRulesBody = z.object({ rules: z.array(ForwardingRuleInput).check(z.minLength(1)) });
export type LoadBalancerRulesBody = z.infer<typeof LoadBalancerRulesBody>;

export const CreateVpcBody = z.object({
  name: resourceName,
  cidr: rule(z.string(), v.checkVpcCidr),
  region: z.optional(slug),
  project_uuid: z.optional(uuid),
});
export type CreateVpcBody = z.infer<typeof CreateVpcBody>;

export const UpdateVpcBody = z.object({ name });
export type UpdateVpcBody = z.infer<typeof UpdateVpcBody>;

export const UserdataBody = z.object({ name, userdata: rule(z.string(), v.checkUserdata) });
export type UserdataBody = z.infer<typeof UserdataBody>;

/**
 * Body of POST /v1/tags/:name/resources (DOC §11): the one resource to tag, `{"id": 123, "type": "stacklet"}`,
 * and of DELETE on the same path (INFERRED, the untag). Stacklets are the only resources the extension tags.
 */
export const TagResourceBody = z.object({
  id: stackletId,
  type: rule(z.string(), (value, what) => v.checkOneOf(value, ['stacklet'], what)),
});
export type TagResourceBody = z.infer<typeof TagResourceBody>;

/**
 * Body of POST /v1/tags (DOC §11): `name`, optionally the project and the stacklets that carry it from the
 * start. The name follows the extension's tag rule (checkTagName), which the documentation does not state.
 */
export const CreateTagBody = z.object({
  name: rule(z.string(), v.checkTagName),
  project_uuid: z.optional(uuid),
  stacklet_ids: z.optional(z.array(stackletId)),
});
export type CreateTagBody = z.infer<typeof CreateTagBody>;

export const CreateSshKeyBody = z.object({
  name,
  public_key: z.string().check(
    z.regex(/^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)) [A-Za-z0-9+/=]+( .*)?$/, {
      message: 'must be an OpenSSH public key (ssh-ed25519 AAAA… or ssh-rsa AAAA…)',
    }),
  ),
  project_uuid: z.optional(uuid),
});
export type CreateSshKeyBody = z.infer<typeof CreateSshKeyBody>;

/**
 * Body of POST /v1/kubernetes/:uuid/node_pools (INFERRED: the documentation has no node-pool pages; this is
 * the create body's `node_pool` object, the conventional form).
 */
export const CreateNodePoolBody = z.object({
  name: resourceName,
  size: slug,
  count: z.pipe(intLike, rule(z.number(), v.checkNodeCount)),
});
export type CreateNodePoolBody = z.input<typeof CreateNodePoolBody>;

/**
 * Body of POST /v1/projects (DOC, service notes §13). `color` is typed integer but the example sends a hex
 * string, and `environment` is typed boolean but the example sends a word: the example values are taken.
 */
export const CreateProjectBody = z.object({
  name,
  color: z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, { message: 'must be a colour such as #0061FF' })),
  description: z.optional(z.string().check(z.maxLength(255))),
  environment: z.optional(name),
  is_default: z.optional(z.boolean()),
  budget: z.optional(z.union([z.number().check(z.gte(0)), z.string().check(z.regex(/^[0-9]+(\.[0-9]{1,2})?$/))])),
  team_uuid: z.optional(uuid),
});
export type CreateProjectBody = z.infer<typeof CreateProjectBody>;
