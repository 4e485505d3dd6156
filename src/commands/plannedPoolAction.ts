/**
 * A node-pool command as a door onto the node-pool tool's definitions (src/kinds/nodePool/operations.ts), as
 * ./plannedAction.ts is for the listed kinds: the pool is the tree item's or one picked from every cluster's,
 * its cluster's task refuses it (the pool pipeline, ./action.ts), the prompts collect the input, the definition
 * plans it (its refusals said in the words a tool answers with), the plan is confirmed and sent through the gate.
 */
import * as vscode from 'vscode';
import { planOf } from '../actions/catalog';
import { definitionOf } from '../kinds/operations';
import type { PoolItem } from '../kinds/registry';
import { follow, poolAction } from './action';
import { commandContext, type Started } from './definedSend';
import type { CommandDeps, CommandHandler } from './deps';
import { planAndConfirm, sendPlanned, type Confirm, type Planned, type Sent } from './plannedAction';
import type { PickSpec, PoolTarget } from './target';

export interface PlannedPoolOptions {
  /** The node-pool tool's action. */
  readonly action: 'resize' | 'rename' | 'delete';
  readonly pick: () => PickSpec<PoolItem>;
  /** The prompts: the definition's input besides the cluster's and the pool's IDs, or undefined when the user cancelled. */
  readonly input?: (target: PoolTarget, deps: CommandDeps) => Promise<Record<string, unknown> | undefined>;
  readonly done: (pool: PoolItem, input: Record<string, unknown>) => string;
  /** How the plan is confirmed: see Confirm; a modal by default. */
  readonly confirm?: Confirm;
}

export function plannedPoolAction(options: PlannedPoolOptions): CommandHandler {
  const { write, definition } = definitionOf('nodePool', options.action);
  const planFor = (deps: CommandDeps, target: PoolTarget, input: Record<string, unknown>) => (started: Started[]) =>
    planOf(commandContext(deps, target, started), write, definition, { cluster: target.cluster.uuid, id: target.pool.id, ...input });
  return poolAction<Planned, Sent>({
    pick: options.pick,
    ask: async (target, deps) => {
      const input = options.input ? await options.input(target, deps) : {};
      if (input === undefined) return undefined;
      return planAndConfirm(deps, target.pool.name, planFor(deps, target, input), input, options.confirm ?? 'modal');
    },
    send: (target, answers, deps) => sendPlanned(deps, target, answers, planFor(deps, target, answers.input ?? {})),
    settle: (deps, _target, sent) => sent.started.forEach((task) => follow(deps, ...task)),
    progress: (pool, answers) => answers.plan?.progress ?? pool.name,
    failure: (pool, answers) => answers.plan?.failure ?? vscode.l10n.t('Could not change {0}', pool.name),
    done: (pool, answers) => options.done(pool, answers.input ?? {}),
  });
}
