import * as vscode from 'vscode';
import type { Firewall, Stacklet } from '../api/schemas';
import { formatMonthly, formatUsd, notEstimatedWords, stackletPrice, total } from '../model/cost';
import { cell, formatBytes, publicIPv4, stackletDescription, stackletState } from '../model/format';
import { refTo } from '../kinds/registry';
import { addressContextValue } from '../kinds/address/row';
import { firewallRow } from '../kinds/firewall/row';
import { groupRow } from '../kinds/groupRow';
import { stackletContextValue } from '../kinds/stacklet/row';
import type { ResourceStore } from '../model/resourceStore';
import { firewallNode } from './networkingView';
import { stateIcon } from './icons';
import { listingNodes } from './listing';
import { markdown, ResourceNode } from './resourceNode';
import type { ViewSpec } from './resourceTreeProvider';
import { snapshotNode } from './snapshotsView';
import { volumeNode } from './volumesView';
import { spokenLabel, stackletCount, stateName } from './words';
import { progressText } from '../tasks/taskText';

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

export const stackletsView: ViewSpec = {
  id: 'stacklets',
  kinds: ['stacklet', 'volume', 'snapshot', 'firewall'],
  settings: ['stacklet.groupStacklets', 'stacklet.showCostInDescription'],
  async roots({ store, filter }) {
    const listing = await store.get('stacklet', filter.tag ? { tagName: filter.tag } : {});
    const grouping = stackletGrouping();
    const rows: RowOptions = { cost: costInDescription() };
    return listingNodes({
      id: 'stacklets',
      listing,
      name: (s) => s.name,
      build: (s) => stackletNode(s, store, 'stacklet', rows),
      ...(grouping !== 'none' ? { group: (items: Stacklet[]) => groupNodes(items, grouping, store, rows) } : {}),
      ...(filter.name ? { nameFilter: filter.name } : {}),
      empty: filter.tag ? vscode.l10n.t('No stacklets carry the tag "{0}".', filter.tag) : vscode.l10n.t('No stacklets in this account.'),
    });
  },
};

/** What a stacklet row shows besides its facts. */
interface RowOptions {
  readonly cost: boolean;
}

/**
 * Stacklets in groups, each group with its count and monthly estimate: by region, or by tag (a stacklet under
 * each of its tags; those without one last). A stacklet's row keeps the id it has ungrouped (`stacklet/<id>`), so
 * its expanded state and selection survive a change of grouping; under its second tag and later it has an id
 * of its own there.
 */
