import * as vscode from 'vscode';
import { deletionChangeOf, kindSpec, refTo, type KindItems, type KindSpec, type ListedKind, type ResourceRef } from '../kinds/registry';
import type { CommandHandler } from './deps';
import { plannedAction } from './plannedAction';
import type { PickSpec } from './target';

/** A deletion on a selection, in its words: "Delete 3 firewalls?", what it destroys, the progress, and for what destroys data the words to type ("delete 3 volumes"). */
export interface ManyWords {
  readonly question: (count: number) => string;
  /** What it destroys, for one item left of the selection or several. */
  readonly detail: (count: number) => string;
  readonly progress: (count: number) => string;
  readonly typed?: (count: number) => string;
}

export interface PlannedDeletion<K extends ListedKind> {
  readonly kind: K;
  readonly pick: () => PickSpec<KindItems[K]>;
  /** Why this item cannot be deleted now, in the command's words, before anything is asked. */
  readonly refuse?: (item: KindItems[K]) => string | undefined;
  readonly done: (item: KindItems[K]) => string;
  /** Said while one item of a selection is sent: "Deleting {name}…" unless given. */
  readonly progress?: (item: KindItems[K]) => string;
  readonly many: ManyWords;
}

/**
 * A delete command as a door onto its kind's delete definition (src/actions/deletion.ts, words in
 * src/kinds/<kind>/operations.ts): the plan's question with Keep first, or its name typed for what destroys data;
 * the row says "deleting…" until the service answers. On a selection, one confirmation (and its words typed, for
 * what destroys data) stands for all, and each item is planned and sent through the gate.
 */
export function plannedDeletion<K extends ListedKind>(deletion: PlannedDeletion<K>): CommandHandler {
  const spec = kindSpec(deletion.kind) as unknown as KindSpec<ListedKind>;
  const { many } = deletion;
  return plannedAction<K>({
    kind: deletion.kind,
    action: 'delete',
    pick: deletion.pick,
    ...(deletion.refuse ? { refuse: deletion.refuse } : {}),
    progress: deletion.progress ?? ((item) => vscode.l10n.t('Deleting {0}…', spec.name(item as never))),
    done: (item) => deletion.done(item),
    bulk: {
      confirm: (count) => ({ question: many.question(count), detail: many.detail(count), button: vscode.l10n.t('Delete'), ...(many.typed ? { typed: many.typed(count) } : {}) }),
      monthlyChange: (item) => deletionChangeOf(refTo(deletion.kind, item) as ResourceRef),
      progress: many.progress,
    },
  });
}
