/**
 * The service's resources and envelopes, written once as zod schemas; the TypeScript types are inferred from
 * them. Objects are loose (unknown fields are kept) and the spellings the service is known to mix are folded
 * into one before validation (see the API coverage table in docs/api-coverage.md).
 */
import * as z from 'zod/mini';
import { $constructor, $ZodObjectJIT, type $loose, type $ZodLooseShape, type $ZodObjectDef } from 'zod/v4/core';
import { aliased } from './aliases';

/**
 * zod/mini's object with the parser the full build of zod gives every object: one generated for its shape on
 * first use ($ZodObjectJIT; ZodMiniObject.init then only adds zod/mini's methods, the $ZodObject part being
 * done). zod/mini's own objects share one interpreted parser, which validates a listing of stacklets about
 * 2.5 times slower and keeps more heap. Issues, paths and output are the same either way.
 */
const ZodMiniObjectJIT = $constructor('ZodMiniObjectJIT', (inst: z.ZodMiniObject, def: $ZodObjectDef) => {
  $ZodObjectJIT.init(inst, def);
  z.ZodMiniObject.init(inst, def);
});

type LooseObject<T extends $ZodLooseShape> = z.ZodMiniObject<z.core.util.Writeable<T>, $loose>;

/** `z.looseObject` (unknown fields are kept) with the generated parser. */
function looseObject<T extends $ZodLooseShape>(shape: T): LooseObject<T> {
  return new ZodMiniObjectJIT({ type: 'object', shape, catchall: z.unknown() }) as LooseObject<T>;
}

const timestamp = z.string();

export const Task = looseObject({
  id: z.int(),
  name: z.string(),
  description: looseObject({
    progress: z._default(z.string(), ''),
    completed: z._default(z.string(), ''),
  }),
});
export type Task = z.infer<typeof Task>;

export const Region = looseObject({
  slug: z.string(),
  name: z._default(z.string(), ''),
  features: z._default(z.array(z.string()), []),
  available: z._default(z.boolean(), true),
});
export type Region = z.infer<typeof Region>;

export const SizeCategory = looseObject({
  name: z.string(),
  premium: z.optional(z.boolean()),
  cpu_model: z.optional(z.string()),
  description: z.optional(z.string()),
});

export const Size = looseObject({
  slug: z.string(),
  vcpu: z.int(),
  disk: z.number(),
  memory: z.number(),
  bandwidth: z.optional(z.number()),
  available: z._default(z.boolean(), true),
  price_hourly: z.optional(z.number()),
  price_monthly: z.optional(z.number()),
  category: z.nullish(SizeCategory),
  snapshots_limit: z.nullish(z.int()),
});
export type Size = z.infer<typeof Size>;

/** Prices come as decimal strings ("0.0000") in most places and as numbers in a few. */
const price = z.union([z.string(), z.number()]);

export const DistributionImage = looseObject({
  id: z.optional(z.int()),
  name: z.optional(z.string()),
  slug: z.string(),
  version: z.optional(z.string()),
  available: z._default(z.boolean(), true),
  default: z.optional(z.boolean()),
  extra_price: z.optional(price),
  size_ids: z.optional(z.array(z.int())),
  min_disk: z.nullish(z.number()),
  min_vcpu: z.nullish(z.number()),
  min_memory: z.nullish(z.number()),
});
export type DistributionImage = z.infer<typeof DistributionImage>;

export const Distribution = looseObject({
  name: z.string(),
  images: z._default(z.array(DistributionImage), []),
});
export type Distribution = z.infer<typeof Distribution>;

export const Application = looseObject({
  id: z.optional(z.int()),
  name: z.string(),
  slug: z.string(),
  available: z._default(z.boolean(), true),
  extra_price: z.optional(price),
  size_ids: z.optional(z.array(z.int())),
});
export type Application = z.infer<typeof Application>;

export const ContainerImage = looseObject({
  id: z.optional(z.int()),
  slug: z.string(),
  version: z.optional(z.string()),
  default: z.optional(z.boolean()),
  size_ids: z.optional(z.array(z.int())),
  available: z._default(z.boolean(), true),
  extra_price: z.optional(price),
});
export type ContainerImage = z.infer<typeof ContainerImage>;

export const ContainerFamily = looseObject({
  name: z.string(),
  images: z._default(z.array(ContainerImage), []),
});
export type ContainerFamily = z.infer<typeof ContainerFamily>;

export const NetworkV4 = looseObject({
  address: z.string(),
  gateway: z.nullish(z.string()),
  netmask: z.nullish(z.string()),
  type: z.string(),
});
export const NetworkV6 = looseObject({
  address: z.string(),
  gateway: z.nullish(z.string()),
  netmask: z.nullish(z.int()),
  range_start: z.nullish(z.string()),
  range_end: z.nullish(z.string()),
  type: z.string(),
});
export const Networks = looseObject({
  v4: z._default(z.array(NetworkV4), []),
  v6: z._default(z.array(NetworkV6), []),
});
export type Networks = z.infer<typeof Networks>;

