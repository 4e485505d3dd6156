import * as vscode from 'vscode';
import type { StackletClient } from '../api/client';
import type { KindItems } from '../kinds/registry';
import { checkName, checkResourceName } from '../api/validators';
import { itemAction } from './action';
import { askNewName } from './askNewName';
import type { CommandHandler } from './deps';

type Renamable = 'volume' | 'snapshot' | 'cluster' | 'firewall' | 'vpc';

/** Rename for kinds whose rename takes just a name: the shared prompt, then one request. */
export function renameAction<K extends Renamable>(
  kind: K,
  words: { readonly pickTitle: () => string; readonly what: () => string; readonly none: () => string },
  rename: (client: StackletClient, item: KindItems[K], name: string) => Promise<KindItems[K]>,
): CommandHandler {
  return itemAction<K, { name: string }>({
    kind,
    pick: () => ({ title: words.pickTitle(), accept: (item) => !('task' in item && item.task), none: words.none() }),
    // A snapshot's is a display name; the others' the stricter rule their create has.
    ask: ({ item }, deps) => askNewName(deps, item.name, words.what(), (text) => (kind === 'snapshot' ? checkName : checkResourceName)(text, vscode.l10n.t('Name'))),
    send: ({ client, item }, { name }) => rename(client, item, name),
    progress: (item) => vscode.l10n.t('Renaming {0}…', item.name),
    failure: (item) => vscode.l10n.t('Could not rename {0}', item.name),
    done: (item, { name }) => vscode.l10n.t('Renaming {0} to {1}.', item.name, name),
  });
}
