/** A userdata script's row: its length in lines, and its first lines in the tooltip. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { Userdata } from '../../api/schemas';
import { cell } from '../../model/format';
import { markdownCodeBlock } from '../../model/serviceText';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const userdataRow = rowStates('userdata', ['script']);

export const USERDATA_ICON = 'file-code';

export function userdataLook(u: Userdata): RowLook {
  const lines = u.userdata.split('\n').length;
  return {
    label: u.name,
    description: lines === 1 ? l10n.t('1 line') : l10n.t('{0} lines', lines),
    icon: { id: USERDATA_ICON },
    contextValue: userdataRow.context('script'),
    tooltip: () => [`**$(file-code) ${cell(u.name)}**`, '', markdownCodeBlock(u.userdata, 'sh', 12), '', `ID: ${cell(u.uuid)}`],
  };
}
