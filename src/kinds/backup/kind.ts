/** The backup kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { shortTimestamp } from '../../model/format';
import { COMMON, same } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const backupKind = {
  label: () => l10n.t('Backup'),
  key: same,
  // A backup has no name: it is known by the stacklet it was taken of and the date.
  name: (backup) => [backup.stacklet?.name, shortTimestamp(backup.created_at)].filter(Boolean).join(', ') || `#${backup.id}`,
  list: (client, _params, call) => client.listBackups(call),
  // A stacklet lists its backups' ids.
  invalidates: { afterDelete: () => ['stacklet'] },
  actions: [...COMMON, 'delete'],
  bulk: ['delete'],
} as const satisfies KindSpec<'backup'>;
