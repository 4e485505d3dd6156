/** A userdata script's row: its length in lines, and its first lines in the tooltip. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { Userdata } from '../../api/schemas';
import { cell } from '../../model/format';
import { plural } from '../../api/plural';
import { markdownCodeBlock } from '../../model/serviceText';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const userdataRow = rowStates('userdata', ['script']);

export const USERDATA_ICON = 'file-code';

/** `12 lines`: the script's length; its row's and pickers' description. */
export function userdataDescription(u: Userdata): string {
  const lines = u.userdata.split('\n').length;
  return plural(lines, l10n.t('1 line'), l10n.t('{0} lines', lines));
}

export function userdataLook(u: Userdata): RowLook {
  return {
    label: u.name,
    description: userdataDescription(u),
    icon: { id: USERDATA_ICON },
    contextValue: userdataRow.context('script'),
    tooltip: () => [`**$(file-code) ${cell(u.name)}**`, '', markdownCodeBlock(u.userdata, 'sh', 12), '', `ID: ${cell(u.uuid)}`],
  };
}
