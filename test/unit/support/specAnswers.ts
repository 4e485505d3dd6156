// The answers the specification (../shared/spec/cloud-api-spec.md) allows, as fast-check arbitraries, for the
// property tests of the tolerant reader. Every field the specification lists is here with its listed type.
// `need` marks what the extension needs (docs/api-coverage.md, "What the views need"): always sent. Every other
// field is sent with its type, left out, or null. Every object also carries unknown keys with values of every
// JSON type, and the objects whose fields the specification does not show (the stacklet nested in a volume, a
// snapshot or a backup; the profile's limits beside `stacklets`) carry any subset of fields.
import fc from 'fast-check';
import type { Json } from './helpers';

interface Field {
  readonly arb: fc.Arbitrary<Json>;
  readonly needed: boolean;
}
type Shape = Readonly<Record<string, Field>>;

const need = (arb: fc.Arbitrary<Json>): Field => ({ arb, needed: true });
const may = (arb: fc.Arbitrary<Json>): Field => ({ arb, needed: false });

// ── values of the listed types ──────────────────────────────────────────────

const int = fc.integer({ min: 0, max: 2_147_483_647 });
const id = fc.integer({ min: 1, max: 2_147_483_647 });
const port = fc.integer({ min: 0, max: 65_535 });
const number = fc.oneof(int, fc.double({ min: 0, max: 1e9, noNaN: true }));
const str = fc.string({ maxLength: 24 });
const bool = fc.boolean();
const uuid = fc.uuid();
/** ISO 8601 UTC with microseconds and a trailing Z, as the specification writes timestamps. */
const timestamp = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString().replace(/Z$/, '000Z'));
/** A decimal returned as a string with four decimals (`extra_price`). */
const decimal = fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 10_000).toFixed(4));
const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((octets) => octets.join('.'));
const cidr = fc.tuple(ipv4, fc.integer({ min: 16, max: 28 })).map(([address, prefix]) => `${address}/${prefix}`);
const orNull = (arb: fc.Arbitrary<Json>): fc.Arbitrary<Json> => fc.option(arb, { nil: null });
const list = (arb: fc.Arbitrary<Json>): fc.Arbitrary<Json[]> => fc.array(arb, { maxLength: 3 });

/** Values of every JSON type: null, boolean, number, string, array and object. */
export const anyJson: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  bool,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 16 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/**
 * Names the client reads besides the listed ones (the spellings the documentation mixes, and envelope keys):
 * a key of these names is not unknown to the client, so unknown keys never take them.
 */
const KNOWN_NAMES = new Set([
  'uuid', 'id', 'region_ids', 'stacklet_id', 'stackelt_ids', 'inboud_rules', 'outboud_rules', 'otbound_rules',
  'meta', 'stacklets', 'stacklet', 'volumes', 'volume', 'snapshots', 'snapshot', 'backups', 'firewall', 'load_balancer',
  'kubernetes', 'kubernetes_cluster', 'node_pools', 'node_pool', 'vpc', 'userdata', 'containers', 'container', 'profile',
]);

function unknownKeys(shape: Shape): fc.Arbitrary<Record<string, Json>> {
  const key = fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !(name in shape) && !KNOWN_NAMES.has(name));
  return fc.dictionary(key, anyJson, { maxKeys: 3 });
}

/** An object the specification shows: needed fields always; the others with their type, absent or null; unknown keys. */
function object(shape: Shape): fc.Arbitrary<Record<string, Json>> {
  const model: Record<string, fc.Arbitrary<Json>> = {};
  for (const [key, field] of Object.entries(shape)) {
    model[key] = field.needed ? field.arb : fc.oneof({ weight: 4, arbitrary: field.arb }, { weight: 1, arbitrary: fc.constant(null) });
  }
  const requiredKeys = Object.keys(shape).filter((key) => shape[key]!.needed);
  return fc.tuple(fc.record(model, { requiredKeys }), unknownKeys(shape)).map(([known, extra]) => ({ ...extra, ...known }));
}

/** An object whose fields the specification does not show: any subset of `like`'s fields, with their types, and unknown keys. */
function unshown(like: Shape): fc.Arbitrary<Record<string, Json>> {
  const model = Object.fromEntries(Object.entries(like).map(([key, field]) => [key, field.arb]));
  return fc.tuple(fc.record(model, { requiredKeys: [] }), unknownKeys(like)).map(([known, extra]) => ({ ...extra, ...known }));
}

// ── the specification's objects ─────────────────────────────────────────────

const TASK_NAMES = ['create', 'resize', 'rebuild', 'enable_private_networking', 'snapshot', 'reset_password', 'transfer', 'rename'];

