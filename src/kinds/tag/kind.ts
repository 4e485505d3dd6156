/** The tag kind: identity, listing, actions. No vscode import. */
import * as l10n from '@vscode/l10n';
import { named } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const tagKind = {
  label: () => l10n.t('Tag'),
  // A tag has no identity but its name (GET and DELETE /v1/tags/:id take the name).
  key: named,
  name: named,
  list: (client, _params, call) => client.listTags(call),
  // The stacklets that carried a deleted tag are read again: their rows, the tag filter and the groups by tag follow.
  invalidates: { afterDelete: () => ['stacklet'] },
  actions: ['viewProperties', 'copyName', 'openAsDocument', 'delete'],
  bulk: ['openAsDocument'],
} as const satisfies KindSpec<'tag'>;
