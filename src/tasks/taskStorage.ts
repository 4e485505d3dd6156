/**
 * Running tasks kept across window reloads: written to the workspace's state on every change and read back,
 * without any request, when the extension activates. No vscode import (a Memento fits `TaskMemento`).
 */
import type { TrackedTask } from './types';

export interface TaskMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const STORAGE_KEY = 'stacklet.runningTasks';

/**
 * What was stored, oldest first; entries that do not parse (an older format, a hand edit) are dropped. The
 * parser (and the schemas it needs) is loaded only when something was stored, which activation mostly finds not.
 */
export async function readTasks(memento: TaskMemento | undefined): Promise<TrackedTask[]> {
  const raw = memento?.get<unknown>(STORAGE_KEY);
  if (!Array.isArray(raw) || raw.length === 0) return [];
  // A chunk of its own in the build (esbuild.mjs).
  return (await import('./storedTasks.js')).parseStoredTasks(raw);
}

export function writeTasks(memento: TaskMemento | undefined, tasks: readonly TrackedTask[]): PromiseLike<void> {
  if (!memento) return Promise.resolve();
  return memento.update(STORAGE_KEY, tasks.length > 0 ? tasks : undefined);
}
