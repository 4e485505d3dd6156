/** An SSH key's row: its fingerprint, and its type in the tooltip. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { SshKey } from '../../api/schemas';
import { cell } from '../../model/format';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const sshKeyRow = rowStates('sshKey', ['ready']);

export const SSH_KEY_ICON = 'key';

export function sshKeyLook(key: SshKey): RowLook {
  const type = key.public_key?.split(/\s+/)[0];
  return {
    label: key.name,
    ...(key.fingerprint ? { description: key.fingerprint } : {}),
    icon: { id: SSH_KEY_ICON },
    contextValue: sshKeyRow.context('ready'),
    tooltip: () => [
      `**$(key) ${cell(key.name)}**`, '', '| | |', '|---|---|',
      `| ${l10n.t('Fingerprint')} | ${cell(key.fingerprint ?? '—')} |`,
      ...(type ? [`| ${l10n.t('Type')} | ${cell(type)} |`] : []),
      `| ${l10n.t('Added')} | ${cell(key.created_at ?? '—')} |`,
      `| ID | ${cell(key.id)} |`,
    ],
  };
}
