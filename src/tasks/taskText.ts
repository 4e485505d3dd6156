/** The service's words for a task, with fallbacks for a service that leaves them empty. No vscode import. */
import type { TrackedTask } from './types';

export function progressText(task: TrackedTask): string {
  return task.task.description.progress || task.task.name;
}

export function completedText(task: TrackedTask): string {
  return task.task.description.completed || task.task.name;
}
