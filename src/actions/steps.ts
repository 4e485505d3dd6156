/**
 * What the action definitions share: their input fields, the UI's refusals (a busy resource, the account's
 * limit), the way a request is sent (through the action history when the door keeps one) and the answer as
 * envelope data (the resource as it is now, its task followed). No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../api/schemas';
import type { AgentData } from '../agent/envelope';
import { AgentInputError } from '../agent/input';
import { unrecorded } from '../api/recording';
import { resolve } from '../agent/reads';
import { AgentRefusal } from '../agent/refusal';
import { isTaskKind, kindSpec, refTo, sameId, type KindItems, type KindSpec, type ListedKind, type ResourceRef } from '../kinds/registry';
import { limitReached, readLimit } from '../kinds/accountLimits';
import { progressText } from '../model/taskText';
import type { ActionContext } from './definition';

/** A short text field, described. */
export function text(description: string) {
  return z.string().check(z.minLength(1), z.maxLength(200), z.describe(description));
}

/**
 * A whole number. Checked as such, but declared to a model as a JSON number: `z.int()` would add the bounds of a
 * safe integer to every such field of every tool, a chat's tool budget spent on nothing (issue 34: small schemas).
 */
export function wholeNumber() {
  return z.number().check(z.refine(Number.isInteger, { message: 'must be a whole number' }));
}

/** An ID in the form the answers give it, number or string, described. */
export function idField(description: string) {
  return z.union([z.string().check(z.minLength(1), z.maxLength(200)), wholeNumber()]).check(z.describe(description));
}

/** The target's ID, as stacklet_find gives it. */
export function targetId(kind: string) {
  return idField(`The ${kind}'s ID, as stacklet_find gives it.`);
}

/** A validator's problem, refused naming the field. */
export function check(field: string, problem: string | undefined): void {
  if (problem !== undefined) throw new AgentInputError(field, problem);
}

export function head(ref: ResourceRef): { kind: string; id: string | number; name: string } {
  return { kind: ref.kind, id: ref.id, name: ref.name };
}

/** The words of every busy refusal, whichever door meets it. */
export function busyWords(): string {
  return l10n.t('A task is running on it: try again when it completes.');
}

/** The resource, refused when a task runs on it (as the UI refuses a busy resource). */
export async function idle<K extends ListedKind>(ctx: ActionContext, kind: K, value: string | number, field = 'id'): Promise<ResourceRef<K>> {
  const ref = await resolve(ctx, kind, String(value), field) as unknown as ResourceRef<K>;
  const task = (ref.data as { task?: s.Task | null }).task ?? undefined;
  if (isTaskKind(kind) && (task || ctx.isBusy?.(kind, ref.id))) {
    throw new AgentRefusal('busy', busyWords(), head(ref as ResourceRef), {
      task: task ? { id: task.id, name: task.name, progress: progressText(task) } : null,
    });
  }
  return ref;
}

/** A list of stacklets by ID (number or string, as the answers give them), described. */
export function stackletIds(description: string) {
  return z.array(idField('A stacklet\'s ID.')).check(z.maxLength(200), z.describe(description));
}

/**
 * The stacklets `ids` name, once each, in their order: an unknown one refused naming `field.i`, and one a task
 * runs on refused as the UI refuses a busy stacklet (it takes no tag, no firewall, while it changes); those
 * `skip` accepts are left out.
 */
export async function idleStacklets(ctx: ActionContext, ids: readonly (string | number)[], field: string, skip?: (id: string | number) => boolean): Promise<ResourceRef<'stacklet'>[]> {
  const found: ResourceRef<'stacklet'>[] = [];
  for (const [i, id] of ids.entries()) {
    if (skip?.(id)) continue;
    const ref = await idle(ctx, 'stacklet', id, `${field}.${i}`);
    if (!found.some((other) => sameId(other.id, ref.id))) found.push(ref);
  }
  return found;
}

export function refuse(ref: ResourceRef, reason: string, message: string, facts: Record<string, unknown> = {}): never {
  throw new AgentRefusal(reason, message, head(ref), facts);
}

/**
 * Refused when the account's limit on `kind` leaves none to create, as the create wizards refuse it before
 * their first question; the limit is in the answer's facts. A profile that cannot be read refuses nothing (the
 * service decides).
 */
export async function withinLimit(ctx: ActionContext, kind: 'stacklet' | 'volume', name: string): Promise<void> {
  const limit = await readLimit(ctx.store, kind);
  const reached = limitReached(kind, limit);
  if (reached === undefined || limit === undefined) return;
  throw new AgentRefusal('limit', reached, { kind, name }, { limit: { key: limit.key, available: limit.available, used: limit.used ?? null } });
}

/**
 * The region `slug`, refused naming `field` when the service does not offer it now (or, with `feature`, offers
 * it without that feature), as the wizards' region pickers list them. A listing that cannot be read refuses
 * nothing: the service decides, as a slug typed in the wizard goes.
 */
export async function regionOf(ctx: ActionContext, slug: string, field = 'region', feature?: string): Promise<string> {
  const regions = (await ctx.store.get('region').catch(() => undefined))?.items;
  if (!regions) return slug;
  const region = regions.find((item) => item.slug === slug);
  if (!region) throw new AgentInputError(field, l10n.t('is not a region the service offers'));
  if (region.available === false) throw new AgentInputError(field, l10n.t('is not available now'));
  if (feature !== undefined && !region.features.includes(feature)) throw new AgentInputError(field, l10n.t('is a region that does not offer {0}', feature));
  return region.slug;
}

/** The project a create goes to: the default when absent; refused naming `project` when the account has no such project. */
export async function projectOf(ctx: ActionContext, uuid: string | undefined): Promise<{ project_uuid?: string }> {
  if (uuid === undefined) return {};
  const projects = (await ctx.store.get('project').catch(() => undefined))?.items;
  if (projects && !projects.some((project) => project.uuid === uuid)) throw new AgentInputError('project', l10n.t('is not a project of the account'));
  return { project_uuid: uuid };
}

/**
 * The resource the service answered with: it replaces the cached one in every variant of its listing (no
 * request: the answer is the service's own), and its task is followed.
 */
export function answered<K extends ListedKind>(ctx: ActionContext, kind: K, item: KindItems[K]): AgentData {
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
export function made<K extends ListedKind>(ctx: ActionContext, kind: K, item: KindItems[K]): AgentData {
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  // The listings it leaves stale, read again by the views, are not part of what the action sent.
  unrecorded(() => ctx.store.created(kind, spec.key(item as never), item));
  return answered(ctx, kind, item);
}

export const button = {
  add: () => l10n.t('Add'),
  apply: () => l10n.t('Apply'),
  attach: () => l10n.t('Attach'),
  create: () => l10n.t('Create'),
  delete: () => l10n.t('Delete'),
  rename: () => l10n.t('Rename'),
  resize: () => l10n.t('Resize'),
};
