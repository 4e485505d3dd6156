/**
 * A deletion, for any kind: each kind's operations.ts gives its words (the UI's, src/model/actionWords.ts), the
 * text to type when it destroys data, its request and its own refusals; the rest (the busy refusal, the monthly
 * change, the listings left stale) is the same for every kind. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { AnswerData } from './answerData';
import type { Literal, Shape } from './definition';
import { deletionChangeOf, staleAfterDelete, type Kind, type ListedKind, type ListingKind, type ResourceRef } from '../kinds/registry';
import { typeNamePrompt, type ConfirmationWords, type DeletionWords } from '../model/actionWords';
import { typeableText } from '../model/serviceText';
import { define, type ActionContext, type ActionDefinition, type PlannedResource } from './definition';
import { button } from './buttons';
import { head } from './answers';
import { idField, targetId } from './fields';
import { idle } from './conditions';

/** How one deletion is asked: what the user reads and types, and the resources that stay. */
export interface Deletion {
  readonly words: (literal: Literal) => ConfirmationWords;
  /** The text to type, for what destroys data; absent for what a modal confirms. */
  readonly typed?: string;
  readonly resources?: readonly PlannedResource[];
  /** What else goes once the item went (a stacklet's volume), its answer added to the deletion's; and the listings it leaves stale. */
  readonly along?: { readonly send: () => Promise<AnswerData>; readonly stale: readonly ListingKind[] };
}

export interface DeleteOptions<K extends ListedKind> {
  readonly kind: K;
  readonly what: string;
  readonly description: string;
  /** What the `id` field is, for the model, when it is not an ID stacklet_find gives (a tag's is its name). */
  readonly idDescription?: string;
  /** Refuses what cannot be deleted now (an attached volume), throwing ActionRefusal. */
  readonly refuse?: (ref: ResourceRef<K>) => void;
  /** Fields besides `id` (what goes along), each described. */
  readonly shape?: Shape;
  readonly ask: (ctx: ActionContext, ref: ResourceRef<K>, input: Record<string, unknown>) => Deletion | Promise<Deletion>;
  readonly failure: (name: string) => string;
  readonly request: (ctx: ActionContext, ref: ResourceRef<K>) => Promise<unknown>;
}

/**
 * Deletes `ref` while its row says "deleting…": the item leaves the cache once the service took it, and comes back
 * as it was on a refusal (thrown on).
 */
export async function deleting(ctx: ActionContext, ref: ResourceRef, request: () => Promise<unknown>): Promise<void> {
  const mark = { kind: ref.kind, id: ref.id, listing: ref.kind as ListingKind };
  ctx.store.markDeleting(mark);
  try {
    await request();
  } catch (error) {
    ctx.store.unmarkDeleting(mark);
    throw error;
  }
  ctx.store.removeDeleted(ref.kind as ListedKind, ref.id);
}

/** A deletion that destroys data, asked with the name typed (as the views ask it). */
export function typedDeletion(name: string, words: (literal: Literal) => DeletionWords): Deletion {
  return {
    typed: name,
    words: (literal) => {
      const { title, loss } = words(literal);
      return { question: title, detail: typeNamePrompt(loss, literal(typeableText(name))), button: button.delete() };
    },
  };
}

export function deleteAction<K extends ListedKind>(options: DeleteOptions<K>): ActionDefinition {
  const { kind } = options;
  return define({
    kind,
    action: 'delete',
    title: `Delete ${options.what}`,
    description: options.description,
    shape: { id: options.idDescription === undefined ? targetId(kind) : idField(options.idDescription), ...options.shape },
    destructive: true,
    plan: async (ctx, input) => {
      const ref = await idle(ctx, kind, input.id);
      options.refuse?.(ref);
      const asked = await options.ask(ctx, ref, input);
      const any = ref as ResourceRef;
      return {
        resources: [{ ...head(any), role: 'target' }, ...(asked.resources ?? [])],
        change: { delete: head(any) },
        monthlyChangeUsd: deletionChangeOf(any),
        ...(asked.typed !== undefined ? { typed: asked.typed } : {}),
        words: asked.words,
        failure: options.failure(ref.name),
        progress: l10n.t('Deleting {0}…', ref.name),
        // The item itself leaves the cache once the service took it (no refetch of its listing).
        stale: [...staleAfterDelete<Kind>(kind, ref.data as never), ...(asked.along?.stale ?? [])],
        send: async () => {
          await deleting(ctx, any, () => options.request(ctx, ref));
          return { sent: true, deleted: head(any), ...await asked.along?.send() };
        },
      };
    },
  });
}
