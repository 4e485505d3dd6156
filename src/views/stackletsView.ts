import * as vscode from 'vscode';
import { related } from '../kinds/relations';
import { protectingTag } from '../agent/guards';
import type { Firewall, Stacklet } from '../api/schemas';
import { formatMonthly, notEstimatedWords, total } from '../model/cost';
import { refTo } from '../kinds/registry';
import { addressLook } from '../kinds/address/row';
import { unknownFirewallLook } from '../kinds/firewall/row';
import { groupRow } from '../kinds/groupRow';
import { stackletLook, type StackletRowOptions } from '../kinds/stacklet/row';
import { agentProtectedTags } from '../ui/agentLimits';
import { stackletCount } from '../kinds/rowWords';
import type { ResourceStore } from '../kinds/resourceStore';
import { firewallNode } from './networkingView';
import { listingNodes } from './listing';
import { lookInit, lookNode, ResourceNode, type NodeInit } from './resourceNode';
import type { ViewSpec } from './resourceTreeProvider';
import { snapshotNode } from './snapshotsView';
import { volumeNode } from './volumesView';
import { RowCache } from './rowCache';

export type StackletGrouping = 'none' | 'region' | 'tag';

export const GROUPINGS: readonly StackletGrouping[] = ['none', 'region', 'tag'];

/** The stacklet.groupStacklets setting. */
export function stackletGrouping(): StackletGrouping {
  const value = vscode.workspace.getConfiguration('stacklet').get<string>('groupStacklets', 'none');
  return (GROUPINGS as readonly string[]).includes(value) ? (value as StackletGrouping) : 'none';
}

/** The stacklet.showCostInDescription setting: each row's description ends with its monthly estimate. */
function costInDescription(): boolean {
  return vscode.workspace.getConfiguration('stacklet').get<boolean>('showCostInDescription', false);
}

/** The Stacklets view's stacklet rows, kept while their stacklets and settings are the same (see RowCache). */
const cache = new RowCache<Stacklet, NodeInit>();

export const stackletsView: ViewSpec = {
  id: 'stacklets',
  kinds: ['stacklet', 'volume', 'snapshot', 'firewall'],
  settings: ['stacklet.groupStacklets', 'stacklet.showCostInDescription', 'stacklet.agent.protectedTags'],
  async roots({ store, filter }) {
    const listing = await store.get('stacklet', filter.tag ? { tagName: filter.tag } : {});
    const grouping = stackletGrouping();
    const protectedTags = agentProtectedTags();
    const cost = costInDescription();
    const rows: StackletRowOptions = { cost, protectedBy: (tags) => protectingTag(tags, protectedTags) };
    // What a stacklet's row is built from besides the stacklet: its children's store and the two settings.
    cache.use([store, cost, protectedTags.join('\n')]);
    const build = (s: Stacklet, place: string) => new ResourceNode(cache.row(s, place, () => stackletInit(s, store, place, rows)));
    return listingNodes({
      id: 'stacklets',
      listing,
      name: (s) => s.name,
      build: (s) => build(s, 'stacklet'),
      ...(grouping !== 'none' ? { group: (items: Stacklet[]) => groupNodes(items, grouping, build) } : {}),
      ...(filter.name ? { nameFilter: filter.name } : {}),
      empty: filter.tag ? vscode.l10n.t('No stacklets carry the tag "{0}".', filter.tag) : vscode.l10n.t('No stacklets in this account.'),
    });
  },
};

/**
 * Stacklets in groups, each group with its count and monthly estimate: by region, or by tag (a stacklet under
 * each of its tags; those without one last). A stacklet's row keeps the id it has ungrouped (`stacklet/<id>`), so
 * its expanded state and selection survive a change of grouping; under its second tag and later it has an id
 * of its own there.
 */
