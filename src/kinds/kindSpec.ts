/**
 * What a resource kind is described by (each kind's folder, src/kinds/<kind>/kind.ts, fills it in; the registry,
 * src/kinds/registry.ts, gathers them). Adding a kind to `KindItems` makes the compiler ask for everything else.
 * No vscode import.
 */
import type { Call, ListCall, ListResult, StackletClient } from '../api/client';
import type * as s from '../api/schemas';

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
  | 'edit' | 'open' | 'changeNodeCount' | 'addVolume' | 'addNodePool' | 'tag' | 'untag' | 'newTag' | 'attachFirewall' | 'openAsDocument';

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
   * For a service that cannot list the kind: the ids the account's stacklets name (the stacklet kind's `names`),
   * besides those the extension created, each then read with `get`.
   */
  readonly known?: Readonly<Record<string, never>>;
  /**
   * The resources an item names, by kind, with their IDs (a stacklet its volume, firewall, VPC and snapshots; a
   * firewall the stacklets behind it): what describe lists as its relations, and how a stacklet's rows find their
   * children (./relations.ts). The kind's to say, so no reader switches on kind ids.
   */
  readonly names?: { readonly [O in Kind]?: (item: KindItems[K]) => readonly (string | number)[] };
  /** Items carry a `task` the tracker follows. */
  readonly tasks?: Readonly<Record<string, never>>;
  /**
   * The other listings a change of an item makes stale (its own listing is updated in place): read again when
   * next shown. The one place these rules live; the tracker and the delete pipeline read them.
   */
  readonly invalidates?: {
    /** When a task of that name ends (a volume's attach changes its stacklet). */
    readonly afterTask?: Readonly<Partial<Record<string, readonly Kind[]>>>;
    /** When the item is created (a new volume is attached to its stacklet). */
    readonly afterCreate?: (item: KindItems[K]) => readonly Kind[];
    /** When the item is deleted (a deleted stacklet's volume is free again). */
    readonly afterDelete?: (item: KindItems[K]) => readonly Kind[];
    /**
     * When a document of the item is applied or creates one (a firewall's `stacklet_ids` move stacklets onto
     * it or off it): the document's text is not an item, so these are the listings any such save may change.
     */
    readonly afterEdit?: readonly Kind[];
  };
  /**
   * The account's limit on items of this kind: the key of the profile's `limits` that counts them (the
   * specification shows `stacklets → {available, used}`), and the kind in the plural for the words that name it.
   * A create reads it before its first question (src/kinds/accountLimits.ts); a create or delete makes the
   * profile stale, as its counts changed.
   */
  readonly limit?: { readonly key: string; readonly plural: () => string };
  /** The actions offered on items of this kind. */
  readonly actions: readonly ActionId[];
  /**
   * Of those, the ones that run on a selection of several items at once (one question, one confirmation, one
   * progress, one summary: src/commands/actionCommand.ts and src/actions/runner.ts). Their menus show while several items are selected.
   */
  readonly bulk?: readonly ActionId[];
  /** Go to Resource offers items of this kind, and matches these facts of theirs. */
  readonly search?: (item: KindItems[K]) => SearchFacts;
  /** The monthly estimate in US dollars (src/model/cost.ts), when the item says what it costs. */
  readonly monthly?: (item: KindItems[K]) => number | undefined;
}
