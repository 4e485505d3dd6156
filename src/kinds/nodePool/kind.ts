/** The nodePool kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { nodePoolMonthly } from '../../model/cost';
import { COMMON, named, same } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const nodePoolKind = {
  label: () => l10n.t('Node pool'),
  key: same,
  name: named,
  actions: [...COMMON, 'rename', 'changeNodeCount', 'delete'],
  monthly: nodePoolMonthly,
} as const satisfies KindSpec<'nodePool'>;
