/** A backup's row: ready, or busy with a task; named by its stacklet and date (the registry's name). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { Backup } from '../../api/schemas';
import { cell } from '../../model/format';
import { stateIcon, type RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { stateName } from '../rowWords';
import { backupKind } from './kind';

export const backupRow = rowStates('backup', ['ready', 'busy']);

export const BACKUP_ICON = 'history';

export function backupLook(b: Backup): RowLook {
  const size = b.size_gigabytes !== undefined ? `${b.size_gigabytes} GB` : undefined;
  const label = backupKind.name(b);
  return {
    label,
    ...(size ? { description: size } : {}),
    icon: b.task ? stateIcon('busy') : { id: BACKUP_ICON },
    ...(b.task ? { state: stateName('busy') } : {}),
    contextValue: backupRow.context(b.task ? 'busy' : 'ready'),
    tooltip: () => [
      `**$(history) ${cell(label)}**`, '', '| | |', '|---|---|',
      `| ${l10n.t('From stacklet')} | ${cell(b.stacklet?.name ?? b.stacklet?.id)} |`,
      `| ${l10n.t('Created')} | ${cell(b.created_at)} |`,
      ...(size ? [`| ${l10n.t('Size')} | ${cell(size)} |`] : []),
      `| ID | ${cell(b.id)} |`,
    ],
  };
}
