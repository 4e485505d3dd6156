import * as vscode from 'vscode';
import type { Firewall, FirewallRule, LoadBalancer, Vpc } from '../api/schemas';
import { cell } from '../model/format';
import { refTo } from '../kinds/registry';
import { firewallRow } from '../kinds/firewall/row';
import { groupRow } from '../kinds/groupRow';
import { loadBalancerContextValue } from '../kinds/loadBalancer/row';
import { vpcRow } from '../kinds/vpc/row';
import type { ResourceStore } from '../model/resourceStore';
import { presentation } from './kindPresentation';
import { stateIcon } from './icons';
import { listingNodes } from './listing';
import { markdown, ResourceNode } from './resourceNode';
import type { ViewFilter, ViewSpec } from './resourceTreeProvider';
import { stateName } from './words';
import { progressText } from '../tasks/taskText';

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
    icon: new vscode.ThemeIcon(presentation(kind).icon),
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

/** `TCP 443 0.0.0.0/0`, `UDP all ports 10.0.0.0/8`, `all traffic 203.0.113.7`. */
export function formatRule(rule: FirewallRule): string {
  const anyPort = rule.port === null || rule.port === undefined;
  if (!rule.protocol && anyPort) return vscode.l10n.t('all traffic {0}', rule.address);
  const protocol = rule.protocol ? rule.protocol.toUpperCase() : vscode.l10n.t('all protocols');
  return `${protocol} ${anyPort ? vscode.l10n.t('all ports') : String(rule.port)} ${rule.address}`;
}

export function firewallNode(f: Firewall, idPrefix: string): ResourceNode {
  const base = `${idPrefix}/${f.uuid}`;
  const ruleNode = (direction: 'inbound' | 'outbound') => (rule: FirewallRule, index: number) => new ResourceNode({
    id: `${base}/${direction}/${index}`,
    label: formatRule(rule),
    icon: new vscode.ThemeIcon(direction === 'inbound' ? 'arrow-down' : 'arrow-up'),
    contextValue: `firewallRule:${direction}`,
  });
  return new ResourceNode({
    id: base,
    label: f.name,
    description: vscode.l10n.t('{0} in · {1} out · {2} stacklets', f.inbound_rules.length, f.outbound_rules.length, f.resources.stacklet_ids.length),
    icon: new vscode.ThemeIcon('shield'),
    contextValue: firewallRow.context('ready'),
    resource: refTo('firewall', f),
    tooltip: () => markdown([
      `**$(shield) ${cell(f.name)}**`, '',
      `${vscode.l10n.t('Inbound')}: ${cell(f.inbound_rules.map(formatRule).join('; ') || '—')}`, '',
      `${vscode.l10n.t('Outbound')}: ${cell(f.outbound_rules.map(formatRule).join('; ') || '—')}`, '',
      `ID: ${cell(f.uuid)}`,
    ]),
    children: () => [
      new ResourceNode({
        id: `${base}/inbound`, label: vscode.l10n.t('Inbound Rules'), description: String(f.inbound_rules.length),
        icon: new vscode.ThemeIcon('arrow-down'), contextValue: groupRow.context('inbound'),
        children: () => f.inbound_rules.map(ruleNode('inbound')),
      }),
      new ResourceNode({
        id: `${base}/outbound`, label: vscode.l10n.t('Outbound Rules'), description: String(f.outbound_rules.length),
        icon: new vscode.ThemeIcon('arrow-up'), contextValue: groupRow.context('outbound'),
        children: () => f.outbound_rules.map(ruleNode('outbound')),
      }),
    ],
  });
}

function loadBalancerNode(lb: LoadBalancer): ResourceNode {
  const base = `loadBalancer/${lb.uuid}`;
  return new ResourceNode({
    id: base,
    label: lb.name,
    description: [lb.region?.slug, lb.ip, lb.algorithm.replace('_', ' ')].filter(Boolean).join(' · '),
    icon: lb.task ? stateIcon('busy') : new vscode.ThemeIcon('server-environment', new vscode.ThemeColor('charts.green')),
    state: stateName(lb.task ? 'busy' : 'active'),
    contextValue: loadBalancerContextValue(lb),
    resource: refTo('loadBalancer', lb),
    tooltip: () => markdown([
      `**$(server-environment) ${cell(lb.name)}**`, '', '| | |', '|---|---|',
      `| IP | ${cell(lb.ip)} |`,
      `| ${vscode.l10n.t('Algorithm')} | ${cell(lb.algorithm)} |`,
      `| ${vscode.l10n.t('Rules')} | ${cell(lb.rules.map((r) => `${r.protocol} ${r.source_port}→${r.target_port}`).join(', '))} |`,
      `| ${vscode.l10n.t('Health check')} | ${cell(lb.health ? `${lb.health.protocol}${lb.health.port ? `:${lb.health.port}` : ''}${lb.health.path ?? ''}` : '—')} |`,
      `| ${vscode.l10n.t('Stacklets')} | ${cell(lb.stacklet_ids.join(', ') || '—')} |`,
      ...(lb.task ? [`| ${vscode.l10n.t('Task')} | ${cell(progressText(lb.task))} |`] : []),
    ]),
    children: () => lb.rules.map((rule, index) => new ResourceNode({
      id: `${base}/rule/${index}`,
      label: `${rule.protocol.toUpperCase()} ${rule.source_port} → ${rule.target_port}`,
      ...(rule.tls_passthrough ? { description: vscode.l10n.t('TLS passthrough') } : {}),
      icon: new vscode.ThemeIcon('arrow-swap'),
      contextValue: 'forwardingRule:',
    })),
  });
}

function vpcNode(vpc: Vpc): ResourceNode {
  return new ResourceNode({
    id: `vpc/${vpc.uuid}`,
    label: vpc.name,
    description: [vpc.region?.slug, vpc.cidr, vpc.stacklet_ids.length === 1 ? vscode.l10n.t('1 stacklet') : vscode.l10n.t('{0} stacklets', vpc.stacklet_ids.length)].filter(Boolean).join(' · '),
    icon: new vscode.ThemeIcon('type-hierarchy'),
    contextValue: vpcRow.context('ready'),
    resource: refTo('vpc', vpc),
    tooltip: () => markdown([`**$(type-hierarchy) ${cell(vpc.name)}**`, '', `CIDR: ${cell(vpc.cidr)}`, '', `${vscode.l10n.t('Region')}: ${cell(vpc.region?.name ?? vpc.region?.slug)}`, '', `ID: ${cell(vpc.uuid)}`]),
  });
}
