/**
 * The service's resources and envelopes, written once as zod schemas; the TypeScript types are inferred from
 * them. Objects are loose (unknown fields are kept) and the spellings the service is known to mix are folded
 * into one before validation (see the API coverage table in docs/api-coverage.md).
 */
import { z } from 'zod';
import { aliased } from './aliases';

const timestamp = z.string();

export const Task = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.looseObject({
    progress: z.string().default(''),
    completed: z.string().default(''),
  }),
});
export type Task = z.infer<typeof Task>;

export const Region = z.looseObject({
  slug: z.string(),
  name: z.string().default(''),
  features: z.array(z.string()).default([]),
  available: z.boolean().default(true),
});
export type Region = z.infer<typeof Region>;

export const SizeCategory = z.looseObject({
  name: z.string(),
  premium: z.boolean().optional(),
  cpu_model: z.string().optional(),
  description: z.string().optional(),
});

export const Size = z.looseObject({
  slug: z.string(),
  vcpu: z.number().int(),
  disk: z.number(),
  memory: z.number(),
  bandwidth: z.number().optional(),
  available: z.boolean().default(true),
  price_hourly: z.number().optional(),
  price_monthly: z.number().optional(),
  category: SizeCategory.nullish(),
  snapshots_limit: z.number().int().nullish(),
});
export type Size = z.infer<typeof Size>;

/** Prices come as decimal strings ("0.0000") in most places and as numbers in a few. */
const price = z.union([z.string(), z.number()]);

export const DistributionImage = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().optional(),
  slug: z.string(),
  version: z.string().optional(),
  available: z.boolean().default(true),
  default: z.boolean().optional(),
  extra_price: price.optional(),
  size_ids: z.array(z.number().int()).optional(),
  min_disk: z.number().nullish(),
  min_vcpu: z.number().nullish(),
  min_memory: z.number().nullish(),
});
export type DistributionImage = z.infer<typeof DistributionImage>;

export const Distribution = z.looseObject({
  name: z.string(),
  images: z.array(DistributionImage).default([]),
});
export type Distribution = z.infer<typeof Distribution>;

export const Application = z.looseObject({
  id: z.number().int().optional(),
  name: z.string(),
  slug: z.string(),
  available: z.boolean().default(true),
  extra_price: price.optional(),
  size_ids: z.array(z.number().int()).optional(),
});
export type Application = z.infer<typeof Application>;

export const ContainerImage = z.looseObject({
  id: z.number().int().optional(),
  slug: z.string(),
  version: z.string().optional(),
  default: z.boolean().optional(),
  size_ids: z.array(z.number().int()).optional(),
  available: z.boolean().default(true),
  extra_price: price.optional(),
});
export type ContainerImage = z.infer<typeof ContainerImage>;

export const ContainerFamily = z.looseObject({
  name: z.string(),
  images: z.array(ContainerImage).default([]),
});
export type ContainerFamily = z.infer<typeof ContainerFamily>;

export const NetworkV4 = z.looseObject({
  address: z.string(),
  gateway: z.string().nullish(),
  netmask: z.string().nullish(),
  type: z.string(),
});
export const NetworkV6 = z.looseObject({
  address: z.string(),
  gateway: z.string().nullish(),
  netmask: z.number().int().nullish(),
  range_start: z.string().nullish(),
  range_end: z.string().nullish(),
  type: z.string(),
});
export const Networks = z.looseObject({
  v4: z.array(NetworkV4).default([]),
  v6: z.array(NetworkV6).default([]),
});
export type Networks = z.infer<typeof Networks>;

export const Stacklet = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  created_at: timestamp.optional(),
  application: z.unknown().optional(),
  backup_ids: z.array(z.number().int()).default([]),
  backups_enabled: z.boolean().default(false),
  disk: z.number().optional(),
  memory: z.number().optional(),
  vcpu: z.number().int().optional(),
  distribution: z
    .looseObject({ name: z.string().optional(), image: DistributionImage.partial().nullish() })
    .nullish(),
  firewall_uuid: z.string().nullish(),
  locked: z.boolean().default(false),
  recovery_mode: z.boolean().default(false),
  networks: Networks.default({ v4: [], v6: [] }),
  region: Region,
  size: Size,
  snapshot_ids: z.array(z.number().int()).default([]),
  status: z.string(),
  tags: z.array(z.string()).default([]),
  task: Task.nullish(),
  volume_uuid: z.string().nullish(),
  vpc_uuid: z.string().nullish(),
});
export type Stacklet = z.infer<typeof Stacklet>;

