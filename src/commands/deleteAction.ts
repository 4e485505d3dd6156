/**
 * Delete, for every kind, on the action pipeline (./action.ts): the question is scaled to what is lost, and the
 * per-item part (mark the row "deleting…", send, remove it from the cache or bring it back) is apart from the
 * question, so that a selection can run it item by item after one question.
 */
import * as vscode from 'vscode';
import type { StackletClient } from '../api/client';
import type { ActiveSession } from '../auth/session';
import { deletionChangeOf, kindSpec, refTo, staleAfterDelete, type Kind, type KindItems, type KindSpec, type ListedKind, type ListingKind, type ResourceRef } from '../kinds/registry';
import type { Deleting } from '../model/resourceStore';
import { confirmsText, hasUnsafe, typeableText } from '../model/serviceText';
import type { InputOptions } from '../ui/prompter';
import { itemAction, type ActionWords, type BulkConfirmation } from './action';
import { askText } from './askText';
import { confirmModal } from './confirm';
import type { CommandDeps, CommandHandler } from './deps';
import type { PickSpec, Target } from './target';

/**
 * How a deletion is confirmed. Destroying data (a disk, a volume, a snapshot, a cluster) takes the name typed;
 * anything else a confirmation naming the resource, whose default keeps it.
 */
export type Confirmation =
  | { readonly typed: string; readonly title: string; readonly prompt: string }
  | { readonly question: string; readonly detail: string };

/** Asks; true only when the user confirmed. */
export async function confirmDeletion(deps: CommandDeps, confirmation: Confirmation): Promise<boolean> {
  if ('typed' in confirmation) {
    const typed = await askText(deps, { title: confirmation.title, ...typedCheck(confirmation.typed, confirmation.prompt) });
    return typed !== undefined && confirmsText(typed, confirmation.typed);
  }
  return confirmModal(deps, confirmation.question, confirmation.detail, vscode.l10n.t('Delete'));
}

/**
 * The prompt, placeholder and inline check of a question answered by typing `expected`, a name or an ID the
 * service chose. It may hold characters nobody can see (`prod\u200B-db`, a zero-width space): the prompt and the
 * check show them escaped, and the user types that escaped form (or pastes the exact name). So `prod-db` does
 * not confirm it, and it can still be confirmed. The answer is checked again with `confirmsText`.
 */
export function typedCheck(expected: string, prompt: string): Pick<InputOptions, 'prompt' | 'placeHolder' | 'validate'> {
  const shown = typeableText(expected);
  const invisible = hasUnsafe(expected) ? ` ${vscode.l10n.t('It holds characters that cannot be seen, shown here as codes such as {0}: type them as shown.', typeableText(firstUnsafe(expected)))}` : '';
  return {
    prompt: `${prompt}${invisible}`,
    placeHolder: vscode.l10n.t('Type it exactly, to confirm'),
    validate: (text) => (confirmsText(text, expected) ? undefined : vscode.l10n.t('Type {0} exactly to confirm the deletion', shown)),
  };
}

/** The first character of `text` that is shown escaped. */
function firstUnsafe(text: string): string {
  return [...text].find(hasUnsafe) ?? '';
}

/** What is marked "deleting…" for an item of `kind`: the item, in the views of its listing. */
export function deletingMark<K extends ListedKind>(kind: K, item: KindItems[K], listing: ListingKind = kind): Deleting {
  const spec = kindSpec(kind) as unknown as KindSpec<K>;
  return { kind, id: spec.key(item), listing };
}

/**
 * Sends one deletion while its row says "deleting…"; on a refusal the row comes back as it was, and the
 * error (with the service's words) goes on to the pipeline, which shows it.
 */
export async function sendDeletion(session: ActiveSession, mark: Deleting, request: () => Promise<unknown>): Promise<true> {
  session.store.markDeleting(mark);
  try {
    await request();
    return true;
  } catch (error) {
    session.store.unmarkDeleting(mark);
    throw error;
  }
}

/**
 * A kind's deletion, described once: each delete command exports its own, so a command acting on a selection
 * can run `deleteItem(…)` item by item after asking its own question.
 */
export interface DeleteAction<K extends ListedKind, A = Record<string, never>> extends ActionWords<KindItems[K], A, true> {
  readonly kind: K;
  readonly pick: () => PickSpec<KindItems[K]>;
  /** Why this item cannot be deleted now (said; nothing is sent), or undefined. */
  readonly refuse?: (item: KindItems[K]) => string | undefined;
  /** The question, scaled to what is lost (see Confirmation), when it is the only one. */
  readonly confirm?: (item: KindItems[K]) => Confirmation;
  /** Or the questions: the answers, or undefined when the user kept the resource. */
  readonly ask?: (target: Target<K>, deps: CommandDeps) => Promise<A | undefined>;
  /** The request that deletes one item. */
  readonly remove: (client: StackletClient, item: KindItems[K], answers: A) => Promise<unknown>;
  /** Listings the answers make stale besides the kind's own rules (`invalidates.afterDelete`): a volume deleted with its stacklet. */
  readonly related?: (item: KindItems[K], answers: A) => readonly ListingKind[];
  /** After the item went (and left the cache), before the related listings are fetched again: more requests the answers asked for. */
  readonly after?: (deps: CommandDeps, target: Target<K>, answers: A) => Promise<void>;
  /**
   * On a selection of several items (when the registry lists 'delete' among the kind's `bulk` actions): the
   * one confirmation, the progress title, and the answers every item is deleted with.
   */
  readonly many?: ManyDeletion<A>;
}

/** How a kind's deletion runs on a selection: see `deletingMany`. */
export interface ManyDeletion<A> {
  readonly confirm: (count: number) => BulkConfirmation;
  readonly progress: (count: number) => string;
  readonly answers: A;
}

/** The per-item part of a deletion: send (row "deleting…"), then settle (the row leaves). */
export function deleteItem<K extends ListedKind, A>(action: DeleteAction<K, A>) {
  return {
    send: (target: Target<K>, answers: A) => sendDeletion(target, deletingMark(action.kind, target.item), () => action.remove(target.client, target.item, answers)),
    settle: async (deps: CommandDeps, target: Target<K>, answers: A) => {
      const spec = kindSpec(action.kind) as unknown as KindSpec<K>;
      target.store.removeDeleted(action.kind, spec.key(target.item));
      await action.after?.(deps, target, answers);
      const stale = new Set([...staleAfterDelete<Kind>(action.kind, target.item), ...(action.related?.(target.item, answers) ?? [])]);
      if (stale.size > 0) target.store.invalidate(...stale);
    },
  };
}

/** The command that deletes one resource of `kind` (the tree item's, or one picked from the palette). */
export function deleteAction<K extends ListedKind, A = Record<string, never>>(action: DeleteAction<K, A>): CommandHandler {
  const item = deleteItem(action);
  const { many } = action;
  return itemAction<K, A, true>({
    kind: action.kind,
    action: 'delete',
    ...(many ? {
      bulk: {
        ask: async () => many.answers,
        confirm: many.confirm,
        monthlyChange: (item) => deletionChangeOf(refTo(action.kind, item) as ResourceRef),
        progress: many.progress,
      },
    } : {}),
    pick: action.pick,
    ...(action.refuse ? { refuse: action.refuse } : {}),
    ask: action.ask ?? (async ({ item: target }, deps) => ((await confirmDeletion(deps, action.confirm!(target))) ? ({} as A) : undefined)),
    send: item.send,
    settle: (deps, target, _answer, answers) => item.settle(deps, target, answers),
    progress: action.progress,
    failure: action.failure,
    done: action.done,
  });
}
