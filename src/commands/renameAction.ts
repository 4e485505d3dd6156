import * as vscode from 'vscode';
import { checkName, checkResourceName } from '../api/validators';
import { kindSpec } from '../kinds/registry';
import { askNewName } from './askNewName';
import type { CommandHandler } from './deps';
import { actionCommand } from './actionCommand';

type Renamable = 'volume' | 'snapshot' | 'cluster' | 'firewall' | 'vpc';

/**
 * Rename for kinds whose rename takes just a name: the shared prompt, then the kind's rename definition
 * (src/kinds/<kind>/operations.ts) plans and sends it; the typed name is the confirmation.
 */
export function renameAction<K extends Renamable>(
  kind: K,
  words: { readonly pickTitle: () => string; readonly what: () => string; readonly none: () => string },
): CommandHandler {
  return actionCommand<K>({
    kind,
    action: 'rename',
    confirm: 'prompt',
    pick: () => ({ title: words.pickTitle(), accept: (item) => !('task' in item && item.task), none: words.none() }),
    // A snapshot's is a display name; the others' the stricter rule their create has (as their definitions check).
    input: ({ item }, deps) => askNewName(deps, kindSpec(kind).name(item as never), words.what(), (text) => (kind === 'snapshot' ? checkName : checkResourceName)(text, vscode.l10n.t('Name'))),
    done: (item, { name }) => vscode.l10n.t('Renaming {0} to {1}.', kindSpec(kind).name(item as never), String(name)),
  });
}
