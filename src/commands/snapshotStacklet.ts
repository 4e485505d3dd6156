import * as vscode from 'vscode';
import { checkName } from '../api/validators';
import { snapshotPriceNote } from '../kinds/stacklet/operations';
import { actionCommand } from './actionCommand';
import { idleStacklets } from './idlePick';
import { askText } from './askText';
import { plural } from '../api/plural';

/** In a snapshot's name, stands for the name of the stacklet it is taken of (several at once need it). */
const NAME = '{name}';

/** The snapshot's name for `stacklet`: `{name}` replaced by the stacklet's name. */
function snapshotName(template: string, stacklet: { readonly name: string }): string {
  return template.split(NAME).join(stacklet.name);
}

const today = () => new Date().toISOString().slice(0, 10);

type Named = { readonly name: string };

/** The name a selection's one question gave: {name} stands for each stacklet's. */

/**
 * Take Snapshot: asks for the snapshot's name (a dated default), which is its confirmation; the definition
 * (src/kinds/stacklet/operations.ts) plans and sends it, and the snapshot appears when the task ends. On
 * several stacklets, one name for all in which {name} stands for each stacklet's name.
 */
export const snapshotStacklet = actionCommand<'stacklet', Named>({
  kind: 'stacklet',
  action: 'snapshot',
  confirm: 'prompt',
  pick: () => idleStacklets(vscode.l10n.t('Take a snapshot of which stacklet?')),
  input: async ({ item }, deps) => {
    const name = await askText(deps, {
      title: vscode.l10n.t('Take Snapshot of {0}', item.name),
      prompt: vscode.l10n.t('The name of the new snapshot'),
      value: `${item.name} ${today()}`,
      validate: (text) => checkName(text, vscode.l10n.t('Name')),
    });
    return name === undefined ? undefined : { name };
  },
  each: (item, { name }) => ({ name: snapshotName(name, item) }),
  done: (s, { name }) => vscode.l10n.t('Taking snapshot "{0}" of {1}.', snapshotName(name, s), s.name),
  many: {
    ask: async ({ items }, deps) => {
      const name = await askText(deps, {
        title: plural(items.length, vscode.l10n.t('Take a Snapshot of 1 Stacklet'), vscode.l10n.t('Take Snapshots of {0} Stacklets', items.length)),
        prompt: vscode.l10n.t('The name of each new snapshot: {0} stands for the name of its stacklet', NAME),
        value: `${NAME} ${today()}`,
        // Checked as each stacklet's snapshot will be named.
        validate: (text) => items.map((item) => checkName(snapshotName(text, item), vscode.l10n.t('Name'))).find((problem) => problem !== undefined),
      });
      return name === undefined ? undefined : { name };
    },
    confirm: (count, { name }) => ({
      question: plural(count, vscode.l10n.t('Take a snapshot of 1 stacklet?'), vscode.l10n.t('Take a snapshot of {0} stacklets?', count)),
      detail: vscode.l10n.t('Each snapshot is named "{0}", with {1} standing for the name of its stacklet.', name, NAME),
      button: vscode.l10n.t('Take Snapshots'),
    }),
    costNote: snapshotPriceNote,
    progress: (count) => plural(count, vscode.l10n.t('Taking a snapshot of 1 stacklet'), vscode.l10n.t('Taking snapshots of {0} stacklets', count)),
    ended: (names, count) => plural(count, vscode.l10n.t('A snapshot of {0} was taken.', names), vscode.l10n.t('Snapshots of {0} were taken.', names)),
  },
});
