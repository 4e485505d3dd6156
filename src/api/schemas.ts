/**
 * The service's resources and envelopes, written once as zod schemas; the TypeScript types are inferred from
 * them. A tolerant reader (./tolerantReader.ts): per field, only what the extension cannot do without is
 * required (an identifier, and the few facts an action needs, each named in docs/api-coverage.md); every other
 * field reads as absent or as its neutral value when it is missing or odd. The spellings the service is known
 * to mix are folded into one before validation (./aliases.ts).
 */
import * as z from 'zod/mini';
import { aliased } from './aliases';
import { FIREWALL_RULE_ALIASES } from './firewallRuleSpelling';
import { actedList, flag, ids, looseObject, maybe, named, onFirstUse, orElse, orNull, shownList, strings, text } from './tolerantReader';

const timestamp = z.string();

// ── shared objects ──────────────────────────────────────────────────────────

/** A task is followed by its id (the tracker tells one task from the next by it); the texts may be absent. */
export const Task = onFirstUse(() => looseObject({
  id: z.int(),
  name: text(),
  description: orElse(
    looseObject({ progress: text(), completed: text() }),
    () => ({ progress: '', completed: '' }),
  ),
}));
export type Task = z.infer<typeof Task>;

/** Regions are told apart, filtered and sent back by slug; the rest is shown when present. */
export const Region = onFirstUse(() => looseObject({
  slug: z.string(),
  name: text(),
  features: strings,
  available: flag(true),
}));
export type Region = z.infer<typeof Region>;

export const SizeCategory = onFirstUse(() => looseObject({
  name: maybe(z.string()),
  premium: maybe(z.boolean()),
  cpu_model: maybe(z.string()),
  description: maybe(z.string()),
}));

const sizeFacts = () => ({
  slug: z.string(),
  /** Resize asks whether to grow the disk when the new size's disk is larger than the stacklet's. */
  disk: z.number(),
  memory: maybe(z.number()),
  bandwidth: maybe(z.number()),
  available: flag(true),
  price_hourly: maybe(z.number()),
  price_monthly: maybe(z.number()),
  category: maybe(SizeCategory),
  snapshots_limit: maybe(z.int()),
});

/** A size of the catalog, as the size pickers show it (slug and vCPU count). */
export const Size = onFirstUse(() => looseObject({ ...sizeFacts(), vcpu: z.number() }));
export type Size = z.infer<typeof Size>;

/** The size of a stacklet or a node pool: only its slug is acted on (resize compares it). */
export const SizeRef = onFirstUse(() => looseObject({ ...sizeFacts(), vcpu: maybe(z.number()) }));
export type SizeRef = z.infer<typeof SizeRef>;

/** Prices come as decimal strings ("0.0000") in most places and as numbers in a few. */
const price = z.union([z.string(), z.number()]);

const imageFacts = () => ({
  id: maybe(z.int()),
  name: maybe(z.string()),
  version: maybe(z.string()),
  available: flag(true),
  default: maybe(z.boolean()),
  extra_price: maybe(price),
  size_ids: maybe(z.array(z.int())),
  min_disk: maybe(z.number()),
  min_vcpu: maybe(z.number()),
  min_memory: maybe(z.number()),
});

export const DistributionImage = onFirstUse(() => looseObject({ ...imageFacts(), slug: z.string() }));
export type DistributionImage = z.infer<typeof DistributionImage>;

export const Distribution = onFirstUse(() => looseObject({
  name: z.string(),
  images: shownList(DistributionImage),
}));
export type Distribution = z.infer<typeof Distribution>;

export const Application = onFirstUse(() => named(
  looseObject({
    id: maybe(z.int()),
    name: maybe(z.string()),
    slug: z.string(),
    available: flag(true),
    extra_price: maybe(price),
    size_ids: maybe(z.array(z.int())),
  }),
  (application) => application.slug,
));
export type Application = z.infer<typeof Application>;

