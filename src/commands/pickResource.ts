import * as vscode from 'vscode';
import { publicIPv4 } from '../model/format';
import type { ListingKind, ResourceStore } from '../model/resourceStore';
import { kindName } from '../views/words';
import type { ResourceNode, ResourceRef } from '../views/resourceNode';
import type { CommandDeps } from './deps';
import { isBack } from './wizard';

type Pickable = 'stacklets' | 'volumes' | 'snapshots' | 'firewalls' | 'loadBalancers' | 'vpcs' | 'kubernetes' | 'userdata';

/** How each listing's items become references a command can act on. */
const REFS: { [K in Pickable]: (store: ResourceStore) => Promise<ResourceRef[]> } = {
  stacklets: async (store) => (await store.get('stacklets')).items.map((s) => {
    const ip = publicIPv4(s.networks);
    return { kind: 'stacklet', id: s.id, name: s.name, ...(ip ? { ip } : {}), data: s };
  }),
  volumes: async (store) => (await store.get('volumes')).items.map((v) => ({ kind: 'volume', id: v.id, name: v.name, data: v })),
  snapshots: async (store) => (await store.get('snapshots')).items.map((s) => ({ kind: 'snapshot', id: s.id, name: s.name, data: s })),
  firewalls: async (store) => (await store.get('firewalls')).items.map((f) => ({ kind: 'firewall', id: f.uuid, name: f.name, data: f })),
  loadBalancers: async (store) => (await store.get('loadBalancers')).items.map((l) => ({ kind: 'loadBalancer', id: l.uuid, name: l.name, ...(l.ip ? { ip: l.ip } : {}), data: l })),
  vpcs: async (store) => (await store.get('vpcs')).items.map((v) => ({ kind: 'vpc', id: v.uuid, name: v.name, data: v })),
  kubernetes: async (store) => (await store.get('kubernetes')).items.map((c) => ({ kind: 'cluster', id: c.uuid, name: c.name, ...(c.ipv4 ? { ip: c.ipv4 } : {}), data: c })),
  userdata: async (store) => (await store.get('userdata')).items.map((u) => ({ kind: 'userdata', id: u.uuid, name: u.name, data: u })),
};

export const ALL_PICKABLE: readonly Pickable[] = Object.keys(REFS) as Pickable[];

/**
 * The resource a command acts on: the tree item it was run on, or, from the palette, one the user picks
 * from the listings of `kinds` (filtered by `accept`).
 */
export async function resolveResource(
  deps: CommandDeps,
  node: unknown,
  kinds: readonly Pickable[],
  title: string,
  accept: (ref: ResourceRef) => boolean = () => true,
): Promise<ResourceRef | undefined> {
  const fromNode = (node as ResourceNode | undefined)?.resource;
  if (fromNode) return fromNode;
  const { store } = await deps.session.current();
  const settled = await Promise.allSettled(kinds.map((kind) => REFS[kind](store)));
  const refs = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])).filter(accept);
  if (refs.length === 0) {
    const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
    void vscode.window.showInformationMessage(vscode.l10n.t('There is nothing to choose from.'));
    return undefined;
  }
  const picked = await deps.prompter.pick<ResourceRef>({
    title,
    placeHolder: title,
    items: refs.map((ref) => ({ label: ref.name, description: `${kindName(ref.kind)} · ${String(ref.id)}`, ...(ref.ip ? { detail: ref.ip } : {}), value: ref })),
  });
  return picked === undefined || isBack(picked) ? undefined : picked;
}

export type { ListingKind, Pickable };
