/**
 * The service's words for a task, with its name where the service leaves them empty: the one place rows, tooltips,
 * the status bar, notifications and refusals read them. In model, below the kinds' rows and the actions that say
 * them, not with the task tracker. No vscode import.
 */
import type { Task } from '../api/schemas';

type TaskWords = Pick<Task, 'name' | 'description'>;

export function progressText(task: TaskWords): string {
  return task.description.progress || task.name;
}

export function completedText(task: TaskWords): string {
  return task.description.completed || task.name;
}
