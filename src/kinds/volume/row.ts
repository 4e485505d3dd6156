/** A volume's row: attached to a stacklet, free, or busy with a task; its icon, description and tooltip. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { Volume } from '../../api/schemas';
import { cell } from '../../model/format';
import { progressText } from '../../tasks/taskText';
import { stateIcon, type RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { spokenLabel, stateName } from '../rowWords';

export const volumeRow = rowStates('volume', ['attached', 'free', 'busy']);

export const VOLUME_ICON = 'database';

export function volumeContextValue(volume: Volume): string {
  return volumeRow.context(volume.task ? 'busy' : volume.stacklet !== null && volume.stacklet !== undefined ? 'attached' : 'free');
}

/** A volume is attached when it carries a stacklet object, even one that names no stacklet it can be linked to. */
export function volumeLook(v: Volume): RowLook {
  const attached = v.stacklet !== null && v.stacklet !== undefined;
  const on = v.stacklet?.name ?? (v.stacklet?.id !== undefined ? `#${v.stacklet.id}` : undefined);
  const where = on ? l10n.t('on {0}', on) : attached ? l10n.t('attached') : l10n.t('free');
  return {
    label: v.name,
    description: [v.region.slug, `${v.size_gigabytes} GB`, where].join(' · '),
    icon: v.task ? stateIcon('busy') : { id: VOLUME_ICON, color: attached ? 'charts.green' : 'disabledForeground' },
    spoken: spokenLabel(
      'volume',
      v.name,
      v.task ? stateName('busy') : undefined,
      on ? l10n.t('attached to {0}', on) : attached ? l10n.t('attached') : l10n.t('not attached'),
      v.region.name || v.region.slug,
      `${v.size_gigabytes} GB`,
    ),
    contextValue: volumeContextValue(v),
    tooltip: () => [
      `**$(database) ${cell(v.name)}**`, '', '| | |', '|---|---|',
      `| ${l10n.t('Size')} | ${cell(`${v.size_gigabytes} GB`)} |`,
      `| ${l10n.t('Region')} | ${cell(v.region.name || v.region.slug)} |`,
      `| ${l10n.t('Attached to')} | ${cell(on ?? (attached ? l10n.t('a stacklet the service does not name') : l10n.t('nothing')))} |`,
      ...(v.task ? [`| ${l10n.t('Task')} | ${cell(progressText(v.task))} |`] : []),
      `| ID | ${cell(v.id)} |`,
    ],
  };
}
