import * as vscode from 'vscode';
import { cell } from '../model/format';
import { markdownCodeBlock } from '../model/serviceText';
import { refTo } from '../kinds/registry';
import { userdataRow } from '../kinds/userdata/row';
import { singleListingView } from './listing';
import { markdown, ResourceNode } from './resourceNode';

export const userdataView = singleListingView(
  'userdata',
  'userdata',
  (u) => {
    const lines = u.userdata.split('\n').length;
    return new ResourceNode({
      id: `userdata/${u.uuid}`,
      label: u.name,
      description: lines === 1 ? vscode.l10n.t('1 line') : vscode.l10n.t('{0} lines', lines),
      icon: new vscode.ThemeIcon('file-code'),
      contextValue: userdataRow.context('script'),
      resource: refTo('userdata', u),
      command: { command: 'stacklet.editUserdata', title: vscode.l10n.t('Edit Userdata Script'), arguments: [undefined, u.uuid] },
      tooltip: () => markdown([`**$(file-code) ${cell(u.name)}**`, '', markdownCodeBlock(u.userdata, 'sh', 12), '', `ID: ${cell(u.uuid)}`]),
    });
  },
  () => vscode.l10n.t('No userdata scripts in this account.'),
);
