/**
 * One check of the running tasks of one kind, so that every task is seen to end within one check of its end,
 * wherever its resource is in the listing:
 * - one task: its resource by id;
 * - several: the first page of the listing (as large as the service allows) settles every task whose
 *   resource is on it, and the others are read by id in the same check, a few at a time. Where each resource
 *   was is remembered: once fewer than two running tasks can be on that page, checks skip it and read every
 *   task by id, which is what a per-task poller would send, never more;
 * - a service that cannot list the kind: every task by id; one that cannot read it by id: the whole listing.
 * No vscode import.
 */
import type { StackletClient } from '../api/client';
import { isApiError } from '../api/errors';
import type * as s from '../api/schemas';
import { kindSpec, type KindSpec, type TaskKind } from '../kinds/registry';
import type { TrackedTask } from './types';

/** What the tracker needs of any resource: its current task. */
export interface TaskedResource {
  readonly task?: s.Task | null;
}

/** Reads by id in flight at once within one check. */
export const BY_ID_CONCURRENCY = 6;

/** What the checks of one kind learnt about the service and about where each task's resource is listed. */
export interface KindKnowledge {
  /** The service answered 404/405/501 to the listing: tasks are read by id. */
  listingUnsupported: boolean;
  /** The service answered 405/501 to a read by id: the whole listing is read instead. */
  byIdUnsupported: boolean;
  /** Keys of tasks whose resource the last first page did not show. */
  readonly offPage: Set<string>;
}

export function newKnowledge(): KindKnowledge {
  return { listingUnsupported: false, byIdUnsupported: false, offPage: new Set() };
}

export interface Ended {
  readonly task: TrackedTask;
  /** The resource now; undefined when it is gone (404, or missing from a complete listing). */
  readonly resource: TaskedResource | undefined;
}

export interface CheckOutcome {
  readonly ended: Ended[];
  /** Tasks actually seen (their resource read) by this check. */
  readonly seen: number;
  readonly error?: unknown;
}

/** A task ended when its resource carries no task, or a different one. */
export function taskEnded(resource: TaskedResource, taskId: number): boolean {
  return !resource.task || resource.task.id !== taskId;
}

const NOT_OFFERED = new Set([404, 405, 501]);

function isNotOffered(error: unknown, statuses: ReadonlySet<number> = NOT_OFFERED): boolean {
  return isApiError(error) && ((error.kind === 'http' && error.status !== undefined && statuses.has(error.status)) || error.kind === 'unsupported');
}

export async function checkKind(
  client: StackletClient,
  kind: TaskKind,
  tasks: readonly TrackedTask[],
  knowledge: KindKnowledge,
  signal: AbortSignal,
  log: (message: string) => void,
): Promise<CheckOutcome> {
  const spec = kindSpec(kind) as KindSpec<TaskKind>;
  for (const key of knowledge.offPage) if (!tasks.some((task) => task.key === key)) knowledge.offPage.delete(key);
  const ended: Ended[] = [];
  let seen = 0;
  try {
    if (knowledge.byIdUnsupported) {
      const listing = await spec.list!(client, {}, { signal });
      const items = new Map(listing.items.map((item) => [String(spec.key(item as never)), item as TaskedResource]));
      for (const task of tasks) {
        const item = items.get(String(task.resourceId));
        seen++;
        if (!item || taskEnded(item, task.task.id)) ended.push({ task, resource: item });
      }
      return { ended, seen };
    }

    let byId = [...tasks];
    const mayBeOnPage = tasks.filter((task) => !knowledge.offPage.has(task.key));
    if (tasks.length > 1 && mayBeOnPage.length > 1 && !knowledge.listingUnsupported) {
      try {
        const page = await spec.list!(client, {}, { signal, firstPageOnly: true });
        const items = new Map(page.items.map((item) => [String(spec.key(item as never)), item as TaskedResource]));
        byId = [];
        for (const task of tasks) {
          const item = items.get(String(task.resourceId));
          if (!item) {
            // Beyond the first page, or gone: read by id now (a 404 ends it).
            knowledge.offPage.add(task.key);
            byId.push(task);
            continue;
          }
          knowledge.offPage.delete(task.key);
          seen++;
          if (taskEnded(item, task.task.id)) ended.push({ task, resource: item });
        }
      } catch (error) {
        if (!isNotOffered(error)) throw error;
        knowledge.listingUnsupported = true;
        log(`The service cannot list ${kind}s; their tasks are checked one by one.`);
      }
    }

    const failures: unknown[] = [];
    let next = 0;
    const worker = async () => {
      while (next < byId.length && failures.length === 0) {
        const task = byId[next++]!;
        try {
          const resource = (await spec.get!(client, task.resourceId, { signal })) as TaskedResource;
          seen++;
          if (taskEnded(resource, task.task.id)) ended.push({ task, resource });
        } catch (error) {
          if (isApiError(error) && error.isNotFound) {
            seen++;
            ended.push({ task, resource: undefined });
          } else if (isNotOffered(error, new Set([405, 501]))) {
            knowledge.byIdUnsupported = true;
            log(`The service cannot read a ${kind} by id; its tasks are checked with the whole listing.`);
          } else {
            failures.push(error);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BY_ID_CONCURRENCY, byId.length) }, worker));
    return failures.length > 0 ? { ended, seen, error: failures[0] } : { ended, seen };
  } catch (error) {
    return { ended, seen, error };
  }
}