const task = object({
  id: need(int),
  name: may(fc.oneof(fc.constantFrom(...TASK_NAMES), str)),
  description: may(object({ progress: may(str), completed: may(str) })),
});

const region = object({
  slug: need(str),
  name: may(str),
  features: may(list(fc.constantFrom('vpc', 'volumes', 'buckets', 'databases', 'kubernetes', 'floating_ips', 'load_balancers'))),
  available: may(bool),
});

const sizeShape: Shape = {
  slug: need(str),
  vcpu: may(int),
  disk: need(int),
  memory: may(int),
  bandwidth: may(int),
  available: may(bool),
  price_hourly: may(number),
  price_monthly: may(number),
};

/** Node pool sizes add a category and a snapshot limit. */
const poolSize = object({
  ...sizeShape,
  category: may(object({ name: may(str), premium: may(bool), cpu_model: may(str), description: may(str) })),
  snapshots_limit: may(int),
});

const stackletShape: Shape = {
  id: need(id),
  name: may(str),
  created_at: may(timestamp),
  application: may(anyJson),
  backup_ids: may(list(anyJson)),
  backups_enabled: may(bool),
  disk: may(int),
  memory: may(int),
  vcpu: may(int),
  distribution: may(object({
    name: may(str),
    image: may(object({
      available: may(bool),
      default: may(bool),
      extra_price: may(decimal),
      min_disk: may(orNull(int)),
      min_vcpu: may(orNull(int)),
      min_memory: may(orNull(int)),
      slug: may(str),
      version: may(str),
    })),
  })),
  firewall_uuid: may(orNull(uuid)),
  locked: may(bool),
  recovery_mode: may(bool),
  networks: may(object({
    v4: may(list(object({ address: need(ipv4), gateway: may(ipv4), netmask: may(ipv4), type: may(fc.constantFrom('public', 'private')) }))),
    v6: may(list(object({ address: need(str), gateway: may(str), netmask: may(int), range_start: may(str), range_end: may(str), type: may(str) }))),
  })),
  region: need(region),
  size: need(object(sizeShape)),
  snapshot_ids: may(list(int)),
  status: may(fc.oneof(fc.constantFrom('active', 'inactive'), str)),
  tags: may(list(str)),
  task: may(orNull(task)),
  volume_uuid: may(orNull(uuid)),
  vpc_uuid: may(orNull(uuid)),
};

export const stacklet = object(stackletShape);
/** "Fields of the stacklet object nested in a volume or a snapshot: not shown." */
const nestedStacklet = unshown(stackletShape);

export const snapshot = object({
  id: need(id),
  name: may(str),
  created_at: may(timestamp),
  disk_size: may(int),
  size: may(int),
  size_gigabytes: may(number),
  regions: may(list(str)),
  stacklet: may(nestedStacklet),
  task: may(task),
});

/** A backup as the documentation lists them (service notes §3); its stacklet is elided like a snapshot's. */
export const backup = object({
  id: need(id),
  created_at: may(timestamp),
  task: may(task),
  disk_size: may(int),
  size_gigabytes: may(number),
  stacklet: may(nestedStacklet),
});

export const volume = object({
  id: need(uuid),
  name: may(str),
  created_at: may(timestamp),
  task: may(orNull(task)),
  region: need(region),
  size: may(int),
  size_gigabytes: need(number),
  stacklet: may(orNull(nestedStacklet)),
});

const rule = object({
  address: need(fc.oneof(ipv4, cidr)),
  port: may(orNull(port)),
  protocol: may(orNull(fc.constantFrom('tcp', 'udp', 'icmp', 'TCP', ''))),
});

export const firewall = object({
  uuid: need(uuid),
  name: may(str),
  created_at: may(timestamp),
  inbound_rules: may(list(rule)),
  outbound_rules: may(list(rule)),
  project: may(object({ id: may(uuid), name: may(str) })),
  // An object in the specification, a bare array on the documentation's model page (service notes §16 #9).
  resources: may(fc.oneof(object({ stacklet_ids: may(list(id)) }), list(id))),
});

export const nodePool = object({
  id: need(str),
  name: may(str),
  size: need(poolSize),
  nodes: may(list(object({ id: need(str), name: may(str), created_at: may(timestamp) }))),
});

export const cluster = object({
  uuid: need(uuid),
  name: may(str),
  tags: may(list(str)),
  ipv4: may(ipv4),
  task: may(task),
  region: need(region),
  version: need(object({ slug: need(str), version: may(str), min_vcpu: may(int), min_disk: may(int), min_memory: may(int), available: may(bool) })),
  endpoint: may(str),
  created_at: may(timestamp),
  node_pools: may(list(nodePool)),
  cluster_subnet: may(cidr),
  service_subnet: may(cidr),
});