function groupNodes(items: Stacklet[], grouping: 'region' | 'tag', store: ResourceStore, rows: RowOptions): ResourceNode[] {
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
      return stackletNode(s, store, first ? 'stacklet' : `stacklets/tag/${key}/stacklet`, rows);
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

/** `est. $12.00/mo`: the stacklet's monthly estimate as a row shows it, or undefined without a price. */
function estimate(s: Stacklet): string | undefined {
  const price = stackletPrice(s);
  return price ? vscode.l10n.t('est. {0}', formatMonthly(price.total)) : undefined;
}

export function stackletTooltip(s: Stacklet): vscode.MarkdownString {
  const price = stackletPrice(s);
  const lines = [
    `**$(vm) ${cell(s.name)}**`,
    '',
    '| | |',
    '|---|---|',
    `| ${vscode.l10n.t('Status')} | ${cell(s.task ? `${s.status || '—'} — ${progressText(s.task)}` : s.status || '—')} |`,
    `| ${vscode.l10n.t('Region')} | ${cell(s.region.name || s.region.slug)} |`,
    `| ${vscode.l10n.t('Size')} | ${cell(`${s.size.slug} (${s.vcpu ?? s.size.vcpu ?? '?'} vCPU, ${formatBytes(s.memory ?? s.size.memory)} RAM, ${formatBytes(s.disk ?? s.size.disk)} disk)`)} |`,
    `| ${vscode.l10n.t('Image')} | ${cell(s.distribution?.name ?? s.distribution?.image?.slug)} |`,
    `| IPv4 | ${cell(publicIPv4(s.networks))} |`,
    `| ${vscode.l10n.t('Tags')} | ${cell(s.tags.join(', ') || '—')} |`,
    `| ${vscode.l10n.t('Cost')} | ${cell(price
      ? vscode.l10n.t('{0}, an estimate in US dollars: size {1}, image {2}', formatMonthly(price.total), formatUsd(price.size), formatUsd(price.image))
      : vscode.l10n.t('not estimated: the service gave no usable price for size {0} or its image', s.size.slug))} |`,
    `| ID | ${cell(s.id)} |`,
  ];
  return markdown(lines);
}

/** `Stacklet web-1, active, New York 1, 2 vCPUs 4 GB, 203.0.113.10`: name, state, region and size in words. */
export function stackletSpokenLabel(s: Stacklet): string {
  const state = stackletState(s);
  const vcpus = s.vcpu ?? s.size.vcpu;
  const memory = formatBytes(s.memory ?? s.size.memory);
  return spokenLabel(
    'stacklet',
    s.name,
    state === 'busy' && s.task ? vscode.l10n.t('busy: {0}', progressText(s.task)) : stateName(state),
    s.region.name || s.region.slug,
    vcpus === undefined ? memory : vcpus === 1 ? vscode.l10n.t('1 vCPU {0}', memory) : vscode.l10n.t('{0} vCPUs {1}', vcpus, memory),
    publicIPv4(s.networks),
  );
}

export function stackletNode(s: Stacklet, store: ResourceStore, idPrefix: string, rows: RowOptions = { cost: false }): ResourceNode {
  const state = stackletState(s);
  const base = `${idPrefix}/${s.id}`;
  const cost = rows.cost ? estimate(s) : undefined;
  return new ResourceNode({
    id: base,
    label: s.name,
    description: cost ? `${stackletDescription(s)} · ${cost}` : stackletDescription(s),
    tooltip: () => stackletTooltip(s),
    icon: stateIcon(state),
    contextValue: stackletContextValue(s),
    resource: refTo('stacklet', s),
    accessibilityLabel: cost ? `${stackletSpokenLabel(s)}, ${cost}` : stackletSpokenLabel(s),
    children: () => stackletChildren(s, store, base),
  });
}

async function stackletChildren(s: Stacklet, store: ResourceStore, base: string): Promise<ResourceNode[]> {
  const nodes: ResourceNode[] = [];
  for (const [family, list] of [['v4', s.networks.v4], ['v6', s.networks.v6]] as const) {
    list.forEach((network, index) => {
      nodes.push(new ResourceNode({
        id: `${base}/net/${family}/${index}`,
        label: network.address,
        description: vscode.l10n.t('{0} IP{1}', network.type, family),
        icon: new vscode.ThemeIcon('globe'),
        contextValue: addressContextValue(network),
        resource: refTo('address', { ...network, family }),
        tooltip: () => markdown([`**${cell(network.address)}**`, '', `${vscode.l10n.t('Gateway')}: ${cell(network.gateway)}`, '', `${vscode.l10n.t('Netmask')}: ${cell(network.netmask)}`]),
      }));
    });
  }
  const [volumes, snapshots, firewalls] = await Promise.all([
    store.get('volume'),
    s.snapshot_ids.length > 0 ? store.get('snapshot') : undefined,
    s.firewall_uuid ? store.get('firewall').catch(() => undefined) : undefined,
  ]);
  for (const volume of volumes.items.filter((v) => v.stacklet?.id === s.id || v.id === s.volume_uuid)) {
    nodes.push(volumeNode(volume, `${base}/volume`));
  }
  if (snapshots) {
    for (const snapshot of snapshots.items.filter((snap) => s.snapshot_ids.includes(snap.id) || snap.stacklet?.id === s.id)) {
      nodes.push(snapshotNode(snapshot, `${base}/snapshot`));
    }
  }
  if (s.firewall_uuid) {
    const firewall = firewalls?.items.find((f) => f.uuid === s.firewall_uuid);
    nodes.push(firewall
      ? firewallNode(firewall, `${base}/firewall`)
      : new ResourceNode({
          id: `${base}/firewall/${s.firewall_uuid}`,
          label: vscode.l10n.t('Firewall {0}', s.firewall_uuid),
          icon: new vscode.ThemeIcon('shield'),
          contextValue: firewallRow.context('unknown'),
          resource: refTo('firewall', unreadFirewall(s.firewall_uuid)),
        }));
  }
  return nodes;
}

/** A firewall the stacklet names but the service did not list: its uuid is all that is known. */
function unreadFirewall(uuid: string): Firewall {
  return { uuid, name: uuid, inbound_rules: [], outbound_rules: [], resources: { stacklet_ids: [] } };
}
