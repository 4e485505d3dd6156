/**
 * Request bodies, written once as zod schemas: the client's parameter types are inferred from them and the
 * emulator validates every body with them, so both sides agree on one contract. Every rule is one of the
 * pure validators, which yields the same message in a prompt, a diagnostic and an HTTP 422 body.
 */
import { z } from 'zod';
import { aliased } from './aliases';
import * as v from './validators';

/** Turns a pure validator into a zod refinement with the validator's own message. */
function rule<S extends z.ZodType>(base: S, check: (value: unknown, what: string) => v.Problem): S {
  return base.superRefine((value, ctx) => {
    const problem = check(value, 'value');
    if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^value /, '') });
  });
}

export const name = rule(z.string(), v.checkName);
export const hostname = rule(z.string(), v.checkHostname);
export const slug = rule(z.string(), v.checkSlug);
export const port = rule(z.number(), v.checkPort);
const uuid = z.string().min(1);
const stackletId = z.number().int().positive();
/** Counts are listed as strings and sent as integers: both are read. */
const intLike = z.union([z.number(), z.string().regex(/^[0-9]+$/).transform(Number)]);

export const FirewallRuleInput = z.object({
  address: rule(z.string(), v.checkRuleAddress),
  port: rule(z.number(), v.checkPort).nullish(),
  protocol: rule(z.string(), v.checkFirewallProtocol).nullish(),
});
export type FirewallRuleInput = z.infer<typeof FirewallRuleInput>;

const ruleAliases = { inboud_rules: 'inbound_rules', outboud_rules: 'outbound_rules', otbound_rules: 'outbound_rules' };

export const CreateFirewallBody = aliased(
  ruleAliases,
  z.object({
    name,
    inbound_rules: z.array(FirewallRuleInput),
    outbound_rules: z.array(FirewallRuleInput),
    stacklet_ids: z.array(stackletId).optional(),
    project_uuid: uuid.optional(),
  }),
);
export type CreateFirewallBody = z.input<typeof CreateFirewallBody>;

export const UpdateFirewallBody = z.object({ name });
export type UpdateFirewallBody = z.infer<typeof UpdateFirewallBody>;

/** Body of POST and DELETE /v1/firewalls/:uuid/rules: at least one rule in either list. */
export const FirewallRulesBody = aliased(
  ruleAliases,
  z
    .object({
      inbound_rules: z.array(FirewallRuleInput).optional(),
      outbound_rules: z.array(FirewallRuleInput).optional(),
    })
    .refine((b) => (b.inbound_rules?.length ?? 0) + (b.outbound_rules?.length ?? 0) > 0, {
      message: 'at least one rule is required',
      path: ['inbound_rules'],
    }),
);
export type FirewallRulesBody = z.input<typeof FirewallRulesBody>;

/**
 * Body of POST and DELETE /v1/firewalls/:uuid/stacklets and /v1/load_balancers/:uuid/stacklets (paths
 * INFERRED from the /rules sub-resources). `stacklet_id` and a bare number are read as in the LB create body.
 */
export const StackletIdsBody = aliased(
  { stacklet_id: 'stacklet_ids' },
  z.object({
    stacklet_ids: z.preprocess((value) => (typeof value === 'number' ? [value] : value), z.array(stackletId).min(1)),
  }),
);
export type StackletIdsBody = z.input<typeof StackletIdsBody>;

export const CreateStackletBody = z
  .object({
    name: hostname.optional(),
    names: z.array(hostname).min(1).max(10).optional(),
    size: slug,
    image: z.union([slug, z.number().int().positive()]),
    region: slug,
    tags: z.array(name).optional(),
    volume: z.union([uuid, z.looseObject({ name: name.optional(), size_gigabytes: z.number().int() })]).optional(),
    backups: z.boolean().optional(),
    ssh_keys: z.array(z.union([z.number().int(), z.string().min(1)])).optional(),
    vpc_uuid: uuid.optional(),
    project_uuid: uuid.optional(),
    userdata_uuid: uuid.optional(),
    firewall_uuid: uuid.optional(),
    private_networking: z.boolean().optional(),
    password: z.string().min(8).optional(),
  })
  .refine((b) => (b.name === undefined) !== (b.names === undefined), {
    message: 'exactly one of name or names is required',
    path: ['name'],
  });
export type CreateStackletBody = z.input<typeof CreateStackletBody>;

export const StackletActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('resize'), size: slug, disk: z.boolean().optional() }),
  z.object({ action: z.literal('rebuild'), image: z.union([slug, z.number().int().positive()]) }),
  z.object({ action: z.literal('enable_private_networking') }),
  z.object({ action: z.literal('snapshot'), name }),
  z.object({ action: z.literal('reset_password'), password: z.string().min(8).optional() }),
  z.object({ action: z.literal('power_on') }),
  z.object({ action: z.literal('power_off') }),
  z.object({ action: z.literal('power_cycle') }),
  z.object({ action: z.literal('rename'), name: hostname }),
  z.object({ action: z.literal('restore'), image_id: intLike.pipe(z.number().int().positive()) }),
]);
export type StackletActionBody = z.input<typeof StackletActionBody>;
export type StackletAction = StackletActionBody['action'];

