/** The kubernetesNode kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, named, same } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const kubernetesNodeKind = {
  label: () => l10n.t('Kubernetes node'),
  key: same,
  name: named,
  actions: [...COMMON],
} as const satisfies KindSpec<'kubernetesNode'>;
