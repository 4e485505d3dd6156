/**
 * What every command door onto an action's definition shares (src/actions/definition.ts): the context a
 * definition plans and sends through on the command's session, and the send of a wizard (a create) whose last
 * answer is its confirmation. Item actions go through ./plannedAction.ts, which adds the pipeline's question.
 */
import type { AgentData } from '../agent/envelope';
import { planOf } from '../actions/catalog';
import { definitionOf } from '../kinds/operations';
import type { ActionContext, ActionPlan } from '../actions/definition';
import { execute } from '../actions/gate';
import { unrecorded } from '../api/recording';
import { isLocalEmulator } from '../auth/accountPlace';
import type { ActiveSession } from '../auth/session';
import type { ListedKind } from '../kinds/registry';
import { follow } from './action';
import type { CommandDeps } from './deps';

/** A task the service answered with, for `follow` (in the group of a selection's tasks). */
export type Started = Parameters<typeof follow> extends [unknown, ...infer Rest] ? Rest : never;

/** The definition's context on the command's session: the tracker's busy resources, the tasks it starts kept in `started`. */
export function commandContext(deps: CommandDeps, session: Pick<ActiveSession, 'client' | 'store'>, started: Started[] = []): ActionContext {
  const state = deps.session.state;
  return {
    source: state.kind !== 'signed-out' && isLocalEmulator(state.account) ? 'emulator' : 'service',
    client: session.client,
    store: session.store,
    isBusy: (kind, id) => deps.tasks.isBusy(kind, id),
    onTask: (kind, id, name, task) => started.push([kind, id, name, task]),
    // No history here: the command records what it sends (recordedSend, the pipeline), for Copy as curl and the log.
  };
}

/**
 * Plans `action` on `kind` for the wizard's input and sends it through the gate, following the tasks it starts.
 * A refusal or a bad input is thrown (AgentRefusal, AgentInputError naming the field), as the service's own
 * refusal is: the wizard's Edit and Retry keeps every answer.
 */
export async function sendDefined(deps: CommandDeps, session: ActiveSession, kind: ListedKind, action: string, input: Record<string, unknown>): Promise<{ plan: ActionPlan; data: AgentData }> {
  const started: Started[] = [];
  const ctx = commandContext(deps, session, started);
  const { write, definition } = definitionOf(kind, action);
  // What the plan reads is not what the action sends (the wizard's send is recorded for Copy as curl).
  const plan = await unrecorded(() => planOf(ctx, write, definition, input));
  const data = await execute(ctx, plan, { door: 'command' });
  started.forEach((task) => follow(deps, ...task));
  return { plan, data };
}
