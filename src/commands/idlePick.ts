import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import { stackletState } from '../model/format';
import type { PickSpec } from './target';

/** From the palette, the stacklets an action can take: every one no task runs on. */
export function idleStacklets(title: string): PickSpec<Stacklet> {
  return { title, accept: (s) => stackletState(s) !== 'busy', none: vscode.l10n.t('Every stacklet is busy: try again when its task completes.') };
}

/** From the palette, the items of a kind whose items run tasks that an action can take: those no task runs on. */
export function idleItems<T extends { readonly task?: unknown }>(title: string, none: string): PickSpec<T> {
  return { title, accept: (item) => !item.task, none };
}
