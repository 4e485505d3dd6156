/**
 * Running tasks kept across window reloads: written to the workspace's state on every change and read back,
 * without any request, when the extension activates. No vscode import (a Memento fits `TaskMemento`).
 */
import * as z from 'zod/mini';
import { Task } from '../api/schemas';
import { TASK_KINDS, type TaskKind } from '../model/resourceKinds';
import type { TrackedTask } from './types';

export interface TaskMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const STORAGE_KEY = 'stacklet.runningTasks';

/** The names 0.1 stored kinds under (its listings), read as today's kinds so tasks survive the update. */
const FORMER_NAMES: Readonly<Record<string, TaskKind>> = {
  stacklets: 'stacklet',
  volumes: 'volume',
  snapshots: 'snapshot',
  kubernetes: 'cluster',
  loadBalancers: 'loadBalancer',
};

const StoredTask = z.object({
  key: z.string(),
  accountId: z.string(),
  kind: z.pipe(z.transform((kind) => (typeof kind === 'string' && Object.hasOwn(FORMER_NAMES, kind) ? FORMER_NAMES[kind] : kind)), z.enum(TASK_KINDS)),
  resourceId: z.union([z.string(), z.number()]),
  resourceName: z.string(),
  task: Task,
  startedAt: z.number(),
});

export function taskKey(accountId: string, kind: TaskKind, resourceId: string | number, taskId: number): string {
  return `${accountId}:${kind}:${resourceId}:${taskId}`;
}

/** What was stored, oldest first; entries that do not parse (an older format, a hand edit) are dropped. */
export function readTasks(memento: TaskMemento | undefined): TrackedTask[] {
  const raw = memento?.get<unknown>(STORAGE_KEY);
  if (!Array.isArray(raw)) return [];
  const tasks: TrackedTask[] = [];
  for (const entry of raw) {
    const parsed = StoredTask.safeParse(entry);
    // The key is made again: 0.1 wrote the kind into it under its former name.
    if (parsed.success) tasks.push({ ...parsed.data, key: taskKey(parsed.data.accountId, parsed.data.kind, parsed.data.resourceId, parsed.data.task.id) });
  }
  return tasks.sort((a, b) => a.startedAt - b.startedAt);
}

export function writeTasks(memento: TaskMemento | undefined, tasks: readonly TrackedTask[]): PromiseLike<void> {
  if (!memento) return Promise.resolve();
  return memento.update(STORAGE_KEY, tasks.length > 0 ? tasks : undefined);
}
