/** The containerImage kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const containerImageKind = {
  label: () => l10n.t('Container image'),
  key: (image) => image.id ?? image.slug,
  name: (image) => image.slug,
  actions: [...COMMON],
} as const satisfies KindSpec<'containerImage'>;
