/**
 * The one registry of resource kinds. Each kind is described once: its name in words, its identity, how the
 * client lists and reads it, how its tasks are followed, and which actions the extension offers on it. The
 * store, the task tracker, commands, pickers and words read it; the edges add icons and views
 * (src/views/kindPresentation.ts). Adding a kind to `KindItems` makes the compiler ask for everything else.
 * No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { Call, ListCall, ListResult, StackletClient } from '../api/client';
import type * as s from '../api/schemas';
import { clusterMonthly, deletionChange, nodePoolMonthly, stackletPrice } from './cost';
import { publicIPv4, shortTimestamp } from './format';

/** A node pool carries its cluster's uuid: every request about it names both. */
export type PoolItem = s.NodePool & { readonly cluster_uuid: string };

/** One IP address of a stacklet (its tree shows them as children). */
export type AddressItem = (s.Networks['v4'][number] | s.Networks['v6'][number]) & { readonly family: 'v4' | 'v6' };

/** The items of each resource kind, as the client reads them. */
export interface KindItems {
  stacklet: s.Stacklet;
  volume: s.Volume;
  snapshot: s.Snapshot;
  backup: s.Backup;
  firewall: s.Firewall;
  loadBalancer: s.LoadBalancer;
  vpc: s.Vpc;
  cluster: s.KubernetesCluster;
  nodePool: PoolItem;
  kubernetesNode: s.KubernetesNode;
  userdata: s.Userdata;
  sshKey: s.SshKey;
  tag: s.Tag;
  container: s.ContainerFamily;
  containerImage: s.ContainerImage;
  address: AddressItem;
  profile: s.Profile;
}

export type Kind = keyof KindItems;

/** Listings that are not resources of the account but what pickers offer: sizes, regions, images, projects. */
export interface CatalogItems {
  size: s.Size;
  region: s.Region;
  distribution: s.Distribution;
  application: s.Application;
  project: s.Project;
}

export type CatalogKind = keyof CatalogItems;

/** Parameters a listing is asked with (sent to the service as filters). */
export interface ListingParams {
  readonly tagName?: string;
  readonly region?: string;
}

/**
 * What the extension can do to an item. A unit test (test/unit/packageManifest.test.ts) checks the registry
 * against package.json both ways: every action a kind lists has its command in the context menu of that
 * kind's rows, and every command a row of that kind offers is an action the kind lists.
 */
export type ActionId =
  | 'viewProperties' | 'copyId' | 'copyName' | 'copyAddress' | 'copyAsCurl' | 'connectSsh' | 'openInRemoteWindow'
  | 'powerOn' | 'powerOff' | 'powerCycle' | 'resize' | 'rebuild' | 'restore' | 'resetPassword'
  | 'enablePrivateNetworking' | 'snapshot' | 'rename' | 'delete' | 'attach' | 'detach' | 'transfer'
  | 'edit' | 'open' | 'changeNodeCount' | 'addVolume' | 'addNodePool' | 'tag' | 'untag' | 'newTag' | 'attachFirewall';

/** What Go to Resource matches in an item besides its name and id. */
export interface SearchFacts {
  /** Every IP address, public or private, v4 or v6. */
  readonly addresses?: readonly string[];
  readonly tags?: readonly string[];
  /** Region slugs (and names, when the item carries them). */
  readonly regions?: readonly string[];
}

