/**
 * What every door refuses alike before an action is sent: a busy resource, one the account's limit leaves no room
 * for, a region or project the service does not offer. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type * as s from '../api/schemas';
import { resolve } from '../agent/reads';
import { isTaskKind, sameId, type ListedKind, type ResourceRef } from '../kinds/registry';
import { limitReached, readLimit } from '../kinds/accountLimits';
import { progressText } from '../model/taskText';
import { head } from './answers';
import type { ActionContext } from './definition';
import { ActionInputError, ActionRefusal } from './refusals';

/** The words of every busy refusal, whichever door meets it. */
export function busyWords(): string {
  return l10n.t('A task is running on it: try again when it completes.');
}

/** The resource, refused when a task runs on it (as the UI refuses a busy resource). */
export async function idle<K extends ListedKind>(ctx: ActionContext, kind: K, value: string | number, field = 'id'): Promise<ResourceRef<K>> {
  const ref = await resolve(ctx, kind, String(value), field) as unknown as ResourceRef<K>;
  const task = (ref.data as { task?: s.Task | null }).task ?? undefined;
  if (isTaskKind(kind) && (task || ctx.isBusy?.(kind, ref.id))) {
    throw new ActionRefusal('busy', busyWords(), head(ref as ResourceRef), {
      task: task ? { id: task.id, name: task.name, progress: progressText(task) } : null,
    });
  }
  return ref;
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
  throw new ActionRefusal(reason, message, head(ref), facts);
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
  throw new ActionRefusal('limit', reached, { kind, name }, { limit: { key: limit.key, available: limit.available, used: limit.used ?? null } });
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
  if (!region) throw new ActionInputError(field, l10n.t('is not a region the service offers'));
  if (region.available === false) throw new ActionInputError(field, l10n.t('is not available now'));
  if (feature !== undefined && !region.features.includes(feature)) throw new ActionInputError(field, l10n.t('is a region that does not offer {0}', feature));
  return region.slug;
}

/** The project a create goes to: the default when absent; refused naming `project` when the account has no such project. */
export async function projectOf(ctx: ActionContext, uuid: string | undefined): Promise<{ project_uuid?: string }> {
  if (uuid === undefined) return {};
  const projects = (await ctx.store.get('project').catch(() => undefined))?.items;
  if (projects && !projects.some((project) => project.uuid === uuid)) throw new ActionInputError('project', l10n.t('is not a project of the account'));
  return { project_uuid: uuid };
}
