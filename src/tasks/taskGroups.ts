/**
 * The tasks one bulk action started, told about together: a registry through which every task tracked joins
 * the action's group, and what the notifications keep of a group's ended tasks until the last of them has left
 * the tracker (ended, or timed out and told about on its own). No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { listText } from '../model/listText';
import { completedText } from '../model/taskText';
import type { TaskGroup, TaskRegistry, TrackedTask } from './types';

let lastGroupId = 0;

/**
 * A new group for the tasks of a bulk action whose progress title is `title`, its words for their end, and the
 * order it listed its items in when their tasks may be tracked in another.
 */
export function newTaskGroup(title: string, ended?: TaskGroup['ended'], order?: readonly string[]): TaskGroup {
  return { id: ++lastGroupId, title, names: [], ...(ended ? { ended } : {}), ...(order ? { order } : {}) };
}

/** `tasks`, with every task tracked through it a member of `group`. */
export function groupedRegistry(tasks: TaskRegistry, group: TaskGroup): TaskRegistry {
  return {
    track: (start) => {
      group.names.push(start.resourceName);
      tasks.track({ ...start, group });
    },
    running: () => tasks.running(),
    isBusy: (kind, resourceId) => tasks.isBusy(kind, resourceId),
    checkNow: () => tasks.checkNow(),
    allEnded: (of) => tasks.allEnded(of),
  };
}

interface Ended {
  /** Where the bulk action listed it (its name when tracked). */
  readonly place: number;
  /** The resource's name as it is now. */
  readonly name: string;
  /** The service's words for what was done. */
  readonly text: string;
}

/** The ended tasks of groups some of whose tasks still run, and their summary once none does. */
export class EndedGroups {
  private readonly pending = new Map<number, { group: TaskGroup; ended: Ended[] }>();

  /** A task of `task.group` ended; `nameNow` is its resource's name as the service holds it now. */
  add(task: TrackedTask & { readonly group: TaskGroup }, nameNow: string): void {
    const { group } = task;
    const entry = this.pending.get(group.id) ?? { group, ended: [] };
    entry.ended.push({ place: (group.order ?? group.names).indexOf(task.resourceName), name: nameNow, text: completedText(task.task) });
    this.pending.set(group.id, entry);
  }

  /**
   * The summaries of the groups none of whose tasks is in `followed` any more (each said once):
   * "Powering off 3 stacklets: done. web-1, web-2 and db-1 were powered off." in the action's words when every
   * task ended alike, else each set of names with the service's words: "web-1 and web-2: stacklet was powered
   * off; db-1: …" (the names first: a toast shows one line).
   */
  settled(followed: readonly TrackedTask[]): string[] {
    const summaries: string[] = [];
    for (const [id, { group, ended }] of this.pending) {
      if (followed.some((task) => task.group?.id === id)) continue;
      this.pending.delete(id);
      const byText = new Map<string, string[]>();
      for (const { name, text } of [...ended].sort((a, b) => a.place - b.place)) byText.set(text, [...(byText.get(text) ?? []), name]);
      const ownWords = byText.size === 1 ? group.ended : undefined;
      const parts = [...byText].map(([text, names]) => (ownWords ? ownWords(listText(names), names.length) : l10n.t('{0}: {1}', listText(names), text))).join('; ');
      summaries.push(ended.length === group.names.length
        ? l10n.t('{0}: done. {1}', group.title, parts)
        : l10n.t('{0}: {1} of {2} done. {3}', group.title, ended.length, group.names.length, parts));
    }
    return summaries;
  }
}
