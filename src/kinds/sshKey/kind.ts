/** The sshKey kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, named, same } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const sshKeyKind = {
  label: () => l10n.t('SSH key'),
  key: same,
  name: named,
  list: (client, _params, call) => client.listSshKeys(call),
  actions: [...COMMON, 'openAsDocument', 'delete'],
  bulk: ['delete', 'openAsDocument'],
  search: () => ({}),
} as const satisfies KindSpec<'sshKey'>;
