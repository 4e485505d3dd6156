/**
 * Long operations. A task is recorded on its resource together with when it ends and what it does then; every
 * request first settles the tasks that are due. Nothing runs on a timer, so the emulator never keeps a process
 * alive on its own and a test with an injected clock sees exactly the same sequence every time.
 */
import type { TaskRec, Tasked } from './records';

export interface TaskSpec {
  readonly name: string;
  readonly progress: string;
  readonly completed: string;
}

const spec = (name: string, progress: string, completed: string): TaskSpec => ({ name, progress, completed });

/** Texts of the specification's table where it has them; the others are invented in the same style. */
export const TASKS = {
  // From the specification's table.
  clusterCreate: spec('create', 'cluster is creating', 'cluster created'),
  clusterUpdate: spec('create', 'cluster is updating', 'cluster updated'),
  loadBalancerCreate: spec('create', 'load balancer is creating', 'load balancer was created'),
  resize: spec('resize', 'stacklet is resizing', 'stacklet was resized'),
  rebuild: spec('rebuild', 'stacklet is rebuilding', 'stacklet rebuilt'),
  enablePrivateNetworking: spec('enable_private_networking', 'enabling private networking', 'private networking enabled'),
  snapshot: spec('snapshot', 'snapshot is creating', 'snapshot created'),
  resetPassword: spec('reset_password', 'root password is resetting', 'root password reset'),
  volumeResize: spec('resize', 'volume is resizing', 'volume was resized'),
  snapshotTransfer: spec('transfer', 'snapshot is transferring', 'snapshot was transferred'),
  snapshotRename: spec('rename', 'snapshot is renaming', 'snapshot was renamed'),
  // Invented in the same style.
  stackletCreate: spec('create', 'stacklet is creating', 'stacklet was created'),
  powerOn: spec('power_on', 'stacklet is powering on', 'stacklet was powered on'),
  powerOff: spec('power_off', 'stacklet is powering off', 'stacklet was powered off'),
  powerCycle: spec('power_cycle', 'stacklet is power cycling', 'stacklet was power cycled'),
  stackletRename: spec('rename', 'stacklet is renaming', 'stacklet was renamed'),
  restore: spec('restore', 'stacklet is restoring', 'stacklet was restored'),
  volumeCreate: spec('create', 'volume is creating', 'volume was created'),
  volumeAttach: spec('attach', 'volume is attaching', 'volume was attached'),
  volumeDetach: spec('detach', 'volume is detaching', 'volume was detached'),
  volumeRename: spec('rename', 'volume is renaming', 'volume was renamed'),
  nodePoolUpdate: spec('update', 'node pool is updating', 'node pool updated'),
  nodePoolAdd: spec('add_node_pool', 'node pool is being added', 'node pool added'),
} as const satisfies Record<string, TaskSpec>;

interface Pending {
  readonly endsAt: number;
  readonly finish: () => void;
}

export class TaskQueue {
  private readonly pending: Pending[] = [];
  private nextId = 1;

  /**
   * Puts `spec` on `target` now and queues `finish` for `now + durationMs`. The target's `task` is cleared
   * before `finish` runs, so `finish` sees an idle resource.
   */
  start(target: Tasked, spec: TaskSpec, now: number, durationMs: number, finish: () => void): TaskRec {
    const task: TaskRec = { id: this.nextId++, name: spec.name, description: { progress: spec.progress, completed: spec.completed } };
    target.task = task;
    const endsAt = now + durationMs;
    const entry: Pending = {
      endsAt,
      finish: () => {
        if (target.task === task) target.task = null;
        finish();
      },
    };
    // Insert after every entry ending at the same time or earlier: tasks due together finish in start order.
    let i = this.pending.length;
    while (i > 0 && this.pending[i - 1]!.endsAt > endsAt) i--;
    this.pending.splice(i, 0, entry);
    return task;
  }

  /** Finishes every task due at `now`; returns how many finished. */
  settle(now: number): number {
    let done = 0;
    while (this.pending.length > 0 && this.pending[0]!.endsAt <= now) {
      this.pending.shift()!.finish();
      done++;
    }
    return done;
  }

  get size(): number {
    return this.pending.length;
  }

  /** Goes on from a saved world's next task id, so that no task id is handed out twice. */
  continueFrom(nextId: number): void {
    this.nextId = Math.max(this.nextId, nextId);
  }

  /** The queue as data, for state snapshots: the next task id and when each pending task ends. */
  describe(): { nextId: number; endsAt: number[] } {
    return { nextId: this.nextId, endsAt: this.pending.map((entry) => entry.endsAt) };
  }
}