/** The stacklet nested in a volume or a snapshot is elided in the service's examples: only `id` is relied on. */
const NestedStacklet = z.looseObject({ id: z.number().int(), name: z.string().optional() });

export const Snapshot = aliased(
  { region_ids: 'regions' },
  z.looseObject({
    id: z.number().int(),
    name: z.string(),
    created_at: timestamp.optional(),
    disk_size: z.number().optional(),
    size: z.number().optional(),
    size_gigabytes: z.number().optional(),
    regions: z.array(z.string()).default([]),
    stacklet: NestedStacklet.nullish(),
    task: Task.nullish(),
  }),
);
export type Snapshot = z.infer<typeof Snapshot>;

export const Volume = aliased(
  { uuid: 'id' },
  z.looseObject({
    id: z.string(),
    name: z.string(),
    created_at: timestamp.optional(),
    task: Task.nullish(),
    region: Region,
    size: z.number().optional(),
    size_gigabytes: z.number(),
    stacklet: NestedStacklet.nullish(),
  }),
);
export type Volume = z.infer<typeof Volume>;

/** Responses show lowercase protocols and null for "all"; requests may use TCP/UDP/ICMP or empty. */
export const FirewallRule = z.looseObject({
  address: z.string(),
  port: z.number().int().nullish(),
  protocol: z.string().nullish(),
});
export type FirewallRule = z.infer<typeof FirewallRule>;

/** `resources` is an object with `stacklet_ids` in the specification and a bare array on the model page. */
const FirewallResources = z.preprocess(
  (value) => (Array.isArray(value) ? { stacklet_ids: value } : value),
  z.looseObject({ stacklet_ids: z.array(z.number().int()).default([]) }),
);

export const Firewall = aliased(
  {
    inboud_rules: 'inbound_rules',
    outboud_rules: 'outbound_rules',
    otbound_rules: 'outbound_rules',
    id: 'uuid',
  },
  z.looseObject({
    uuid: z.string(),
    name: z.string(),
    created_at: timestamp.optional(),
    inbound_rules: z.array(FirewallRule).default([]),
    outbound_rules: z.array(FirewallRule).default([]),
    project: z.looseObject({ id: z.string().optional(), name: z.string().optional() }).nullish(),
    resources: FirewallResources.default({ stacklet_ids: [] }),
  }),
);
export type Firewall = z.infer<typeof Firewall>;

/** The body of POST /v1/firewalls/:uuid/rules: a bare object in the documentation's example. */
export const FirewallRuleSet = aliased(
  { inboud_rules: 'inbound_rules', outboud_rules: 'outbound_rules', otbound_rules: 'outbound_rules' },
  z.looseObject({
    inbound_rules: z.array(FirewallRule).default([]),
    outbound_rules: z.array(FirewallRule).default([]),
  }),
);
export type FirewallRuleSet = z.infer<typeof FirewallRuleSet>;

export const KubernetesVersion = z.looseObject({
  slug: z.string(),
  version: z.string().optional(),
  min_vcpu: z.number().int().nullish(),
  min_disk: z.number().nullish(),
  min_memory: z.number().nullish(),
  available: z.boolean().default(true),
});

export const KubernetesNode = z.looseObject({
  id: z.string(),
  name: z.string(),
  created_at: timestamp.optional(),
  status: z.string().optional(),
});
export type KubernetesNode = z.infer<typeof KubernetesNode>;

export const NodePool = z.looseObject({
  id: z.string(),
  name: z.string(),
  size: Size,
  count: z.number().int().optional(),
  nodes: z.array(KubernetesNode).default([]),
});
export type NodePool = z.infer<typeof NodePool>;