export const CreateVolumeBody = z.object({
  name,
  stacklet_id: stackletId,
  size_gigabytes: rule(z.number(), (value, what) => v.checkVolumeSize(value, 0, what)),
});
export type CreateVolumeBody = z.infer<typeof CreateVolumeBody>;

export const VolumeActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('attach'), stacklet_id: stackletId }),
  z.object({ action: z.literal('detach'), stacklet_id: stackletId.optional() }),
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
  name,
  version: z.string().min(1),
  region: slug,
  node_pool: z.object({
    name,
    size: slug,
    count: intLike.pipe(rule(z.number(), v.checkNodeCount)),
  }),
  project_uuid: uuid.optional(),
});
export type CreateKubernetesBody = z.input<typeof CreateKubernetesBody>;

export const UpdateKubernetesBody = z.object({ name, uuid: uuid.optional() });
export type UpdateKubernetesBody = z.infer<typeof UpdateKubernetesBody>;

export const UpdateNodePoolBody = z.object({
  name,
  count: intLike.pipe(rule(z.number(), v.checkNodeCount)),
  id: z.string().optional(),
});
export type UpdateNodePoolBody = z.input<typeof UpdateNodePoolBody>;

export const ForwardingRuleInput = z.object({
  protocol: rule(z.string(), (value, what) => v.checkOneOf(value, v.LB_PROTOCOLS, what)),
  source_port: rule(z.number(), v.checkPort),
  target_port: rule(z.number(), v.checkPort),
  certificate_id: z.number().int().nullish(),
  tls_passthrough: z.boolean().optional(),
});
export type ForwardingRuleInput = z.infer<typeof ForwardingRuleInput>;

/** Listed as an array, sent as an object: a one-element array is read as its element. */
export const HealthCheckInput = z.preprocess(
  (value) => (Array.isArray(value) && value.length === 1 ? value[0] : value),
  z.object({
    protocol: rule(z.string(), (value, what) => v.checkOneOf(value, v.LB_HEALTH_PROTOCOLS, what)),
    port: rule(z.number(), v.checkPort).optional(),
    path: z.string().startsWith('/').optional(),
    interval: z.number().int().min(3).max(300).optional(),
    rise: z.number().int().min(1).max(10).optional(),
    fall: z.number().int().min(1).max(10).optional(),
  }),
);
export type HealthCheckInput = z.input<typeof HealthCheckInput>;

export const StickySessionsInput = z.object({
  name: name.optional(),
  ttl: z.union([z.string().regex(/^[0-9]+$/), z.number().int().nonnegative()]).optional(),
});

const algorithm = rule(z.string(), (value, what) => v.checkOneOf(value, v.LB_ALGORITHMS, what));

export const CreateLoadBalancerBody = aliased(
  { stacklet_id: 'stacklet_ids' },
  z.object({
    name,
    rules: z.array(ForwardingRuleInput).min(1),
    region: slug,
    health: HealthCheckInput,
    algorithm,
    project_uuid: uuid.optional(),
    stacklet_ids: z.preprocess((value) => (typeof value === 'number' ? [value] : value), z.array(stackletId)).optional(),
    sticky_sessions: StickySessionsInput.nullish(),
    redirect_http_to_https: z.boolean().optional(),
  }),
);
export type CreateLoadBalancerBody = z.input<typeof CreateLoadBalancerBody>;

export const UpdateLoadBalancerBody = z.object({
  name,
  health: HealthCheckInput,
  algorithm,
  sticky_sessions: StickySessionsInput.nullish(),
  redirect_http_to_https: z.boolean().optional(),
});
export type UpdateLoadBalancerBody = z.input<typeof UpdateLoadBalancerBody>;

export const LoadBalancerRulesBody = z.object({ rules: z.array(ForwardingRuleInput).min(1) });
export type LoadBalancerRulesBody = z.infer<typeof LoadBalancerRulesBody>;

export const CreateVpcBody = z.object({
  name,
  cidr: rule(z.string(), v.checkVpcCidr),
  region: slug.optional(),
  project_uuid: uuid.optional(),
});
export type CreateVpcBody = z.infer<typeof CreateVpcBody>;

export const UpdateVpcBody = z.object({ name });
export type UpdateVpcBody = z.infer<typeof UpdateVpcBody>;

export const UserdataBody = z.object({ name, userdata: rule(z.string(), v.checkUserdata) });
export type UserdataBody = z.infer<typeof UserdataBody>;

export const CreateSshKeyBody = z.object({
  name,
  public_key: z.string().regex(/^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)) [A-Za-z0-9+/=]+( .*)?$/, {
    message: 'must be an OpenSSH public key (ssh-ed25519 AAAA… or ssh-rsa AAAA…)',
  }),
  project_uuid: uuid.optional(),
});
export type CreateSshKeyBody = z.infer<typeof CreateSshKeyBody>;
