import * as vscode from 'vscode';
import { checkName } from '../api/validators';
import { itemAction } from './action';
import { idleStacklets } from './idlePick';
import { askText } from './askText';

/** Take Snapshot: asks for the snapshot's name (a dated default); the snapshot appears when the task ends. */
export const snapshotStacklet = itemAction<'stacklet', { name: string }>({
  kind: 'stacklet',
  pick: () => idleStacklets(vscode.l10n.t('Take a snapshot of which stacklet?')),
  ask: async ({ item }, deps) => {
    const name = await askText(deps, {
      title: vscode.l10n.t('Take Snapshot of {0}', item.name),
      prompt: vscode.l10n.t('The name of the new snapshot'),
      value: `${item.name} ${new Date().toISOString().slice(0, 10)}`,
      validate: (text) => checkName(text, vscode.l10n.t('Name')),
    });
    return name === undefined ? undefined : { name };
  },
  send: ({ client, item }, { name }) => client.snapshotStacklet(item.id, name),
  progress: (s) => vscode.l10n.t('Taking a snapshot of {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not take a snapshot of {0}', s.name),
  done: (s, { name }) => vscode.l10n.t('Taking snapshot "{0}" of {1}.', name, s.name),
});