export const ContainerImage = onFirstUse(() => looseObject({
  id: maybe(z.int()),
  slug: z.string(),
  version: maybe(z.string()),
  default: maybe(z.boolean()),
  size_ids: maybe(z.array(z.int())),
  available: flag(true),
  extra_price: maybe(price),
}));
export type ContainerImage = z.infer<typeof ContainerImage>;

/** A family is told apart and shown by its name. */
export const ContainerFamily = onFirstUse(() => looseObject({
  name: z.string(),
  images: shownList(ContainerImage),
}));
export type ContainerFamily = z.infer<typeof ContainerFamily>;

export const NetworkV4 = onFirstUse(() => looseObject({
  address: z.string(),
  gateway: maybe(z.string()),
  netmask: maybe(z.string()),
  type: text(),
}));
export const NetworkV6 = onFirstUse(() => looseObject({
  address: z.string(),
  gateway: maybe(z.string()),
  netmask: maybe(z.int()),
  range_start: maybe(z.string()),
  range_end: maybe(z.string()),
  type: text(),
}));
export const Networks = onFirstUse(() => looseObject({
  v4: shownList(NetworkV4),
  v6: shownList(NetworkV6),
}));
export type Networks = z.infer<typeof Networks>;

// ── resources ───────────────────────────────────────────────────────────────

export const Stacklet = onFirstUse(() => named(
  looseObject({
    id: z.int(),
    name: maybe(z.string()),
    created_at: maybe(timestamp),
    application: z.optional(z.unknown()),
    backup_ids: ids,
    backups_enabled: flag(false),
    disk: maybe(z.number()),
    memory: maybe(z.number()),
    vcpu: maybe(z.number()),
    distribution: maybe(looseObject({ name: maybe(z.string()), image: maybe(looseObject({ ...imageFacts(), slug: maybe(z.string()) })) })),
    firewall_uuid: orNull(z.string()),
    locked: flag(false),
    recovery_mode: flag(false),
    networks: orElse(Networks, () => ({ v4: [], v6: [] })),
    /** Attach Volume and Create Load Balancer offer the stacklets of one region. */
    region: Region,
    /** Resize marks and refuses the current size. */
    size: SizeRef,
    snapshot_ids: ids,
    /** Empty when absent: the views then show the state as unknown. */
    status: text(),
    tags: strings,
    task: orNull(Task),
    volume_uuid: orNull(z.string()),
    vpc_uuid: orNull(z.string()),
  }),
  (stacklet) => stacklet.id,
));
export type Stacklet = z.infer<typeof Stacklet>;

/**
 * The stacklet nested in a volume, a snapshot or a backup: its fields are "not shown" in the specification,
 * so it may carry any of them or none. An attached stacklet whose id is unknown is shown as "attached".
 */
export const NestedStacklet = onFirstUse(() => looseObject({ id: maybe(z.int()), name: maybe(z.string()) }));
export type NestedStacklet = z.infer<typeof NestedStacklet>;

export const Snapshot = onFirstUse(() => aliased(
  { region_ids: 'regions' },
  named(
    looseObject({
      id: z.int(),
      name: maybe(z.string()),
      created_at: maybe(timestamp),
      disk_size: maybe(z.number()),
      size: maybe(z.number()),
      size_gigabytes: maybe(z.number()),
      regions: strings,
      stacklet: orNull(NestedStacklet),
      task: orNull(Task),
    }),
    (snapshot) => snapshot.id,
  ),
));
export type Snapshot = z.infer<typeof Snapshot>;

/** A backup as the documentation lists them: no name, no regions; the views label it by its date. */
export const Backup = onFirstUse(() => looseObject({
  id: z.int(),
  created_at: maybe(timestamp),
  task: orNull(Task),
  disk_size: maybe(z.number()),
  size_gigabytes: maybe(z.number()),
  stacklet: orNull(NestedStacklet),
}));
export type Backup = z.infer<typeof Backup>;