export interface KindSpec<K extends Kind> {
  /** The kind in words, for pickers and screen readers: "Load balancer". */
  readonly label: () => string;
  /** Identity as the service's paths use it. */
  readonly key: (item: KindItems[K]) => string | number;
  readonly name: (item: KindItems[K]) => string;
  /** The address to copy or connect to, when the kind has one. */
  readonly address?: (item: KindItems[K]) => string | undefined;
  /** The account's items of this kind, every page (or only the first, for the task tracker). */
  readonly list?: (client: StackletClient, params: ListingParams, call: ListCall) => Promise<ListResult<KindItems[K]>>;
  /** One item by its key. */
  readonly get?: (client: StackletClient, id: string | number, call: Call) => Promise<KindItems[K]>;
  /**
   * For a service that cannot list the kind: the ids the account's stacklets name (besides those the
   * extension created), each then read with `get`.
   */
  readonly known?: { readonly namedBy?: (stacklet: s.Stacklet) => string | null | undefined };
  /** Items carry a `task` the tracker follows; `related`: listings a task of that name changes besides. */
  readonly tasks?: { readonly related?: Readonly<Partial<Record<string, readonly Kind[]>>> };
  /** The actions offered on items of this kind. */
  readonly actions: readonly ActionId[];
  /**
   * Of those, the ones that run on a selection of several items at once (one question, one confirmation, one
   * progress, one summary: src/commands/action.ts). Their menus show while several items are selected.
   */
  readonly bulk?: readonly ActionId[];
  /** Go to Resource offers items of this kind, and matches these facts of theirs. */
  readonly search?: (item: KindItems[K]) => SearchFacts;
  /** The monthly estimate in US dollars (src/model/cost.ts), when the item says what it costs. */
  readonly monthly?: (item: KindItems[K]) => number | undefined;
}

const same = <T extends { id: number | string }>(item: T) => item.id;
const byUuid = <T extends { uuid: string }>(item: T) => item.uuid;
const named = <T extends { name: string }>(item: T) => item.name;
/** A region as Go to Resource matches it: its slug and its name. */
const regionFacts = (region: s.Region | null | undefined): string[] => (region ? [region.slug, region.name].filter((value): value is string => !!value) : []);
const addresses = (...values: (string | null | undefined)[]): string[] => values.filter((value): value is string => !!value);

/** The actions every resource item has. */
const COMMON: readonly ActionId[] = ['viewProperties', 'copyId', 'copyName'];

