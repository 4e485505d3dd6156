/** A container family's row (its images are its children). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ContainerFamily } from '../../api/schemas';
import { plural } from '../../api/plural';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const containerRow = rowStates('container', ['family']);

export const CONTAINER_ICON = 'package';

/** `3 images`: how many images the family has; its row's and pickers' description. */
export function containerDescription(family: ContainerFamily): string {
  return plural(family.images.length, l10n.t('1 image'), l10n.t('{0} images', family.images.length));
}

export function containerLook(family: ContainerFamily): RowLook {
  return {
    label: family.name,
    description: containerDescription(family),
    icon: { id: CONTAINER_ICON },
    contextValue: containerRow.context('family'),
  };
}
