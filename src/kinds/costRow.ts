/**
 * The rows of the account's estimated monthly cost (src/model/cost.ts): the total, and one per region or tag
 * under its breakdown group. They offer no action. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { formatMonthly, notEstimatedWords, type CostBucket } from '../model/cost';
import { cell } from '../model/format';
import type { RowLook } from './rowLook';
import { rowStates } from './rowState';
import { stackletCount } from './rowWords';

export const costRow = rowStates('cost', ['']);

/** The account's estimate, all its stacklets together. */
export function costTotalLook(all: CostBucket): RowLook {
  const about = l10n.t('An estimate in US dollars, not a bill: each stacklet\'s size price plus its image\'s extra price, whether it is on or off. Volumes, snapshots, backups, load balancers, Kubernetes clusters and bandwidth are not included.');
  return {
    // Short, with US dollars and "monthly" in the tooltip (the amount says /mo), so the row fits the default side bar.
    label: l10n.t('Estimated cost'),
    description: [formatMonthly(all.dollars), notEstimatedWords(all.unpriced)].filter(Boolean).join(' · '),
    icon: { id: 'credit-card' },
    contextValue: costRow.context(''),
    tooltip: () => [`**$(credit-card) ${l10n.t('Estimated monthly cost')}: ${cell(formatMonthly(all.dollars))}**`, '', cell(about)],
    spoken: l10n.t('Estimated monthly cost: {0} for {1}, an estimate in US dollars', formatMonthly(all.dollars), stackletCount(all.count)),
  };
}

/** The estimate of the stacklets of one region or tag (`label`). */
export function costBucketLook(label: string, bucket: CostBucket, icon: string): RowLook {
  return {
    label,
    description: [formatMonthly(bucket.dollars), stackletCount(bucket.count), notEstimatedWords(bucket.unpriced)].filter(Boolean).join(' · '),
    icon: { id: icon },
    contextValue: costRow.context(''),
    spoken: l10n.t('{0}: estimated {1} a month for {2}', label, formatMonthly(bucket.dollars), stackletCount(bucket.count)),
  };
}
