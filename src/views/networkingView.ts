import * as vscode from 'vscode';
import type { Firewall, LoadBalancer, Vpc } from '../api/schemas';
import { refTo } from '../kinds/registry';
import { firewallLook, firewallRuleLook } from '../kinds/firewall/row';
import { groupRow } from '../kinds/groupRow';
import { kindIcon } from '../kinds/kindRows';
import { forwardingRuleLook, loadBalancerLook } from '../kinds/loadBalancer/row';
import { vpcLook } from '../kinds/vpc/row';
import type { ResourceStore } from '../kinds/resourceStore';
import { listingNodes } from './listing';
import { lookNode, ResourceNode } from './resourceNode';
import type { ViewFilter, ViewSpec } from './resourceTreeProvider';

export const networkingView: ViewSpec = {
  id: 'networking',
  kinds: ['firewall', 'loadBalancer', 'vpc', 'stacklet'],
  async roots({ store, filter }) {
    return [
      group('firewall', 'firewalls', vscode.l10n.t('Firewalls'), store, filter),
      group('loadBalancer', 'loadBalancers', vscode.l10n.t('Load Balancers'), store, filter),
      group('vpc', 'vpcs', vscode.l10n.t('VPCs'), store, filter),
    ];
  },
};

/** One group of the view; `name` keeps the ids and context values the view has always had. */
function group(kind: 'firewall' | 'loadBalancer' | 'vpc', name: 'firewalls' | 'loadBalancers' | 'vpcs', label: string, store: ResourceStore, filter: ViewFilter): ResourceNode {
  return new ResourceNode({
    id: `networking/${name}`,
    label,
    counts: kind,
    icon: new vscode.ThemeIcon(kindIcon(kind)),
    contextValue: groupRow.context(name),
    expanded: true,
    children: async () => {
      const nameFilter = filter.name ? { nameFilter: filter.name } : {};
      if (kind === 'firewall') {
        return listingNodes({ id: 'firewalls', listing: await store.get('firewall'), name: (f) => f.name, build: (f) => firewallNode(f, 'firewall'), ...nameFilter, empty: vscode.l10n.t('No firewalls.') });
      }
      if (kind === 'loadBalancer') {
        return listingNodes({ id: 'loadBalancers', listing: await store.get('loadBalancer'), name: (l) => l.name, build: loadBalancerNode, ...nameFilter, empty: vscode.l10n.t('No load balancers.') });
      }
      return listingNodes({ id: 'vpcs', listing: await store.get('vpc'), name: (v) => v.name, build: vpcNode, ...nameFilter, empty: vscode.l10n.t('No VPCs.') });
    },
  });
}

export function firewallNode(f: Firewall, idPrefix: string): ResourceNode {
  const base = `${idPrefix}/${f.uuid}`;
  const rules = (direction: 'inbound' | 'outbound') => (direction === 'inbound' ? f.inbound_rules : f.outbound_rules)
    .map((rule, index) => lookNode(firewallRuleLook(rule, direction), { id: `${base}/${direction}/${index}` }));
  return lookNode(firewallLook(f), {
    id: base,
    resource: refTo('firewall', f),
    children: () => [
      new ResourceNode({
        id: `${base}/inbound`, label: vscode.l10n.t('Inbound Rules'), description: String(f.inbound_rules.length),
        icon: new vscode.ThemeIcon('arrow-down'), contextValue: groupRow.context('inbound'),
        children: () => rules('inbound'),
      }),
      new ResourceNode({
        id: `${base}/outbound`, label: vscode.l10n.t('Outbound Rules'), description: String(f.outbound_rules.length),
        icon: new vscode.ThemeIcon('arrow-up'), contextValue: groupRow.context('outbound'),
        children: () => rules('outbound'),
      }),
    ],
  });
}

function loadBalancerNode(lb: LoadBalancer): ResourceNode {
  const base = `loadBalancer/${lb.uuid}`;
  return lookNode(loadBalancerLook(lb), {
    id: base,
    resource: refTo('loadBalancer', lb),
    children: () => lb.rules.map((rule, index) => lookNode(forwardingRuleLook(rule), { id: `${base}/rule/${index}` })),
  });
}

function vpcNode(vpc: Vpc): ResourceNode {
  return lookNode(vpcLook(vpc), { id: `vpc/${vpc.uuid}`, resource: refTo('vpc', vpc) });
}
