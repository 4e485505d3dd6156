/** A container image's row: available to stacklets, or not. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ContainerImage } from '../../api/schemas';
import { cell, formatMoney } from '../../model/format';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const containerImageRow = rowStates('containerImage', ['available', 'unavailable']);

export const CONTAINER_IMAGE_ICON = 'symbol-constant';

export function containerImageLook(image: ContainerImage): RowLook {
  return {
    label: image.slug,
    description: [image.version, image.default ? l10n.t('default') : undefined, image.available ? undefined : l10n.t('unavailable')].filter(Boolean).join(' · '),
    icon: { id: image.available ? CONTAINER_IMAGE_ICON : 'circle-slash' },
    contextValue: containerImageRow.context(image.available ? 'available' : 'unavailable'),
    tooltip: () => [
      `**${cell(image.slug)}**`, '', '| | |', '|---|---|',
      `| ${l10n.t('Version')} | ${cell(image.version)} |`,
      `| ${l10n.t('Extra price')} | ${cell(formatMoney(image.extra_price ?? 0))} |`,
      `| ${l10n.t('Available')} | ${cell(image.available ? l10n.t('yes') : l10n.t('no'))} |`,
    ],
  };
}
