/** Parsing what taskStorage.ts stored: loaded only when there is something to read. */
import * as z from 'zod/mini';
import { Task } from '../api/schemas';
import { TASK_KINDS, type TaskKind } from '../kinds/registry';
import { taskKey, type TrackedTask } from './types';

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

/** @public Loaded by taskStorage.ts with a lazy require, which knip cannot follow. */
export function parseStoredTasks(raw: readonly unknown[]): TrackedTask[] {
  const tasks: TrackedTask[] = [];
  for (const entry of raw) {
    const parsed = StoredTask.safeParse(entry);
    // The key is made again: 0.1 wrote the kind into it under its former name.
    if (parsed.success) tasks.push({ ...parsed.data, key: taskKey(parsed.data.accountId, parsed.data.kind, parsed.data.resourceId, parsed.data.task.id) });
  }
  return tasks.sort((a, b) => a.startedAt - b.startedAt);
}