export const Stacklet = looseObject({
  id: z.int(),
  name: z.string(),
  created_at: z.optional(timestamp),
  application: z.optional(z.unknown()),
  backup_ids: z._default(z.array(z.int()), []),
  backups_enabled: z._default(z.boolean(), false),
  disk: z.optional(z.number()),
  memory: z.optional(z.number()),
  vcpu: z.optional(z.int()),
  distribution: z.nullish(looseObject({ name: z.optional(z.string()), image: z.nullish(z.partial(DistributionImage)) })),
  firewall_uuid: z.nullish(z.string()),
  locked: z._default(z.boolean(), false),
  recovery_mode: z._default(z.boolean(), false),
  networks: z._default(Networks, { v4: [], v6: [] }),
  region: Region,
  size: Size,
  snapshot_ids: z._default(z.array(z.int()), []),
  status: z.string(),
  tags: z._default(z.array(z.string()), []),
  task: z.nullish(Task),
  volume_uuid: z.nullish(z.string()),
  vpc_uuid: z.nullish(z.string()),
});
export type Stacklet = z.infer<typeof Stacklet>;

/** The stacklet nested in a volume or a snapshot is elided in the service's examples: only `id` is relied on. */
const NestedStacklet = looseObject({ id: z.int(), name: z.optional(z.string()) });

export const Snapshot = aliased(
  { region_ids: 'regions' },
  looseObject({
    id: z.int(),
    name: z.string(),
    created_at: z.optional(timestamp),
    disk_size: z.optional(z.number()),
    size: z.optional(z.number()),
    size_gigabytes: z.optional(z.number()),
    regions: z._default(z.array(z.string()), []),
    stacklet: z.nullish(NestedStacklet),
    task: z.nullish(Task),
  }),
);
export type Snapshot = z.infer<typeof Snapshot>;

export const Volume = aliased(
  { uuid: 'id' },
  looseObject({
    id: z.string(),
    name: z.string(),
    created_at: z.optional(timestamp),
    task: z.nullish(Task),
    region: Region,
    size: z.optional(z.number()),
    size_gigabytes: z.number(),
    stacklet: z.nullish(NestedStacklet),
  }),
);
export type Volume = z.infer<typeof Volume>;

/** Responses show lowercase protocols and null for "all"; requests may use TCP/UDP/ICMP or empty. */
export const FirewallRule = looseObject({
  address: z.string(),
  port: z.nullish(z.int()),
  protocol: z.nullish(z.string()),
});
export type FirewallRule = z.infer<typeof FirewallRule>;

/** `resources` is an object with `stacklet_ids` in the specification and a bare array on the model page. */
const FirewallResources = z.pipe(
  z.transform((value) => (Array.isArray(value) ? { stacklet_ids: value } : value)),
  looseObject({ stacklet_ids: z._default(z.array(z.int()), []) }),
);

export const Firewall = aliased(
  {
    inboud_rules: 'inbound_rules',
    outboud_rules: 'outbound_rules',
    otbound_rules: 'outbound_rules',
    id: 'uuid',
  },
  looseObject({
    uuid: z.string(),
    name: z.string(),
    created_at: z.optional(timestamp),
    inbound_rules: z._default(z.array(FirewallRule), []),
    outbound_rules: z._default(z.array(FirewallRule), []),
    project: z.nullish(looseObject({ id: z.optional(z.string()), name: z.optional(z.string()) })),
    resources: z._default(FirewallResources, { stacklet_ids: [] }),
  }),
);
export type Firewall = z.infer<typeof Firewall>;

/** The body of POST /v1/firewalls/:uuid/rules: a bare object in the documentation's example. */
export const FirewallRuleSet = aliased(
  { inboud_rules: 'inbound_rules', outboud_rules: 'outbound_rules', otbound_rules: 'outbound_rules' },
  looseObject({
    inbound_rules: z._default(z.array(FirewallRule), []),
    outbound_rules: z._default(z.array(FirewallRule), []),
  }),
);
export type FirewallRuleSet = z.infer<typeof FirewallRuleSet>;

export const KubernetesVersion = looseObject({
  slug: z.string(),
  version: z.optional(z.string()),
  min_vcpu: z.nullish(z.int()),
  min_disk: z.nullish(z.number()),
  min_memory: z.nullish(z.number()),
  available: z._default(z.boolean(), true),
});

export const KubernetesNode = looseObject({
  id: z.string(),
  name: z.string(),
  created_at: z.optional(timestamp),
  status: z.optional(z.string()),
});
export type KubernetesNode = z.infer<typeof KubernetesNode>;