export const KINDS = {
  stacklet: {
    label: () => l10n.t('Stacklet'),
    key: same,
    name: named,
    address: (stacklet) => publicIPv4(stacklet.networks),
    list: (client, params, call) => client.listStacklets({ ...params, ...call }),
    get: (client, id, call) => client.getStacklet(Number(id), call),
    tasks: { related: { snapshot: ['snapshot'] } },
    actions: [...COMMON, 'copyAsCurl', 'copyAddress', 'connectSsh', 'openInRemoteWindow', 'powerOn', 'powerOff', 'powerCycle', 'resize', 'rebuild', 'restore', 'resetPassword', 'enablePrivateNetworking', 'snapshot', 'rename', 'addVolume', 'tag', 'untag', 'newTag', 'attachFirewall', 'delete'],
    bulk: ['powerOn', 'powerOff', 'powerCycle', 'resize', 'snapshot', 'tag', 'newTag', 'attachFirewall', 'delete'],
    search: (stacklet) => ({
      addresses: [...stacklet.networks.v4, ...stacklet.networks.v6].map((network) => network.address),
      tags: stacklet.tags,
      regions: regionFacts(stacklet.region),
    }),
    monthly: (stacklet) => stackletPrice(stacklet)?.total,
  },
  volume: {
    label: () => l10n.t('Volume'),
    key: same,
    name: named,
    list: (client, params, call) => client.listVolumes({ ...(params.region ? { region: params.region } : {}), ...call }),
    get: (client, id, call) => client.getVolume(String(id), call),
    tasks: { related: { create: ['stacklet'], attach: ['stacklet'], detach: ['stacklet'] } },
    actions: [...COMMON, 'copyAsCurl', 'resize', 'attach', 'detach', 'rename', 'delete'],
    bulk: ['delete'],
    search: (volume) => ({ regions: regionFacts(volume.region) }),
  },
  snapshot: {
    label: () => l10n.t('Snapshot'),
    key: same,
    name: named,
    list: (client, _params, call) => client.listSnapshots(call),
    get: (client, id, call) => client.getSnapshot(Number(id), call),
    tasks: {},
    actions: [...COMMON, 'copyAsCurl', 'transfer', 'rename', 'delete'],
    bulk: ['delete'],
    search: (snapshot) => ({ regions: snapshot.regions }),
  },
  backup: {
    label: () => l10n.t('Backup'),
    key: same,
    // A backup has no name: it is known by the stacklet it was taken of and the date.
    name: (backup) => [backup.stacklet?.name, shortTimestamp(backup.created_at)].filter(Boolean).join(', ') || `#${backup.id}`,
    list: (client, _params, call) => client.listBackups(call),
    actions: [...COMMON, 'delete'],
    bulk: ['delete'],
  },
  firewall: {
    label: () => l10n.t('Firewall'),
    key: byUuid,
    name: named,
    list: (client, _params, call) => client.listFirewalls(call),
    get: (client, id, call) => client.getFirewall(String(id), call),
    known: { namedBy: (stacklet) => stacklet.firewall_uuid },
    actions: [...COMMON, 'copyAsCurl', 'edit', 'rename', 'delete'],
    bulk: ['delete'],
    search: () => ({}),
  },
  loadBalancer: {
    label: () => l10n.t('Load balancer'),
    key: byUuid,
    name: named,
    address: (lb) => lb.ip ?? undefined,
    list: (client, _params, call) => client.listLoadBalancers(call),
    get: (client, id, call) => client.getLoadBalancer(String(id), call),
    tasks: {},
    actions: [...COMMON, 'copyAsCurl', 'copyAddress', 'edit', 'delete'],
    bulk: ['delete'],
    search: (lb) => ({ addresses: addresses(lb.ip), regions: regionFacts(lb.region) }),
  },
  vpc: {
    label: () => l10n.t('VPC'),
    key: byUuid,
    name: named,
    list: (client, _params, call) => client.listVpcs(call),
    get: (client, id, call) => client.getVpc(String(id), call),
    known: { namedBy: (stacklet) => stacklet.vpc_uuid },
    actions: [...COMMON, 'copyAsCurl', 'rename', 'delete'],
    bulk: ['delete'],
    search: (vpc) => ({ addresses: addresses(vpc.cidr), regions: regionFacts(vpc.region) }),
  },
  cluster: {
    label: () => l10n.t('Kubernetes cluster'),
    key: byUuid,
    name: named,
    address: (cluster) => cluster.ipv4 ?? undefined,
    list: (client, _params, call) => client.listKubernetesClusters(call),
    get: (client, id, call) => client.getKubernetesCluster(String(id), call),
    known: {},
    tasks: {},
    actions: [...COMMON, 'copyAsCurl', 'copyAddress', 'rename', 'addNodePool', 'delete'],
    bulk: ['delete'],
    search: (cluster) => ({ addresses: addresses(cluster.ipv4), tags: cluster.tags, regions: regionFacts(cluster.region) }),
    monthly: clusterMonthly,
  },
  nodePool: {
    label: () => l10n.t('Node pool'),
    key: same,
    name: named,
    actions: [...COMMON, 'rename', 'changeNodeCount', 'delete'],
    monthly: nodePoolMonthly,
  },
  kubernetesNode: {
    label: () => l10n.t('Kubernetes node'),
    key: same,
    name: named,
    actions: [...COMMON],
  },
  userdata: {
    label: () => l10n.t('Userdata script'),
    key: byUuid,
    name: named,
    list: (client, _params, call) => client.listUserdata(call),
    get: (client, id, call) => client.getUserdata(String(id), call),
    actions: [...COMMON, 'copyAsCurl', 'open', 'delete'],
    bulk: ['delete'],
    search: () => ({}),
  },
  sshKey: {
    label: () => l10n.t('SSH key'),
    key: same,
    name: named,
    list: (client, _params, call) => client.listSshKeys(call),
    actions: [...COMMON, 'delete'],
    bulk: ['delete'],
    search: () => ({}),
  },
  tag: {
    label: () => l10n.t('Tag'),
    // A tag has no identity but its name (GET and DELETE /v1/tags/:id take the name).
    key: named,
    name: named,
    list: (client, _params, call) => client.listTags(call),
    actions: ['viewProperties', 'copyName', 'delete'],
  },
  container: {
    label: () => l10n.t('Container image family'),
    key: named,
    name: named,
    list: (client, _params, call) => client.listContainers(call),
    actions: [...COMMON, 'copyAsCurl'],
    search: () => ({}),
  },
  containerImage: {
    label: () => l10n.t('Container image'),
    key: (image) => image.id ?? image.slug,
    name: (image) => image.slug,
    actions: [...COMMON],
  },
  address: {
    label: () => l10n.t('IP address'),
    key: (address) => address.address,
    name: (address) => address.address,
    address: (address) => address.address,
    actions: ['copyAddress'],
  },
  profile: {
    label: () => l10n.t('Account'),
    key: (profile) => profile.uuid,
    name: (profile) => profile.email || profile.uuid,
    list: async (client, _params, call) => ({ items: [await client.getProfile(call)], total: 1, pages: 1 }),
    actions: [...COMMON, 'copyAsCurl'],
  },
} as const satisfies { readonly [K in Kind]: KindSpec<K> };