const GiB = 1024 ** 3;

export const Volume = onFirstUse(() => aliased(
  { uuid: 'id' },
  named(
    z.pipe(
      looseObject({
        id: z.string(),
        name: maybe(z.string()),
        created_at: maybe(timestamp),
        task: orNull(Task),
        /** The volumes view filters by region, and Attach Volume offers the stacklets of the volume's region. */
        region: Region,
        size: maybe(z.number()),
        size_gigabytes: maybe(z.number()),
        stacklet: orNull(NestedStacklet),
      }),
      // Resize Volume asks for a larger size than now: the size in GB, or in bytes when only those are given.
      z.transform((volume, ctx) => {
        const gigabytes = volume.size_gigabytes ?? (volume.size !== undefined ? Math.round((volume.size / GiB) * 100) / 100 : undefined);
        if (gigabytes === undefined) {
          ctx.issues.push({ code: 'custom', message: 'neither size_gigabytes nor size is a number', path: ['size_gigabytes'], input: volume });
          return z.NEVER;
        }
        return { ...volume, size_gigabytes: gigabytes };
      }),
    ),
    (volume) => volume.id,
  ),
));
export type Volume = z.infer<typeof Volume>;

/**
 * Responses show lowercase protocols and null for "all"; requests may use TCP/UDP/ICMP or empty. A rule is
 * read exactly or not at all: a firewall document edits the whole list.
 */
export const FirewallRule = onFirstUse(() => looseObject({
  address: z.string(),
  port: z.nullish(z.int()),
  protocol: z.nullish(z.string()),
}));
export type FirewallRule = z.infer<typeof FirewallRule>;

/** `resources` is an object with `stacklet_ids` in the specification and a bare array on the model page. */
const FirewallResources = onFirstUse(() => orElse(
  z.pipe(
    z.transform((value) => (Array.isArray(value) ? { stacklet_ids: value } : value)),
    looseObject({ stacklet_ids: ids }),
  ),
  () => ({ stacklet_ids: [] }),
));

export const Firewall = onFirstUse(() => aliased(
  { ...FIREWALL_RULE_ALIASES, id: 'uuid' },
  named(
    looseObject({
      uuid: z.string(),
      name: maybe(z.string()),
      created_at: maybe(timestamp),
      inbound_rules: actedList(FirewallRule),
      outbound_rules: actedList(FirewallRule),
      project: maybe(looseObject({ id: maybe(z.string()), name: maybe(z.string()) })),
      resources: FirewallResources,
    }),
    (firewall) => firewall.uuid,
  ),
));
export type Firewall = z.infer<typeof Firewall>;

/** The body of POST /v1/firewalls/:uuid/rules: a bare object in the documentation's example. */
export const FirewallRuleSet = onFirstUse(() => aliased(
  FIREWALL_RULE_ALIASES,
  looseObject({
    inbound_rules: actedList(FirewallRule),
    outbound_rules: actedList(FirewallRule),
  }),
));
export type FirewallRuleSet = z.infer<typeof FirewallRuleSet>;

/** Create Kubernetes Cluster offers the versions of the account's clusters: the slug is needed. */
export const KubernetesVersion = onFirstUse(() => looseObject({
  slug: z.string(),
  version: maybe(z.string()),
  min_vcpu: maybe(z.number()),
  min_disk: maybe(z.number()),
  min_memory: maybe(z.number()),
  available: flag(true),
}));

export const KubernetesNode = onFirstUse(() => named(
  looseObject({
    id: z.string(),
    name: maybe(z.string()),
    created_at: maybe(timestamp),
    status: maybe(z.string()),
  }),
  (node) => node.id,
));
export type KubernetesNode = z.infer<typeof KubernetesNode>;