export const loadBalancer = object({
  uuid: need(uuid),
  name: may(str),
  created_at: may(timestamp),
  task: may(task),
  region: may(region),
  ip: may(ipv4),
  algorithm: may(fc.constantFrom('round_robin', 'least_connections')),
  sticky_sessions: may(orNull(object({ name: may(str), ttl: may(fc.nat(31_536_000).map(String)) }))),
  rules: may(list(object({
    protocol: need(fc.constantFrom('http', 'https', 'http2', 'tcp')),
    source_port: need(port),
    target_port: need(port),
    certificate_id: may(orNull(int)),
    tls_passthrough: may(bool),
  }))),
  health: may(object({ protocol: need(fc.constantFrom('http', 'tcp')), port: may(port), path: may(str), interval: may(int), rise: may(int), fall: may(int) })),
  redirect_http_to_https: may(bool),
  stacklet_ids: may(list(id)),
});

/** The stacklet ids of a VPC: "spelled stackelt_ids in the returned example and stacklet_ids in neighbouring resources". */
export const vpc = fc
  .tuple(
    object({ uuid: need(uuid), name: may(str), cidr: need(cidr), created_at: may(timestamp), region: may(region), stacklet_ids: may(list(anyJson)) }),
    bool,
  )
  .map(([value, misspelt]) => {
    if (!misspelt || !('stacklet_ids' in value)) return value;
    const { stacklet_ids: ids, ...rest } = value;
    return { ...rest, stackelt_ids: ids };
  });

const containerImage = object({
  id: may(int), // "absent in the returned example"
  slug: need(str),
  version: may(str),
  default: may(bool),
  size_ids: may(list(int)),
  available: may(bool),
  extra_price: may(decimal),
});

export const container = object({ name: need(str), images: may(list(containerImage)) });

export const userdata = object({ uuid: need(uuid), name: may(str), userdata: may(str), created_at: may(timestamp) });

/** "shape `stacklets` -> {available integer, used integer}"; other keys of any shape (`"volumes": 10`). */
const limits = fc
  .tuple(fc.option(unshown({ available: need(int), used: need(int) }), { nil: undefined }), fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), anyJson, { maxKeys: 3 }))
  .map(([stacklets, others]) => ({ ...others, ...(stacklets !== undefined ? { stacklets } : {}) }));

export const profile = object({
  uuid: need(uuid),
  first_name: may(str),
  last_name: may(str),
  email: may(str),
  company: may(str),
  phone: may(str),
  address: may(str),
  created_at: may(timestamp),
  limits: may(limits),
  features: may(list(str)),
  gravatar_url: may(str),
  is_member: may(bool),
  is_verified: may(bool),
  is_email_confirmed: may(bool),
});

/**
 * `meta` of a list answer that is complete on its page: the client reads later pages when `pages` says so,
 * and these answers are served for every request alike.
 */
export const meta = object({
  pagination: may(object({
    current_page: need(fc.constant(1)),
    next_page: may(fc.constant(null)),
    pages: need(fc.constant(1)),
    per_page: may(fc.constant(25)),
    previous_page: may(fc.constant(null)),
    total: may(int),
  })),
  query: may(anyJson),
  sort: may(anyJson),
});

// ── envelopes ───────────────────────────────────────────────────────────────

/** Top-level keys the client does not know, beside the envelope. */
const topLevelExtras = unknownKeys({});

export interface Answer {
  readonly body: Json;
  /** The identifiers of the resources in the answer, in order: what the client must give back. */
  readonly ids: readonly (string | number)[];
}

/** `{key: resource}`, with unknown keys beside it. */
export function single(key: string, resource: fc.Arbitrary<Record<string, Json>>, idOf: (value: Json) => string | number): fc.Arbitrary<Answer> {
  return fc.tuple(resource, topLevelExtras).map(([value, extra]) => ({ body: { ...extra, [key]: value }, ids: [idOf(value)] }));
}

/** `{key: [resources], meta}` (meta present or not), with unknown keys beside it; identifiers unique, as the client keys items by them. */
export function listing(key: string, item: fc.Arbitrary<Record<string, Json>>, idOf: (value: Json) => string | number, withMeta = true): fc.Arbitrary<Answer> {
  const items = fc.uniqueArray(item, { maxLength: 4, selector: idOf });
  return fc.tuple(items, fc.option(meta, { nil: undefined }), topLevelExtras).map(([values, pageMeta, extra]) => ({
    body: { ...extra, [key]: values, ...(withMeta && pageMeta !== undefined ? { meta: pageMeta } : {}) },
    ids: values.map(idOf),
  }));
}
