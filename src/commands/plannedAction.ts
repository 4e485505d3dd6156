/**
 * A command as a door onto an action's one definition (src/actions/definition.ts): its prompts collect the
 * input, the definition plans it (the same refusals, resources and words as the agent's tools), the plan is
 * confirmed in the command's confirmation (or by its name typed, for what destroys data), and it is sent through the
 * gate every door passes (src/actions/gate.ts) on the action pipeline (./action.ts): the busy refusal, the
 * action history, the status bar's progress and confirmation, the task followed. On a selection of several,
 * the pipeline's one confirmation stands for all, and each item is planned and sent through the gate.
 */
import * as vscode from 'vscode';
import { protectingTag } from '../agent/guards';
import { agentLimits } from '../lmTools/agentLimits';
import { AgentInputError } from '../agent/input';
import { AgentRefusal } from '../agent/refusal';
import type { AgentData } from '../agent/envelope';
import { definitionOf, planOf } from '../actions/catalog';
import type { ActionPlan } from '../actions/definition';
import { execute } from '../actions/gate';
import { unrecorded } from '../api/recording';
import { kindSpec, type ActionId, type KindItems, type KindSpec, type ListedKind } from '../kinds/registry';
import { monthlyChangeWords } from '../model/cost';
import * as notify from '../ui/notify';
import { itemAction, follow, type BulkAction } from './action';
import { askText } from './askText';
import { confirmModal } from './confirm';
import { typedCheck } from './deleteAction';
import { commandContext, type Started } from './definedSend';
import type { CommandDeps, CommandHandler } from './deps';
import type { PickSpec, Target } from './target';

/** What the prompts and the modal gave: the plan confirmed, the name typed, and where the tasks it starts go (absent on a selection). */
export interface Planned {
  readonly plan?: ActionPlan;
  readonly typed?: string;
  readonly started?: Started[];
  /** What the prompts gave. */
  readonly input?: Record<string, unknown>;
  /**
   * On a selection: the one confirmation had the user type its words ("delete 3 volumes"), which stands for
   * each item's typed name at the gate.
   */
  readonly typedForAll?: boolean;
}

export interface PlannedOptions<K extends ListedKind> {
  readonly kind: K;
  /** The registry's action, and the definition's name for it. */
  readonly action: ActionId;
  readonly pick: () => PickSpec<KindItems[K]>;
  /**
   * Why the item cannot take the action now, in the command's own words, before any prompt (the definition
   * refuses it too, for the other doors).
   */
  readonly refuse?: (item: KindItems[K]) => string | undefined;
  /** The prompts: the definition's input besides the item's ID, or undefined when the user cancelled. */
  readonly input?: (target: Target<K>, deps: CommandDeps) => Promise<Record<string, unknown> | undefined>;
  /** Said while one item of a selection is sent (one item alone says its plan's words). */
  readonly progress: (item: KindItems[K]) => string;
  readonly done: (item: KindItems[K], input: Record<string, unknown>) => string;
  readonly bulk?: BulkAction<K, Planned>;
  /**
   * `prompt` when answering the prompts is itself the confirmation (a rename: the new name typed), so no modal
   * follows them; what destroys data still asks for its name typed. A modal by default.
   */
  readonly confirm?: 'modal' | 'prompt';
  /**
   * The prompts end with the name typed, under the words the plan gives (Delete Stacklet's wizard, whose last
   * step says what goes and what stays): `input`'s `typed` is that answer, which confirms; nothing else is asked.
   */
  readonly typedInPrompts?: boolean;
  /** After it was sent: what the answer says beyond the item itself (something asked along that was not done). */
  readonly settled?: (deps: CommandDeps, data: AgentData) => void;
}

/** What was sent: the definition's answer, the tasks it started, and the first of them (the pipeline's status line marks no task running as done). */
interface Sent {
  readonly data: AgentData;
  readonly started: readonly Started[];
  readonly task: Started[3] | null;
}

/**
 * The plan confirmed in the command's confirmation: its words and the monthly change, or the name typed. What
 * replaces or destroys (`destructive`) is asked with Keep first, the default, as every deletion is.
 */