export const NodePool = looseObject({
  id: z.string(),
  name: z.string(),
  size: Size,
  count: z.optional(z.int()),
  nodes: z._default(z.array(KubernetesNode), []),
});
export type NodePool = z.infer<typeof NodePool>;

export const KubernetesCluster = looseObject({
  uuid: z.string(),
  name: z.string(),
  tags: z._default(z.array(z.string()), []),
  ipv4: z.nullish(z.string()),
  task: z.nullish(Task),
  region: Region,
  version: KubernetesVersion,
  endpoint: z.nullish(z.string()),
  created_at: z.optional(timestamp),
  node_pools: z._default(z.array(NodePool), []),
  cluster_subnet: z.nullish(z.string()),
  service_subnet: z.nullish(z.string()),
});
export type KubernetesCluster = z.infer<typeof KubernetesCluster>;

export const ForwardingRule = looseObject({
  protocol: z.string(),
  source_port: z.int(),
  target_port: z.int(),
  certificate_id: z.nullish(z.int()),
  tls_passthrough: z._default(z.boolean(), false),
});
export type ForwardingRule = z.infer<typeof ForwardingRule>;

/** Listed as an array in the documentation and sent as an object: a one-element array is read as its element. */
export const HealthCheck = z.pipe(
  z.transform((value) => (Array.isArray(value) && value.length === 1 ? value[0] : value)),
  looseObject({
    protocol: z.string(),
    port: z.nullish(z.int()),
    path: z.nullish(z.string()),
    interval: z.optional(z.int()),
    rise: z.optional(z.int()),
    fall: z.optional(z.int()),
  }),
);
export type HealthCheck = z.infer<typeof HealthCheck>;

export const StickySessions = looseObject({
  name: z.optional(z.string()),
  ttl: z.optional(z.union([z.string(), z.number()])),
});

export const LoadBalancer = aliased(
  { stacklet_id: 'stacklet_ids' },
  looseObject({
    uuid: z.string(),
    name: z.string(),
    created_at: z.optional(timestamp),
    task: z.nullish(Task),
    region: Region,
    ip: z.nullish(z.string()),
    algorithm: z.string(),
    sticky_sessions: z.nullish(StickySessions),
    rules: z._default(z.array(ForwardingRule), []),
    health: z.nullish(HealthCheck),
    redirect_http_to_https: z._default(z.boolean(), false),
    stacklet_ids: z._default(z.array(z.int()), []),
  }),
);
export type LoadBalancer = z.infer<typeof LoadBalancer>;

/** A VPC's region is a region object in responses; a bare slug is accepted too. */
const RegionOrSlug = z.union([Region, z.pipe(z.string(), z.transform((slug) => Region.parse({ slug, name: slug })))]);

export const Vpc = aliased(
  { stackelt_ids: 'stacklet_ids' },
  looseObject({
    uuid: z.string(),
    name: z.string(),
    cidr: z.string(),
    created_at: z.optional(timestamp),
    region: z.nullish(RegionOrSlug),
    stacklet_ids: z._default(z.array(z.int()), []),
  }),
);
export type Vpc = z.infer<typeof Vpc>;

export const Userdata = looseObject({
  uuid: z.string(),
  name: z.string(),
  userdata: z._default(z.string(), ''),
  created_at: z.optional(timestamp),
});
export type Userdata = z.infer<typeof Userdata>;

export const SshKey = looseObject({
  id: z.int(),
  name: z.string(),
  fingerprint: z.optional(z.string()),
  public_key: z.optional(z.string()),
  created_at: z.optional(timestamp),
});
export type SshKey = z.infer<typeof SshKey>;

export const Tag = looseObject({ name: z.string() });
export type Tag = z.infer<typeof Tag>;

export const Limit = looseObject({ available: z.int(), used: z.int() });

export const Profile = looseObject({
  uuid: z.string(),
  first_name: z.nullish(z.string()),
  last_name: z.nullish(z.string()),
  email: z.string(),
  company: z.nullish(z.string()),
  phone: z.nullish(z.string()),
  address: z.nullish(z.string()),
  created_at: z.optional(timestamp),
  limits: z._default(z.record(z.string(), Limit), {}),
  features: z._default(z.array(z.string()), []),
  gravatar_url: z.nullish(z.string()),
  is_member: z.optional(z.boolean()),
  is_verified: z.optional(z.boolean()),
  is_email_confirmed: z.optional(z.boolean()),
});
export type Profile = z.infer<typeof Profile>;

export const Pagination = looseObject({
  current_page: z.int(),
  next_page: z.nullish(z.int()),
  pages: z.int(),
  per_page: z.int(),
  previous_page: z.nullish(z.int()),
  total: z.int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const Meta = looseObject({
  pagination: z.nullish(Pagination),
  total: z.optional(z.int()),
  query: z.optional(z.unknown()),
  sort: z.optional(z.unknown()),
});
export type Meta = z.infer<typeof Meta>;
