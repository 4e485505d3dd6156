/**
 * The resource an action acts on: the tree item it was run on, or, from the palette, one the user picks
 * (through the Prompter, so tests can script the choice). The item's data is taken from the cached listing
 * when it is there, which is at least as fresh as the tree item.
 */
import * as vscode from 'vscode';
import type * as s from '../api/schemas';
import { formatBytes, stackletDescription, stackletState } from '../model/format';
import type { ActiveSession } from '../auth/session';
import type { ListingTypes } from '../model/resourceStore';
import type { ResourceNode } from '../views/resourceNode';
import { stateName } from '../views/words';
import type { CommandDeps } from './deps';
import type { PickItem } from '../ui/prompter';
import { isBack } from './wizard';

type TargetListing = 'stacklets' | 'volumes' | 'snapshots' | 'firewalls' | 'kubernetes';

export interface TargetKind<K extends TargetListing> {
  readonly listing: K;
  /** `ResourceRef.kind` of the tree items of this kind. */
  readonly nodeKind: string;
  readonly key: (item: ListingTypes[K]) => string | number;
  readonly item: (value: ListingTypes[K]) => Omit<PickItem<ListingTypes[K]>, 'value'>;
}

export const STACKLET: TargetKind<'stacklets'> = {
  listing: 'stacklets',
  nodeKind: 'stacklet',
  key: (stacklet) => stacklet.id,
  item: (stacklet) => ({ label: stacklet.name, description: stackletDescription(stacklet), detail: stateName(stackletState(stacklet)) }),
};

export const VOLUME: TargetKind<'volumes'> = {
  listing: 'volumes',
  nodeKind: 'volume',
  key: (volume) => volume.id,
  item: (volume) => ({
    label: volume.name,
    description: [volume.region.slug, `${volume.size_gigabytes} GB`, volume.stacklet ? vscode.l10n.t('on {0}', volume.stacklet.name ?? `#${volume.stacklet.id}`) : vscode.l10n.t('free')].join(' · '),
  }),
};

export const SNAPSHOT: TargetKind<'snapshots'> = {
  listing: 'snapshots',
  nodeKind: 'snapshot',
  key: (snapshot) => snapshot.id,
  item: (snapshot) => ({
    label: snapshot.name,
    description: [snapshot.regions.join(', '), snapshot.size_gigabytes !== undefined ? `${snapshot.size_gigabytes} GB` : formatBytes(snapshot.size)].join(' · '),
  }),
};

export const FIREWALL: TargetKind<'firewalls'> = {
  listing: 'firewalls',
  nodeKind: 'firewall',
  key: (firewall) => firewall.uuid,
  item: (firewall) => ({ label: firewall.name, description: vscode.l10n.t('{0} in · {1} out', firewall.inbound_rules.length, firewall.outbound_rules.length) }),
};

export const CLUSTER: TargetKind<'kubernetes'> = {
  listing: 'kubernetes',
  nodeKind: 'cluster',
  key: (cluster) => cluster.uuid,
  item: (cluster) => ({ label: cluster.name, description: [cluster.region.slug, cluster.version.version ?? cluster.version.slug].join(' · ') }),
};

export interface Target<T> extends ActiveSession {
  readonly item: T;
}

/** The tree item's resource, or the one picked from the listing (filtered by `accept`); undefined when cancelled. */
export async function resolveTarget<K extends TargetListing>(
  deps: CommandDeps,
  node: unknown,
  kind: TargetKind<K>,
  title: string,
  accept: (item: ListingTypes[K]) => boolean = () => true,
): Promise<Target<ListingTypes[K]> | undefined> {
  const session = await deps.session.current();
  const { store } = session;
  const ref = (node as ResourceNode | undefined)?.resource;
  if (ref && ref.kind === kind.nodeKind) {
    const cached = store.peek(kind.listing)?.items.find((item) => String(kind.key(item)) === String(ref.id));
    return { ...session, item: cached ?? (ref.data as ListingTypes[K]) };
  }
  const items = (await store.get(kind.listing)).items.filter(accept);
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There is nothing to choose from.'));
    return undefined;
  }
  const picked = await deps.prompter.pick<ListingTypes[K]>({
    title,
    placeHolder: title,
    items: items.map((item) => ({ ...kind.item(item), value: item })),
  });
  if (picked === undefined || isBack(picked)) return undefined;
  return { ...session, item: picked };
}

export interface PoolTarget extends ActiveSession {
  readonly cluster: s.KubernetesCluster;
  readonly pool: s.NodePool;
}

/** A node pool: the tree item's (its data names the cluster), or one picked from every cluster's pools. */
export async function resolveNodePool(deps: CommandDeps, node: unknown, title: string): Promise<PoolTarget | undefined> {
  const session = await deps.session.current();
  const { store } = session;
  const ref = (node as ResourceNode | undefined)?.resource;
  if (ref && ref.kind === 'nodePool') {
    const data = ref.data as s.NodePool & { cluster_uuid: string };
    const clusters = store.peek('kubernetes')?.items ?? (await store.get('kubernetes')).items;
    const cluster = clusters.find((c) => c.uuid === data.cluster_uuid);
    if (!cluster) throw new Error(vscode.l10n.t('The cluster of node pool {0} is no longer listed; refresh the view.', data.name));
    return { ...session, cluster, pool: cluster.node_pools.find((p) => p.id === data.id) ?? data };
  }
  const clusters = (await store.get('kubernetes')).items;
  const items = clusters.flatMap((cluster) => cluster.node_pools.map((pool) => ({
    label: pool.name,
    description: vscode.l10n.t('{0} · {1} × {2}', cluster.name, pool.nodes.length, pool.size.slug),
    value: { cluster, pool },
  })));
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There is nothing to choose from.'));
    return undefined;
  }
  const picked = await deps.prompter.pick({ title, placeHolder: title, items });
  if (picked === undefined || isBack(picked)) return undefined;
  return { ...session, ...picked };
}

/** How many nodes a pool is meant to have: `count` when the service says, else the nodes it lists. */
export function poolCount(pool: s.NodePool): number {
  return pool.count ?? pool.nodes.length;
}