export const KubernetesCluster = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  tags: z.array(z.string()).default([]),
  ipv4: z.string().nullish(),
  task: Task.nullish(),
  region: Region,
  version: KubernetesVersion,
  endpoint: z.string().nullish(),
  created_at: timestamp.optional(),
  node_pools: z.array(NodePool).default([]),
  cluster_subnet: z.string().nullish(),
  service_subnet: z.string().nullish(),
});
export type KubernetesCluster = z.infer<typeof KubernetesCluster>;

export const ForwardingRule = z.looseObject({
  protocol: z.string(),
  source_port: z.number().int(),
  target_port: z.number().int(),
  certificate_id: z.number().int().nullish(),
  tls_passthrough: z.boolean().default(false),
});
export type ForwardingRule = z.infer<typeof ForwardingRule>;

/** Listed as an array in the documentation and sent as an object: a one-element array is read as its element. */
export const HealthCheck = z.preprocess(
  (value) => (Array.isArray(value) && value.length === 1 ? value[0] : value),
  z.looseObject({
    protocol: z.string(),
    port: z.number().int().nullish(),
    path: z.string().nullish(),
    interval: z.number().int().optional(),
    rise: z.number().int().optional(),
    fall: z.number().int().optional(),
  }),
);
export type HealthCheck = z.infer<typeof HealthCheck>;

export const StickySessions = z.looseObject({
  name: z.string().optional(),
  ttl: z.union([z.string(), z.number()]).optional(),
});

export const LoadBalancer = aliased(
  { stacklet_id: 'stacklet_ids' },
  z.looseObject({
    uuid: z.string(),
    name: z.string(),
    created_at: timestamp.optional(),
    task: Task.nullish(),
    region: Region,
    ip: z.string().nullish(),
    algorithm: z.string(),
    sticky_sessions: StickySessions.nullish(),
    rules: z.array(ForwardingRule).default([]),
    health: HealthCheck.nullish(),
    redirect_http_to_https: z.boolean().default(false),
    stacklet_ids: z.array(z.number().int()).default([]),
  }),
);
export type LoadBalancer = z.infer<typeof LoadBalancer>;

/** A VPC's region is a region object in responses; a bare slug is accepted too. */
const RegionOrSlug = z.union([Region, z.string().transform((slug) => Region.parse({ slug, name: slug }))]);

export const Vpc = aliased(
  { stackelt_ids: 'stacklet_ids' },
  z.looseObject({
    uuid: z.string(),
    name: z.string(),
    cidr: z.string(),
    created_at: timestamp.optional(),
    region: RegionOrSlug.nullish(),
    stacklet_ids: z.array(z.number().int()).default([]),
  }),
);
export type Vpc = z.infer<typeof Vpc>;

export const Userdata = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  userdata: z.string().default(''),
  created_at: timestamp.optional(),
});
export type Userdata = z.infer<typeof Userdata>;

export const SshKey = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  fingerprint: z.string().optional(),
  public_key: z.string().optional(),
  created_at: timestamp.optional(),
});
export type SshKey = z.infer<typeof SshKey>;

export const Tag = z.looseObject({ name: z.string() });
export type Tag = z.infer<typeof Tag>;

export const Limit = z.looseObject({ available: z.number().int(), used: z.number().int() });

export const Profile = z.looseObject({
  uuid: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string(),
  company: z.string().nullish(),
  phone: z.string().nullish(),
  address: z.string().nullish(),
  created_at: timestamp.optional(),
  limits: z.record(z.string(), Limit).default({}),
  features: z.array(z.string()).default([]),
  gravatar_url: z.string().nullish(),
  is_member: z.boolean().optional(),
  is_verified: z.boolean().optional(),
  is_email_confirmed: z.boolean().optional(),
});
export type Profile = z.infer<typeof Profile>;

export const Pagination = z.looseObject({
  current_page: z.number().int(),
  next_page: z.number().int().nullish(),
  pages: z.number().int(),
  per_page: z.number().int(),
  previous_page: z.number().int().nullish(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const Meta = z.looseObject({
  pagination: Pagination.nullish(),
  total: z.number().int().optional(),
  query: z.unknown().optional(),
  sort: z.unknown().optional(),
});
export type Meta = z.infer<typeof Meta>;
