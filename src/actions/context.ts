/**
 * The one place an action context is built, whichever door asks (a command, a document's save, a language model
 * tool, the MCP server): where its answers come from is decided here, once, from the account. No vscode import.
 */
import type * as s from '../api/schemas';
import type { AgentSource } from '../agent/envelope';
import type { StackletClient } from '../api/client';
import { isLocalEmulator } from '../auth/accountPlace';
import type { Account } from '../auth/accountRegistry';
import type { TaskKind } from '../kinds/registry';
import type { ActionHistory } from '../model/actionHistory';
import type { ResourceStore } from '../kinds/resourceStore';
import type { ActionContext, AgentDoor } from './definition';

/** The tasks a window follows: which resources are busy, and where a task an answer carries goes. */
export interface TaskFollower {
  isBusy(kind: TaskKind, resourceId: string | number): boolean;
  track(start: { kind: TaskKind; resourceId: string | number; resourceName: string; task: s.Task }): void;
}

export interface ContextParts {
  /** Where the account is: a local emulator's answers say `"source": "emulator"`, the service's `"service"`. */
  readonly account: Pick<Account, 'apiUrl' | 'isEmulator'>;
  readonly client: StackletClient;
  readonly store: ResourceStore;
  /** Where what is sent is recorded (Copy as curl), with a log line for each action. */
  readonly history?: ActionHistory;
  readonly log?: (line: string) => void;
  /** Absent where no task is followed (the MCP server answers the task, and the agent polls). */
  readonly tasks?: TaskFollower;
  readonly agent?: AgentDoor;
}

/** Where an account's answers come from, as every answer to an agent says it: a local emulator, or the service. */
export function sourceOf(account: Pick<Account, 'apiUrl' | 'isEmulator'>): AgentSource {
  return isLocalEmulator(account) ? 'emulator' : 'service';
}

export function actionContext(parts: ContextParts): ActionContext {
  const { tasks } = parts;
  return {
    source: sourceOf(parts.account),
    client: parts.client,
    store: parts.store,
    ...(parts.history ? { history: parts.history } : {}),
    ...(parts.log ? { log: parts.log } : {}),
    ...(tasks ? {
      isBusy: (kind: TaskKind, id: string | number) => tasks.isBusy(kind, id),
      onTask: (kind: TaskKind, id: string | number, name: string, task: s.Task) => tasks.track({ kind, resourceId: id, resourceName: name, task }),
    } : {}),
    ...(parts.agent ? { agent: parts.agent } : {}),
  };
}