export const NodePool = onFirstUse(() => named(
  looseObject({
    id: z.string(),
    name: maybe(z.string()),
    /** The node-pool pickers describe a pool by its size. */
    size: SizeRef,
    count: maybe(z.int()),
    nodes: shownList(KubernetesNode),
  }),
  (pool) => pool.id,
));
export type NodePool = z.infer<typeof NodePool>;

export const KubernetesCluster = onFirstUse(() => named(
  looseObject({
    uuid: z.string(),
    name: maybe(z.string()),
    tags: strings,
    ipv4: maybe(z.string()),
    task: orNull(Task),
    /** The cluster pickers describe a cluster by its region and version. */
    region: Region,
    version: KubernetesVersion,
    endpoint: maybe(z.string()),
    created_at: maybe(timestamp),
    node_pools: actedList(NodePool),
    cluster_subnet: maybe(z.string()),
    service_subnet: maybe(z.string()),
  }),
  (cluster) => cluster.uuid,
));
export type KubernetesCluster = z.infer<typeof KubernetesCluster>;

export const ForwardingRule = onFirstUse(() => looseObject({
  protocol: z.string(),
  source_port: z.int(),
  target_port: z.int(),
  certificate_id: maybe(z.int()),
  tls_passthrough: flag(false),
}));
export type ForwardingRule = z.infer<typeof ForwardingRule>;

/** Listed as an array in the documentation and sent as an object: a one-element array is read as its element. */
export const HealthCheck = onFirstUse(() => z.pipe(
  z.transform((value) => (Array.isArray(value) && value.length === 1 ? value[0] : value)),
  looseObject({
    protocol: z.string(),
    port: maybe(z.int()),
    path: maybe(z.string()),
    interval: maybe(z.int()),
    rise: maybe(z.int()),
    fall: maybe(z.int()),
  }),
));
export type HealthCheck = z.infer<typeof HealthCheck>;

export const StickySessions = onFirstUse(() => looseObject({
  name: maybe(z.string()),
  ttl: maybe(z.union([z.string(), z.number()])),
}));

export const LoadBalancer = onFirstUse(() => aliased(
  { stacklet_id: 'stacklet_ids' },
  named(
    looseObject({
      uuid: z.string(),
      name: maybe(z.string()),
      created_at: maybe(timestamp),
      task: orNull(Task),
      region: maybe(Region),
      ip: maybe(z.string()),
      algorithm: text(),
      sticky_sessions: orNull(StickySessions),
      rules: actedList(ForwardingRule),
      health: orNull(HealthCheck),
      redirect_http_to_https: flag(false),
      stacklet_ids: ids,
    }),
    (lb) => lb.uuid,
  ),
));
export type LoadBalancer = z.infer<typeof LoadBalancer>;

/** A VPC's region is a region object in responses; a bare slug is accepted too. */
const RegionOrSlug = onFirstUse(() => z.union([Region, z.pipe(z.string(), z.transform((slug) => Region.parse({ slug, name: slug })))]));

export const Vpc = onFirstUse(() => aliased(
  { stackelt_ids: 'stacklet_ids' },
  named(
    looseObject({
      uuid: z.string(),
      name: maybe(z.string()),
      /** Create VPC suggests a range that overlaps none in use. */
      cidr: z.string(),
      created_at: maybe(timestamp),
      region: orNull(RegionOrSlug),
      stacklet_ids: ids,
    }),
    (vpc) => vpc.uuid,
  ),
));
export type Vpc = z.infer<typeof Vpc>;

export const Userdata = onFirstUse(() => named(
  looseObject({
    uuid: z.string(),
    name: maybe(z.string()),
    userdata: text(),
    created_at: maybe(timestamp),
  }),
  (script) => script.uuid,
));
export type Userdata = z.infer<typeof Userdata>;

