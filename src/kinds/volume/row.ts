/** A volume's row: attached to a stacklet, free, or busy with a task; its icon, description and tooltip. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { Volume } from '../../api/schemas';
import { cell } from '../../model/format';
import { progressText } from '../../model/taskText';
import { stateIcon, type RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { spokenLabel, stateName } from '../rowWords';

export const volumeRow = rowStates('volume', ['attached', 'free', 'busy']);

export const VOLUME_ICON = 'database';

export function volumeContextValue(volume: Volume): string {
  return volumeRow.context(volume.task ? 'busy' : volume.stacklet !== null && volume.stacklet !== undefined ? 'attached' : 'free');
}

/** The stacklet a volume is on, by name or `#id`, when it names one. */
function attachedTo(v: Volume): string | undefined {
  return v.stacklet?.name ?? (v.stacklet?.id !== undefined ? `#${v.stacklet.id}` : undefined);
}

/** `fra · 100 GB · on web-1`: its region, size and where it is attached; its row's and pickers' description. */
export function volumeDescription(v: Volume): string {
  const on = attachedTo(v);
  const where = on ? l10n.t('on {0}', on) : v.stacklet !== null && v.stacklet !== undefined ? l10n.t('attached') : l10n.t('free');
  return [v.region.slug, `${v.size_gigabytes} GB`, where].join(' · ');
}

/** A volume is attached when it carries a stacklet object, even one that names no stacklet it can be linked to. */
export function volumeLook(v: Volume): RowLook {
  const attached = v.stacklet !== null && v.stacklet !== undefined;
  const on = attachedTo(v);
  return {
    label: v.name,
    description: volumeDescription(v),
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
