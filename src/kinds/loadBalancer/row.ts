/**
 * A load balancer's row: active or busy, and whether it has its address yet; and its forwarding rules' rows,
 * which offer no action. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { ForwardingRule, LoadBalancer } from '../../api/schemas';
import { cell } from '../../model/format';
import { progressText } from '../../model/taskText';
import { stateIcon, type RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { spokenLabel, stateName } from '../rowWords';

export const loadBalancerRow = rowStates('loadBalancer', ['active', 'busy'], ['hasIp']);

/** A forwarding rule's row, under its load balancer: one state. */
export const forwardingRuleRow = rowStates('forwardingRule', ['']);

export const LOAD_BALANCER_ICON = 'server-environment';

export function loadBalancerContextValue(lb: LoadBalancer): string {
  return loadBalancerRow.context(lb.task ? 'busy' : 'active', { hasIp: !!lb.ip });
}

export function loadBalancerLook(lb: LoadBalancer): RowLook {
  return {
    label: lb.name,
    // What tells load balancers apart; the algorithm is in the tooltip, so the row fits the default side bar.
    description: [lb.region?.slug, lb.ip].filter(Boolean).join(' · '),
    icon: lb.task ? stateIcon('busy') : { id: LOAD_BALANCER_ICON, color: 'charts.green' },
    state: stateName(lb.task ? 'busy' : 'active'),
    contextValue: loadBalancerContextValue(lb),
    // A screen reader has no side bar to fit: it says the algorithm too.
    spoken: () => spokenLabel('loadBalancer', lb.name, stateName(lb.task ? 'busy' : 'active'), lb.region?.slug, lb.ip, lb.algorithm.replace('_', ' ')),
    tooltip: () => [
      `**$(server-environment) ${cell(lb.name)}**`, '', '| | |', '|---|---|',
      `| IP | ${cell(lb.ip)} |`,
      `| ${l10n.t('Algorithm')} | ${cell(lb.algorithm)} |`,
      `| ${l10n.t('Rules')} | ${cell(lb.rules.map((r) => `${r.protocol} ${r.source_port}→${r.target_port}`).join(', '))} |`,
      `| ${l10n.t('Health check')} | ${cell(lb.health ? `${lb.health.protocol}${lb.health.port ? `:${lb.health.port}` : ''}${lb.health.path ?? ''}` : '—')} |`,
      `| ${l10n.t('Stacklets')} | ${cell(lb.stacklet_ids.join(', ') || '—')} |`,
      ...(lb.task ? [`| ${l10n.t('Task')} | ${cell(progressText(lb.task))} |`] : []),
    ],
  };
}

export function forwardingRuleLook(rule: ForwardingRule): RowLook {
  return {
    label: `${rule.protocol.toUpperCase()} ${rule.source_port} → ${rule.target_port}`,
    ...(rule.tls_passthrough ? { description: l10n.t('TLS passthrough') } : {}),
    icon: { id: 'arrow-swap' },
    contextValue: forwardingRuleRow.context(''),
  };
}
