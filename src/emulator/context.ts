/**
 * What a route handler gets: the caller's account, the parsed request, the clock reading settled for this
 * request, and `applied()` to record a mutation once it has changed state.
 */
import type { Reply } from './http';
import type { Tasked, TaskRec } from './records';
import type { ResolvedConfig } from './options';
import type { Account, World } from './world';
import type { TaskSpec } from './tasks';

export interface Ctx {
  readonly world: World;
  readonly account: Account;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body (`{}` when empty); validate it with a schema of src/api/requests.ts before use. */
  readonly body: unknown;
  readonly now: number;
  readonly config: ResolvedConfig;
  /** Records that a mutation was applied to state (stats().applied); call it once, after the change. */
  applied(kind: string): void;
}

export type Handler = (ctx: Ctx) => Reply;

/** Starts a task on `target` that runs for the configured task time, then runs `finish`. */
export function startTask(ctx: Ctx, target: Tasked, spec: TaskSpec, finish: () => void): TaskRec {
  return ctx.world.tasks.start(target, spec, ctx.now, ctx.config.taskMs, finish);
}
