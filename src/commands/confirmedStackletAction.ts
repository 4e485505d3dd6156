import type { StackletClient } from '../api/client';
import type { Stacklet } from '../api/schemas';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';

/** The words of a stacklet action that needs only a modal confirmation; each takes the stacklet's name. */
export interface ConfirmedStackletAction {
  readonly pickTitle: string;
  readonly accept: (stacklet: Stacklet) => boolean;
  readonly question: (name: string) => string;
  readonly detail: (name: string) => string;
  readonly button: string;
  readonly progress: (name: string) => string;
  readonly failure: (name: string) => string;
  readonly started: (name: string) => string;
  readonly run: (client: StackletClient, id: number) => Promise<Stacklet>;
}

/** Power off, power cycle, reset password: pick, refuse when busy, confirm, send, follow the task. */
export async function runConfirmedStackletAction(deps: CommandDeps, node: unknown, action: ConfirmedStackletAction): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, action.pickTitle, action.accept);
  if (!target) return;
  const { client, store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  if (!(await deps.prompter.confirm(action.question(stacklet.name), action.detail(stacklet.name), action.button))) return;
  const answer = await send(deps, action.progress(stacklet.name), action.failure(stacklet.name), () => action.run(client, stacklet.id));
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, action.started(stacklet.name));
}
