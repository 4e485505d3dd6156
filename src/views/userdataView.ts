import * as vscode from 'vscode';
import { refTo } from '../kinds/registry';
import { userdataLook } from '../kinds/userdata/row';
import { singleListingView } from './listing';
import { lookNode } from './resourceNode';

export const userdataView = singleListingView(
  'userdata',
  'userdata',
  (u) => lookNode(userdataLook(u), {
    id: `userdata/${u.uuid}`,
    resource: refTo('userdata', u),
    command: { command: 'stacklet.editUserdata', title: vscode.l10n.t('Edit Userdata Script'), arguments: [undefined, u.uuid] },
  }),
  () => vscode.l10n.t('No userdata scripts in this account.'),
);