export const SshKey = onFirstUse(() => named(
  looseObject({
    id: z.int(),
    name: maybe(z.string()),
    fingerprint: maybe(z.string()),
    public_key: maybe(z.string()),
    created_at: maybe(timestamp),
  }),
  (key) => key.id,
));
export type SshKey = z.infer<typeof SshKey>;

/**
 * A tag (§11): its name (the documentation's create answer is `{name}`), and how many resources carry it
 * when the service says (`resources.count`, as the emulator and the conventional tag object give it).
 */
export const Tag = onFirstUse(() => looseObject({
  name: z.string(),
  resources: maybe(looseObject({ count: maybe(z.number()) })),
}));
export type Tag = z.infer<typeof Tag>;

/**
 * A project (service notes §13): the create pickers need its identifier and whether it is the default. The
 * documentation's example names the identifier `uuid`; `id` is read too.
 */
export const Project = onFirstUse(() => named(
  aliased(
    { id: 'uuid' },
    looseObject({
      uuid: z.string(),
      name: maybe(z.string()),
      is_default: flag(false),
      description: maybe(z.string()),
      environment: maybe(z.string()),
    }),
  ),
  (project) => project.uuid,
));
export type Project = z.infer<typeof Project>;
/** A resource as POST /v1/tags/:name/resources answers it: `{id, ipv4_address, name, status, tags, type}`. */
export const TaggedResource = onFirstUse(() => looseObject({
  id: z.union([z.int(), z.string()]),
  type: maybe(z.string()),
  name: maybe(z.string()),
  tags: maybe(strings),
}));
export type TaggedResource = z.infer<typeof TaggedResource>;

/** One limit of the profile, as far as it could be read: `{available, used}`, or a bare total. */
export interface Limit {
  readonly available?: number;
  readonly used?: number;
}

const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The specification shows the shape `stacklets → {available, used}` and says no more: a limit in another
 * shape (`"volumes": 10`, read as a total available) is read as far as it can be, and one with no count in it
 * is left out.
 */
function readLimits(raw: Record<string, unknown>): Record<string, Limit> {
  const limits: Record<string, Limit> = {};
  for (const [key, value] of Object.entries(raw)) {
    let limit: Limit | undefined;
    if (count(value) !== undefined) {
      limit = { available: count(value)! };
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const available = count(record.available);
      const used = count(record.used);
      if (available !== undefined || used !== undefined) {
        limit = { ...(available !== undefined ? { available } : {}), ...(used !== undefined ? { used } : {}) };
      }
    }
    if (limit) limits[key] = limit;
  }
  return limits;
}

const Limits = onFirstUse(() => orElse(z.pipe(z.record(z.string(), z.unknown()), z.transform(readLimits)), () => ({})));

/** The profile is read at sign-in: its uuid identifies the account; everything else is shown when present. */
export const Profile = onFirstUse(() => looseObject({
  uuid: z.string(),
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  email: maybe(z.string()),
  company: maybe(z.string()),
  phone: maybe(z.string()),
  address: maybe(z.string()),
  created_at: maybe(timestamp),
  limits: Limits,
  features: strings,
  gravatar_url: maybe(z.string()),
  is_member: maybe(z.boolean()),
  is_verified: maybe(z.boolean()),
  is_email_confirmed: maybe(z.boolean()),
}));
export type Profile = z.infer<typeof Profile>;

/** Paging needs the page it got and the page count; the rest is optional. */
export const Pagination = onFirstUse(() => looseObject({
  current_page: z.int(),
  next_page: orNull(z.int()),
  pages: z.int(),
  per_page: maybe(z.int()),
  previous_page: orNull(z.int()),
  total: maybe(z.int()),
}));
export type Pagination = z.infer<typeof Pagination>;

export const Meta = onFirstUse(() => looseObject({
  pagination: z.nullish(Pagination),
  total: maybe(z.int()),
  query: z.optional(z.unknown()),
  sort: z.optional(z.unknown()),
}));
export type Meta = z.infer<typeof Meta>;
