/** A snapshot's row: ready, or busy with a task; its icon, description and tooltip. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { Snapshot } from '../../api/schemas';
import { cell, formatBytes } from '../../model/format';
import { progressText } from '../../model/taskText';
import { stateIcon, type RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { stateName } from '../rowWords';

export const snapshotRow = rowStates('snapshot', ['ready', 'busy']);

export const SNAPSHOT_ICON = 'device-camera';

export function snapshotLook(s: Snapshot): RowLook {
  const size = s.size_gigabytes !== undefined ? `${s.size_gigabytes} GB` : formatBytes(s.size);
  return {
    label: s.name,
    description: [s.regions.join(', '), size].filter(Boolean).join(' · '),
    icon: s.task ? stateIcon('busy') : { id: SNAPSHOT_ICON },
    ...(s.task ? { state: stateName('busy') } : {}),
    contextValue: snapshotRow.context(s.task ? 'busy' : 'ready'),
    tooltip: () => [
      `**$(device-camera) ${cell(s.name)}**`, '', '| | |', '|---|---|',
      `| ${l10n.t('Regions')} | ${cell(s.regions.join(', '))} |`,
      `| ${l10n.t('Size')} | ${cell(size)} |`,
      `| ${l10n.t('From stacklet')} | ${cell(s.stacklet?.name ?? s.stacklet?.id)} |`,
      `| ${l10n.t('Created')} | ${cell(s.created_at)} |`,
      ...(s.task ? [`| ${l10n.t('Task')} | ${cell(progressText(s.task))} |`] : []),
      `| ID | ${cell(s.id)} |`,
    ],
  };
}