async function confirmPlan(deps: CommandDeps, plan: ActionPlan, planned: Omit<Planned, 'plan'>, by: 'modal' | 'prompt', destructive: boolean, note = ''): Promise<Planned | undefined> {
  const words = plan.words((text) => text);
  if (plan.typed !== undefined) {
    const typed = await askText(deps, { title: words.question, ...typedCheck(plan.typed, words.detail) });
    return typed === undefined ? undefined : { ...planned, plan, typed };
  }
  if (by === 'prompt') return { ...planned, plan };
  const cost = plan.monthlyChangeUsd === 0 || plan.monthlyChangeUsd === undefined ? '' : `\n\n${vscode.l10n.t('Estimated change to the monthly cost: {0}.', monthlyChangeWords(plan.monthlyChangeUsd))}`;
  const detail = `${words.detail}${cost}${note}`;
  const yes = destructive ? await confirmModal(deps, words.question, detail, words.button) : await deps.prompter.confirm(words.question, detail, words.button);
  return yes ? { ...planned, plan } : undefined;
}

export function plannedAction<K extends ListedKind>(options: PlannedOptions<K>): CommandHandler {
  const { write, definition } = definitionOf(options.kind, options.action);
  const spec = kindSpec(options.kind) as unknown as KindSpec<ListedKind>;
  // The plan sends through the context it was made with: the tasks it starts are kept in `started`.
  const planFor = (deps: CommandDeps, target: Target<K>, input: Record<string, unknown>, started: Started[]) =>
    planOf(commandContext(deps, target as Target<ListedKind>, started), write, definition, { id: spec.key(target.item as never), ...input });
  return itemAction<K, Planned, Sent>({
    kind: options.kind,
    action: options.action,
    pick: options.pick,
    ask: async (target, deps) => {
      const answered = options.input ? await options.input(target, deps) : {};
      if (answered === undefined) return undefined;
      const { typed, ...input } = answered;
      try {
        const started: Started[] = [];
        // A person is not refused what protects a resource from agents; the question says it is protected.
        const tag = protectingTag((target.item as { tags?: readonly string[] }).tags, agentLimits().protectedTags);
        const note = tag === undefined ? '' : `\n\n${vscode.l10n.t('{0} carries the tag {1}, which protects it from agents; you can change it.', spec.name(target.item as never), tag)}`;
        const plan = await planFor(deps, target, input, started);
        if (options.typedInPrompts) return { plan, typed: String(typed), started, input };
        return await confirmPlan(deps, plan, { started, input }, options.confirm ?? 'modal', definition.destructive, note);
      } catch (error) {
        // The definition's refusal, in the words a tool answers with.
        if (!(error instanceof AgentRefusal || error instanceof AgentInputError)) throw error;
        void notify.info(vscode.l10n.t('{0}: {1}', spec.name(target.item as never), error.message));
        return undefined;
      }
    },
    send: async (target, answers, deps) => {
      const started = answers.started ?? [];
      // On a selection each item is planned here, inside its recorded send: what the plan reads is not sent.
      const plan = answers.plan ?? await unrecorded(() => planFor(deps, target, answers.input ?? {}, started));
      const typed = answers.typed ?? (answers.typedForAll ? plan.typed : undefined);
      const data = await execute(commandContext(deps, target as Target<ListedKind>), plan, { door: 'command', typed });
      return { data, started, task: started[0]?.[3] ?? null };
    },
    // The gate read the listings the action leaves stale again; the tasks it started are followed here, where
    // the tasks of a selection are one group.
    settle: (deps, _target, sent) => {
      sent.started.forEach((task) => follow(deps, ...task));
      options.settled?.(deps, sent.data);
    },
    progress: (item, answers) => answers.plan?.progress ?? options.progress(item),
    failure: (item, answers) => answers.plan?.failure ?? vscode.l10n.t('Could not change {0}', spec.name(item as never)),
    done: (item, answers) => options.done(item, answers.input ?? {}),
    ...(options.refuse ? { refuse: options.refuse } : {}),
    ...(options.bulk ? { bulk: typedForAll(options.bulk) } : {}),
  });
}

/**
 * The selection's answers marked when its one confirmation has words to type: what destroys data on each item
 * is then sent with that confirmation standing for its typed name (each item is still planned, refused and
 * sent through the gate on its own).
 */
function typedForAll<K extends ListedKind>(bulk: BulkAction<K, Planned>): BulkAction<K, Planned> {
  return {
    ...bulk,
    ask: async (targets, deps) => {
      const answers = bulk.ask ? await bulk.ask(targets, deps) : {};
      return answers && { ...answers, typedForAll: bulk.confirm(targets.items.length, answers).typed !== undefined };
    },
  };
}
