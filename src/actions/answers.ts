/**
 * What an action answers once sent: the resource as the service answered it (replacing the cached one, its task
 * followed), or what a create made (remembered as the account's). No vscode import.
 */
import type * as s from '../api/schemas';
import { unrecorded } from '../api/recording';
import { isTaskKind, kindSpec, refTo, sameId, type KindItems, type KindSpec, type ListedKind, type ResourceRef } from '../kinds/registry';
import { progressText } from '../model/taskText';
import type { AnswerData } from './answerData';
import type { ActionContext } from './definition';

export function head(ref: ResourceRef): { kind: string; id: string | number; name: string } {
  return { kind: ref.kind, id: ref.id, name: ref.name };
}

/**
 * The resource the service answered with: it replaces the cached one in every variant of its listing (no
 * request: the answer is the service's own), and its task is followed.
 */
export function answered<K extends ListedKind>(ctx: ActionContext, kind: K, item: KindItems[K]): AnswerData {
  const ref = refTo(kind, item) as ResourceRef;
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  ctx.store.update(kind, (other) => sameId(spec.key(other as never), ref.id), item as never);
  const task = (item as { task?: s.Task | null }).task ?? undefined;
  if (task && isTaskKind(kind)) ctx.onTask?.(kind, ref.id, ref.name, task);
  return { sent: true, resource: head(ref), task: task ? { id: task.id, name: task.name, progress: progressText(task) } : null };
}

/**
 * The resource a create made: remembered as the account's (a row for it shows at once, before the service lists
 * it) with the listings it leaves stale read again, and its task followed.
 */
export function made<K extends ListedKind>(ctx: ActionContext, kind: K, item: KindItems[K]): AnswerData {
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  // The listings it leaves stale, read again by the views, are not part of what the action sent.
  unrecorded(() => ctx.store.created(kind, spec.key(item as never), item));
  return answered(ctx, kind, item);
}
