/**
 * Running tasks kept across window reloads: written to the workspace's state on every change and read back,
 * without any request, when the extension activates. No vscode import (a Memento fits `TaskMemento`).
 */
import * as z from 'zod/mini';
import { Task } from '../api/schemas';
import type { TaskResourceKind, TrackedTask } from './types';

export interface TaskMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const STORAGE_KEY = 'stacklet.runningTasks';

const KINDS = ['stacklets', 'volumes', 'snapshots', 'kubernetes', 'loadBalancers'] as const satisfies readonly TaskResourceKind[];

const StoredTask = z.object({
  key: z.string(),
  accountId: z.string(),
  kind: z.enum(KINDS),
  resourceId: z.union([z.string(), z.number()]),
  resourceName: z.string(),
  task: Task,
  startedAt: z.number(),
});

export function taskKey(accountId: string, kind: TaskResourceKind, resourceId: string | number, taskId: number): string {
  return `${accountId}:${kind}:${resourceId}:${taskId}`;
}

/** What was stored, oldest first; entries that do not parse (an older format, a hand edit) are dropped. */
export function readTasks(memento: TaskMemento | undefined): TrackedTask[] {
  const raw = memento?.get<unknown>(STORAGE_KEY);
  if (!Array.isArray(raw)) return [];
  const tasks: TrackedTask[] = [];
  for (const entry of raw) {
    const parsed = StoredTask.safeParse(entry);
    if (parsed.success) tasks.push(parsed.data);
  }
  return tasks.sort((a, b) => a.startedAt - b.startedAt);
}

export function writeTasks(memento: TaskMemento | undefined, tasks: readonly TrackedTask[]): PromiseLike<void> {
  if (!memento) return Promise.resolve();
  return memento.update(STORAGE_KEY, tasks.length > 0 ? tasks : undefined);
}
