/**
 * A stacklet's row: its states and the facts its menus test (an address, private networking, a volume, a firewall,
 * tags), its icon, description, tooltip and spoken label. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { Stacklet } from '../../api/schemas';
import { formatMonthly, formatUsd, stackletPrice } from '../../model/cost';
import { cell, formatBytes, publicIPv4, stackletState } from '../../model/format';
import { plural } from '../../api/plural';
import { progressText } from '../../model/taskText';
import { stateIcon, type RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { spokenLabel, stateName } from '../rowWords';

export const stackletRow = rowStates('stacklet', ['active', 'off', 'busy', 'inactive', 'unknown'], ['hasIp', 'privateNetworking', 'hasVolume', 'hasFirewall', 'hasTags']);

/** The kind's icon, in pickers and wherever a stacklet is named without its state. */
export const STACKLET_ICON = 'vm';

export function stackletContextValue(stacklet: Stacklet): string {
  return stackletRow.context(stackletState(stacklet), {
    hasIp: !!publicIPv4(stacklet.networks),
    privateNetworking: stacklet.networks.v4.some((n) => n.type === 'private'),
    hasVolume: !!stacklet.volume_uuid,
    hasFirewall: !!stacklet.firewall_uuid,
    hasTags: stacklet.tags.length > 0,
  });
}

/** What a stacklet row shows besides its facts (the stacklet.showCostInDescription and stacklet.agent.protectedTags settings). */
export interface StackletRowOptions {
  readonly cost: boolean;
  /**
   * The tag of `tags` that protects a resource from agents, if any: a stacklet carrying one says so in its tooltip
   * and spoken label. The view passes the agents' rule (src/agent/guards.ts, protectingTag), which is above the kinds.
   */
  readonly protectedBy?: (tags: readonly string[]) => string | undefined;
}

/** `est. $12.00/mo`: the stacklet's monthly estimate as a row shows it, or undefined without a price. */
function estimate(s: Stacklet): string | undefined {
  const price = stackletPrice(s);
  return price ? l10n.t('est. {0}', formatMonthly(price.total)) : undefined;
}

export function stackletTooltip(s: Stacklet, protectedBy?: string): string[] {
  const price = stackletPrice(s);
  return [
    `**$(vm) ${cell(s.name)}**`,
    '',
    '| | |',
    '|---|---|',
    `| ${l10n.t('Status')} | ${cell(s.task ? `${s.status || '—'} — ${progressText(s.task)}` : s.status || '—')} |`,
    `| ${l10n.t('Region')} | ${cell(s.region.name || s.region.slug)} |`,
    `| ${l10n.t('Size')} | ${cell(`${s.size.slug} (${s.vcpu ?? s.size.vcpu ?? '?'} vCPU, ${formatBytes(s.memory ?? s.size.memory)} RAM, ${formatBytes(s.disk ?? s.size.disk)} disk)`)} |`,
    `| ${l10n.t('Image')} | ${cell(s.distribution?.name ?? s.distribution?.image?.slug)} |`,
    `| IPv4 | ${cell(publicIPv4(s.networks))} |`,
    `| ${l10n.t('Tags')} | ${cell(s.tags.join(', ') || '—')} |`,
    `| ${l10n.t('Cost')} | ${cell(price
      ? l10n.t('{0}, an estimate in US dollars: size {1}, image {2}', formatMonthly(price.total), formatUsd(price.size), formatUsd(price.image))
      : l10n.t('not estimated: the service gave no usable price for size {0} or its image', s.size.slug))} |`,
    `| ID | ${cell(s.id)} |`,
    ...(protectedBy !== undefined ? [`| ${l10n.t('Agents')} | ${cell(l10n.t('protected by its tag {0}: an agent cannot change it, you can', protectedBy))} |`] : []),
  ];
}

/** `Stacklet web-1, active, New York 1, 2 vCPUs 4 GB, 203.0.113.10`: name, state, region and size in words. */
export function stackletSpokenLabel(s: Stacklet): string {
  const state = stackletState(s);
  const vcpus = s.vcpu ?? s.size.vcpu;
  const memory = formatBytes(s.memory ?? s.size.memory);
  return spokenLabel(
    'stacklet',
    s.name,
    state === 'busy' && s.task ? l10n.t('busy: {0}', progressText(s.task)) : stateName(state),
    s.region.name || s.region.slug,
    vcpus === undefined ? memory : plural(vcpus, l10n.t('1 vCPU {0}', memory), l10n.t('{0} vCPUs {1}', vcpus, memory)),
    publicIPv4(s.networks),
  );
}

export function stackletLook(s: Stacklet, options: StackletRowOptions = { cost: false }): RowLook {
  const cost = options.cost ? estimate(s) : undefined;
  const protectedBy = options.protectedBy?.(s.tags);
  return {
    label: s.name,
    // Region and size fit beside the name at the default side bar width; the address is a row of its own under
    // the stacklet, in the tooltip and in the spoken label (pickers, which are wider, keep stackletDescription).
    description: [s.region.slug, s.size.slug, cost].filter(Boolean).join(' · '),
    icon: stateIcon(stackletState(s)),
    contextValue: stackletContextValue(s),
    // Composed when VS Code asks for the row: three words through l10n and the sizes, for each of 10,000 rows.
    spoken: () => [stackletSpokenLabel(s), cost, protectedBy !== undefined ? l10n.t('protected from agents') : undefined].filter(Boolean).join(', '),
    tooltip: () => stackletTooltip(s, protectedBy),
  };
}
