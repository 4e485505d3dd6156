/**
 * The one registry of resource kinds, gathered from their folders (src/kinds/<kind>/kind.ts). Each kind is
 * described once: its name in words, its identity, how the client lists and reads it, how its tasks are
 * followed, and which actions the extension offers on it. The store, the task tracker, commands, pickers and
 * words read it; the edges add icons and views (src/views/kindPresentation.ts). No vscode import.
 */
import { deletionChange } from '../model/cost';
import { addressKind } from './address/kind';
import { backupKind } from './backup/kind';
import { clusterKind } from './cluster/kind';
import { containerKind } from './container/kind';
import { containerImageKind } from './containerImage/kind';
import { firewallKind } from './firewall/kind';
import { kubernetesNodeKind } from './kubernetesNode/kind';
import { loadBalancerKind } from './loadBalancer/kind';
import { nodePoolKind } from './nodePool/kind';
import { profileKind } from './profile/kind';
import { snapshotKind } from './snapshot/kind';
import { sshKeyKind } from './sshKey/kind';
import { stackletKind } from './stacklet/kind';
import { tagKind } from './tag/kind';
import { userdataKind } from './userdata/kind';
import { volumeKind } from './volume/kind';
import { vpcKind } from './vpc/kind';
import type { ActionId, CatalogKind, CatalogItems, Kind, KindItems, KindSpec } from './kindSpec';

export type * from './kindSpec';

export const KINDS = {
  stacklet: stackletKind,
  volume: volumeKind,
  snapshot: snapshotKind,
  backup: backupKind,
  firewall: firewallKind,
  loadBalancer: loadBalancerKind,
  vpc: vpcKind,
  cluster: clusterKind,
  nodePool: nodePoolKind,
  kubernetesNode: kubernetesNodeKind,
  userdata: userdataKind,
  sshKey: sshKeyKind,
  tag: tagKind,
  container: containerKind,
  containerImage: containerImageKind,
  address: addressKind,
  profile: profileKind,
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

/** Whether `kind` is a kind the service may be unable to list (catalog listings are not). */
export function isKnownKind(kind: string): kind is KnownKind {
  return Object.hasOwn(KINDS, kind) && 'known' in KINDS[kind as Kind];
}

/** The other listings made stale when the task `taskName` of an item of `kind` ends. */
export function staleAfterTask(kind: Kind, taskName: string): ListingKind[] {
  return [...((kindSpec(kind).invalidates?.afterTask?.[taskName] ?? []) as ListingKind[])];
}

/** The profile, when the account's limits count items of `kind`: its `used` and `available` changed. */
function limitCounts(kind: Kind): ListingKind[] {
  return kindSpec(kind).limit ? ['profile'] : [];
}

/** The listings made stale when `item`, of `kind`, is created: its own, and those the kind's rules name. */
export function staleAfterCreate<K extends Kind>(kind: K, item: KindItems[K] | undefined): ListingKind[] {
  return [...new Set([kind, ...((item ? kindSpec(kind).invalidates?.afterCreate?.(item) : undefined) ?? []), ...limitCounts(kind)] as ListingKind[])];
}

/** The other listings made stale when `item`, of `kind`, is deleted. */
export function staleAfterDelete<K extends Kind>(kind: K, item: KindItems[K]): ListingKind[] {
  return [...((kindSpec(kind).invalidates?.afterDelete?.(item) ?? []) as ListingKind[]), ...limitCounts(kind)];
}

/** The other listings a saved document of `kind` may change (an apply, or a create from a document). */
export function staleAfterEdit(kind: Kind): ListingKind[] {
  return [...((kindSpec(kind).invalidates?.afterEdit ?? []) as ListingKind[])];
}

/** The kinds the service lists whose items offer `action`: what the action's palette command picks from. */
export function listedKindsOffering(action: ActionId): ListedKind[] {
  return (Object.keys(KINDS) as Kind[]).filter((kind) => 'list' in KINDS[kind] && (kindSpec(kind).actions as readonly ActionId[]).includes(action)) as ListedKind[];
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
