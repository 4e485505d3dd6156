import * as vscode from 'vscode';
import type { Firewall, Stacklet } from '../api/schemas';
import { cell, formatBytes, publicIPv4, stackletDescription, stackletState } from '../model/format';
import { refTo } from '../model/resourceKinds';
import type { ResourceStore } from '../model/resourceStore';
import { firewallNode } from './networkingView';
import { stateIcon } from './icons';
import { listingNodes } from './listing';
import { markdown, ResourceNode } from './resourceNode';
import type { ViewSpec } from './resourceTreeProvider';
import { snapshotNode } from './snapshotsView';
import { volumeNode } from './volumesView';
import { spokenLabel, stateName } from './words';

export const stackletsView: ViewSpec = {
  id: 'stacklets',
  kinds: ['stacklet', 'volume', 'snapshot', 'firewall'],
  async roots({ store, filter }) {
    const listing = await store.get('stacklet', filter.tag ? { tagName: filter.tag } : {});
    return listingNodes({
      id: 'stacklets',
      listing,
      name: (s) => s.name,
      build: (s) => stackletNode(s, store, 'stacklet'),
      ...(filter.name ? { nameFilter: filter.name } : {}),
      empty: filter.tag ? vscode.l10n.t('No stacklets carry the tag "{0}".', filter.tag) : vscode.l10n.t('No stacklets in this account.'),
    });
  },
};

export function stackletContextValue(stacklet: Stacklet): string {
  const flags = [`stacklet:${stackletState(stacklet)}`];
  if (publicIPv4(stacklet.networks)) flags.push('hasIp');
  if (stacklet.networks.v4.some((n) => n.type === 'private')) flags.push('privateNetworking');
  if (stacklet.volume_uuid) flags.push('hasVolume');
  if (stacklet.firewall_uuid) flags.push('hasFirewall');
  if (stacklet.tags.length > 0) flags.push('hasTags');
  return flags.join(' ');
}

export function stackletTooltip(s: Stacklet): vscode.MarkdownString {
  const lines = [
    `**$(vm) ${cell(s.name)}**`,
    '',
    '| | |',
    '|---|---|',
    `| ${vscode.l10n.t('Status')} | ${cell(s.task ? `${s.status || '—'} — ${s.task.description.progress || s.task.name}` : s.status || '—')} |`,
    `| ${vscode.l10n.t('Region')} | ${cell(s.region.name || s.region.slug)} |`,
    `| ${vscode.l10n.t('Size')} | ${cell(`${s.size.slug} (${s.vcpu ?? s.size.vcpu ?? '?'} vCPU, ${formatBytes(s.memory ?? s.size.memory)} RAM, ${formatBytes(s.disk ?? s.size.disk)} disk)`)} |`,
    `| ${vscode.l10n.t('Image')} | ${cell(s.distribution?.name ?? s.distribution?.image?.slug)} |`,
    `| IPv4 | ${cell(publicIPv4(s.networks))} |`,
    `| ${vscode.l10n.t('Tags')} | ${cell(s.tags.join(', ') || '—')} |`,
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
    state === 'busy' && s.task ? vscode.l10n.t('busy: {0}', s.task.description.progress || s.task.name) : stateName(state),
    s.region.name || s.region.slug,
    vcpus === undefined ? memory : vcpus === 1 ? vscode.l10n.t('1 vCPU {0}', memory) : vscode.l10n.t('{0} vCPUs {1}', vcpus, memory),
    publicIPv4(s.networks),
  );
}

export function stackletNode(s: Stacklet, store: ResourceStore, idPrefix: string): ResourceNode {
  const state = stackletState(s);
  const base = `${idPrefix}/${s.id}`;
  return new ResourceNode({
    id: base,
    label: s.name,
    description: stackletDescription(s),
    tooltip: () => stackletTooltip(s),
    icon: stateIcon(state),
    contextValue: stackletContextValue(s),
    resource: refTo('stacklet', s),
    accessibilityLabel: stackletSpokenLabel(s),
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
        contextValue: `address:${network.type}`,
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
          contextValue: 'firewall:unknown',
          resource: refTo('firewall', unreadFirewall(s.firewall_uuid)),
        }));
  }
  return nodes;
}

/** A firewall the stacklet names but the service did not list: its uuid is all that is known. */
function unreadFirewall(uuid: string): Firewall {
  return { uuid, name: uuid, inbound_rules: [], outbound_rules: [], resources: { stacklet_ids: [] } };
}