type Registry = typeof KINDS;

/** Kinds the service lists for the account (the store caches them). */
export type ListedKind = { [K in Kind]: Registry[K] extends { readonly list: unknown } ? K : never }[Kind];

/** Kinds whose items run tasks (the tracker follows them). */
export type TaskKind = { [K in Kind]: Registry[K] extends { readonly tasks: unknown } ? K : never }[Kind];

/** Kinds the service may be unable to list, shown from the ids the account knows. */
export type KnownKind = { [K in Kind]: Registry[K] extends { readonly known: unknown } ? K : never }[Kind];

/** What the store caches: the account's listings and the catalog. */
export type ListingKind = ListedKind | CatalogKind;
export type ListingItems = { [K in ListedKind]: KindItems[K] } & CatalogItems;

/** The registry entry of `kind`, typed for its items. */
export function kindSpec<K extends Kind>(kind: K): KindSpec<K> {
  return KINDS[kind] as unknown as KindSpec<K>;
}

export const TASK_KINDS = Object.keys(KINDS).filter((kind) => 'tasks' in KINDS[kind as Kind]) as TaskKind[];

export function isTaskKind(kind: Kind): kind is TaskKind {
  return (TASK_KINDS as readonly Kind[]).includes(kind);
}

/** What a command acts on and a tree item carries: a resource of one kind with its typed data. */
export type ResourceRef<K extends Kind = Kind> = {
  [P in K]: {
    readonly kind: P;
    readonly id: string | number;
    readonly name: string;
    readonly data: KindItems[P];
  };
}[K];

/** The reference to `data`, a resource of `kind`. */
export function refTo<K extends Kind>(kind: K, data: KindItems[K]): ResourceRef<K> {
  const spec = kindSpec(kind);
  return { kind, id: spec.key(data), name: spec.name(data), data } as ResourceRef<K>;
}

/** The address of the resource, when its kind has one and it has one now. */
export function addressOf(ref: ResourceRef): string | undefined {
  const spec = kindSpec(ref.kind) as KindSpec<Kind>;
  return spec.address?.(ref.data as never);
}

/** The resource's monthly estimate in US dollars, when its kind has one and the service gave its price. */
export function monthlyOf(ref: ResourceRef): number | undefined {
  const spec = kindSpec(ref.kind) as KindSpec<Kind>;
  return spec.monthly?.(ref.data as never);
}

/**
 * What deleting the resource changes in the monthly estimate: minus its estimate, or undefined when its kind
 * or the service gives no price (a delete confirmation shows it with `monthlyChangeWords`: `−$12.00/mo`).
 */
export function deletionChangeOf(ref: ResourceRef): number | undefined {
  return deletionChange(monthlyOf(ref));
}

/** Whether several items of `kind` may take `action` at once. */
export function isBulkAction(kind: Kind, action: ActionId): boolean {
  return (kindSpec(kind).bulk ?? []).includes(action);
}

/** Kinds Go to Resource offers: those with search facts that the store lists. */
export type SearchKind = { [K in ListedKind]: Registry[K] extends { readonly search: unknown } ? K : never }[ListedKind];

export const SEARCH_KINDS = Object.keys(KINDS).filter((kind) => 'search' in KINDS[kind as Kind] && 'list' in KINDS[kind as Kind]) as SearchKind[];

/** The reference when it is to a resource of `kind`. */
export function refOfKind<K extends Kind>(ref: ResourceRef | undefined, kind: K): ResourceRef<K> | undefined {
  return ref?.kind === kind ? (ref as unknown as ResourceRef<K>) : undefined;
}

/** Two ids are the same whether the service wrote them as numbers or strings. */
export function sameId(a: string | number, b: string | number): boolean {
  return String(a) === String(b);
}
