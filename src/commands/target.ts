/**
 * The resource a command acts on: the tree item it was run on, or, from the palette, one the user picks
 * (through the Prompter, so tests script the choice). Kinds, listings and picker rows come from the registry
 * (src/kinds/registry.ts) and its presentation (src/views/kindPresentation.ts).
 */
import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import type { ActiveSession } from '../auth/session';
import { addressOf, refOfKind, kindSpec, refTo, sameId, type KindItems, type KindSpec, type ListedKind, type PoolItem, type ResourceRef } from '../kinds/registry';
import type { PickItem } from '../ui/prompter';
import { presentation } from '../views/kindPresentation';
import { kindName } from '../kinds/rowWords';
import type { ResourceNode } from '../views/resourceNode';
import type { CommandDeps } from './deps';
import { isBack } from './wizard';

export interface Target<K extends ListedKind> extends ActiveSession {
  readonly item: KindItems[K];
}

export interface PickSpec<T> {
  /** The picker's title: "Resize which stacklet?". */
  readonly title: string;
  /** Which items the picker offers (those the action can take now). */
  readonly accept?: (item: T) => boolean;
  /** Said when none can be offered: why, not just that nothing is there. */
  readonly none?: string;
}

/** The resource of a tree item, when the item is one. */
export function refOfNode(node: unknown): ResourceRef | undefined {
  return (node as ResourceNode | undefined)?.resource;
}

/** A picker row for an item of `kind`: its name, and what tells it apart. */
export function pickItem<K extends ListedKind, V>(kind: K, item: KindItems[K], value: V): PickItem<V> {
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  return { label: spec.name(item as never), ...presentation(kind).pick(item as never), value };
}

/** Tells the user there is nothing to choose, and why. */
function nothingToChoose(message: string | undefined): undefined {
  void notify.info(message ?? vscode.l10n.t('There is nothing to choose from.'));
  return undefined;
}

/** The tree item's resource of `kind` (as fresh as the cache has it), or one the user picks. */
export async function resolveTarget<K extends ListedKind>(deps: CommandDeps, node: unknown, kind: K, pick: PickSpec<KindItems[K]>): Promise<Target<K> | undefined> {
  const session = await deps.session.current();
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  const ref = refOfKind(refOfNode(node), kind);
  if (ref) {
    const cached = session.store.peek(kind)?.items.find((item) => sameId(spec.key(item as never), ref.id));
    return { ...session, item: (cached ?? ref.data) as KindItems[K] };
  }
  const accept = pick.accept ?? (() => true);
  const items = ((await session.store.get(kind)).items as KindItems[K][]).filter(accept);
  if (items.length === 0) return nothingToChoose(pick.none);
  const picked = await deps.prompter.pick<KindItems[K]>({ title: pick.title, placeHolder: pick.title, items: items.map((item) => pickItem(kind, item, item)) });
  if (picked === undefined || isBack(picked)) return undefined;
  return { ...session, item: picked };
}

/** The resource of the tree item, or one picked from the listings of `kinds` (filtered by `accept`). */
export async function resolveResource(deps: CommandDeps, node: unknown, kinds: readonly ListedKind[], pick: PickSpec<ResourceRef>): Promise<ResourceRef | undefined> {
  const fromNode = refOfNode(node);
  if (fromNode) return fromNode;
  const { store } = await deps.session.current();
  const settled = await Promise.allSettled(kinds.map(async (kind) => ((await store.get(kind)).items as KindItems[ListedKind][]).map((item) => refTo(kind, item as never) as ResourceRef)));
  const accept = pick.accept ?? (() => true);
  const refs = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])).filter(accept);
  if (refs.length === 0) {
    const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
    return nothingToChoose(pick.none);
  }
  const picked = await deps.prompter.pick<ResourceRef>({
    title: pick.title,
    placeHolder: pick.title,
    items: refs.map((ref) => {
      const address = addressOf(ref);
      return { label: ref.name, description: `${kindName(ref.kind)} · ${String(ref.id)}`, ...(address ? { detail: address } : {}), value: ref };
    }),
  });
  return picked === undefined || isBack(picked) ? undefined : picked;
}

export interface PoolTarget extends ActiveSession {
  readonly cluster: KindItems['cluster'];
  readonly pool: PoolItem;
}

/** A node pool: the tree item's (its data names the cluster), or one picked from every cluster's pools. */
export async function resolveNodePool(deps: CommandDeps, node: unknown, pick: PickSpec<PoolItem>): Promise<PoolTarget | undefined> {
  const session = await deps.session.current();
  const clusters = (session.store.peek('cluster') ?? (await session.store.get('cluster'))).items;
  const ref = refOfKind(refOfNode(node), 'nodePool');
  if (ref) {
    const cluster = clusters.find((c) => c.uuid === ref.data.cluster_uuid);
    if (!cluster) throw new Error(vscode.l10n.t('The cluster of node pool {0} is no longer listed; refresh the view.', ref.name));
    const pool = cluster.node_pools.find((p) => p.id === ref.data.id);
    return { ...session, cluster, pool: pool ? { ...pool, cluster_uuid: cluster.uuid } : ref.data };
  }
  const accept = pick.accept ?? (() => true);
  const items = clusters.flatMap((cluster) => cluster.node_pools
    .map((pool): PoolItem => ({ ...pool, cluster_uuid: cluster.uuid }))
    .filter(accept)
    .map((pool) => ({
      label: pool.name,
      description: vscode.l10n.t('{0} · {1} × {2}', cluster.name, pool.nodes.length, pool.size.slug),
      value: { cluster, pool },
    })));
  if (items.length === 0) return nothingToChoose(pick.none);
  const picked = await deps.prompter.pick({ title: pick.title, placeHolder: pick.title, items });
  if (picked === undefined || isBack(picked)) return undefined;
  return { ...session, ...picked };
}