function groupNodes(items: Stacklet[], grouping: 'region' | 'tag', build: (s: Stacklet, place: string) => ResourceNode): ResourceNode[] {
  const groups = new Map<string, Stacklet[]>();
  const add = (key: string, s: Stacklet) => groups.set(key, [...(groups.get(key) ?? []), s]);
  for (const s of items) {
    if (grouping === 'region') add(s.region.slug, s);
    else if (s.tags.length === 0) add(UNTAGGED, s);
    else for (const tag of new Set(s.tags)) add(tag, s);
  }
  const keys = [...groups.keys()].filter((key) => key !== UNTAGGED).sort((a, b) => a.localeCompare(b));
  if (groups.has(UNTAGGED)) keys.push(UNTAGGED);
  const placed = new Set<number>();
  return keys.map((key) => {
    const members = groups.get(key)!;
    const region = grouping === 'region' ? members[0]!.region : undefined;
    const label = key === UNTAGGED ? vscode.l10n.t('No tag') : region ? (region.name ? `${region.name} (${region.slug})` : region.slug) : key;
    const bucket = total(members);
    const description = [stackletCount(bucket.count), bucket.unpriced < bucket.count ? vscode.l10n.t('est. {0}', formatMonthly(bucket.dollars)) : undefined, notEstimatedWords(bucket.unpriced)].filter(Boolean).join(' · ');
    // First placed: the row's usual id; placed again under another tag: an id of that group.
    const children = members.map((s) => {
      const first = !placed.has(s.id);
      placed.add(s.id);
      return build(s, first ? 'stacklet' : `stacklets/tag/${key}/stacklet`);
    });
    return new ResourceNode({
      id: key === UNTAGGED ? 'stacklets/untagged' : `stacklets/${grouping}/${key}`,
      label,
      description,
      icon: new vscode.ThemeIcon(grouping === 'region' ? 'globe' : 'tag'),
      contextValue: groupRow.context(grouping),
      expanded: true,
      tooltip: label,
      children: () => children,
    });
  });
}

/** The key of the group of stacklets without a tag (no tag is the empty string). */
const UNTAGGED = '';

export { stackletContextValue } from '../kinds/stacklet/row';

export function stackletNode(s: Stacklet, store: ResourceStore, idPrefix: string, rows: StackletRowOptions = { cost: false }): ResourceNode {
  return new ResourceNode(stackletInit(s, store, idPrefix, rows));
}

function stackletInit(s: Stacklet, store: ResourceStore, idPrefix: string, rows: StackletRowOptions): NodeInit {
  const base = `${idPrefix}/${s.id}`;
  return lookInit(stackletLook(s, rows), { id: base, resource: refTo('stacklet', s), children: () => stackletChildren(s, store, base) });
}

async function stackletChildren(s: Stacklet, store: ResourceStore, base: string): Promise<ResourceNode[]> {
  const nodes: ResourceNode[] = [];
  for (const [family, list] of [['v4', s.networks.v4], ['v6', s.networks.v6]] as const) {
    list.forEach((network, index) => {
      const address = { ...network, family };
      nodes.push(lookNode(addressLook(address), { id: `${base}/net/${family}/${index}`, resource: refTo('address', address) }));
    });
  }
  const [volumes, snapshots, firewalls] = await Promise.all([
    store.get('volume'),
    s.snapshot_ids.length > 0 ? store.get('snapshot') : undefined,
    s.firewall_uuid ? store.get('firewall').catch(() => undefined) : undefined,
  ]);
  for (const volume of volumes.items.filter((v) => related('stacklet', s, 'volume', v))) {
    nodes.push(volumeNode(volume, `${base}/volume`));
  }
  if (snapshots) {
    for (const snapshot of snapshots.items.filter((snap) => related('stacklet', s, 'snapshot', snap))) {
      nodes.push(snapshotNode(snapshot, `${base}/snapshot`));
    }
  }
  if (s.firewall_uuid) {
    const firewall = firewalls?.items.find((f) => f.uuid === s.firewall_uuid);
    nodes.push(firewall
      ? firewallNode(firewall, `${base}/firewall`)
      : lookNode(unknownFirewallLook(s.firewall_uuid), { id: `${base}/firewall/${s.firewall_uuid}`, resource: refTo('firewall', unreadFirewall(s.firewall_uuid)) }));
  }
  return nodes;
}

/** A firewall the stacklet names but the service did not list: its uuid is all that is known. */
function unreadFirewall(uuid: string): Firewall {
  return { uuid, name: uuid, inbound_rules: [], outbound_rules: [], resources: { stacklet_ids: [] } };
}
