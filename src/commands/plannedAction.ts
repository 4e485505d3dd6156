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
import { planOf } from '../actions/catalog';
import { definitionOf } from '../kinds/operations';
import type { ActionPlan, ToolKind } from '../actions/definition';
import { execute } from '../actions/gate';
import { unrecorded } from '../api/recording';
import { kindSpec, type ActionId, type KindItems, type KindSpec, type ListedKind } from '../kinds/registry';
import { monthlyChangeWords } from '../model/cost';
import * as notify from '../ui/notify';
import { itemAction, follow, type BulkAction } from './action';
import { askText } from './askText';
import { confirmModal } from './confirm';
import { typedCheck } from './typedCheck';
import { commandContext, type Started } from './definedSend';
import type { ActiveSession } from '../auth/session';
import type { CommandDeps, CommandHandler } from './deps';
import type { PickSpec, Target } from './target';

/**
 * What the prompts and the modal gave: the plan confirmed, the name typed, and where the tasks it starts go (absent on a selection).
 * `I` is what the prompts give (the definition's input besides the item's ID); `X` what a selection's one question
 * learnt besides it, for its confirmation (a size's price).
 */
export interface Planned<I extends object = Input, X = undefined> {
  readonly plan?: ActionPlan;
  readonly typed?: string;
  readonly started?: Started[];
  /** What the prompts gave. */
  readonly input?: I;
  readonly found?: X;
  /**
   * On a selection: the one confirmation had the user type its words ("delete 3 volumes"), which stands for
   * each item's typed name at the gate.
   */
  readonly typedForAll?: boolean;
}

type Input = Record<string, unknown>;

/**
 * How a plan is confirmed: `modal` (Keep first, as every confirmation); `keep`
 * (Keep first, as a deletion's question asks); `prompt` when answering the prompts is itself the confirmation (a
 * rename: the new name typed), so nothing follows them. What destroys data asks for its name typed whichever.
 */
export type Confirm = 'modal' | 'keep' | 'prompt';

export interface PlannedOptions<K extends ListedKind, I extends object = Input, X = undefined> {
  readonly kind: K;
  /** The registry's action, and the definition's name for it. */
  readonly action: ActionId;
  readonly pick: () => PickSpec<KindItems[K]>;
  /** Why this item cannot take the action now, said before any prompt (nothing is planned), or undefined. */
  readonly refuse?: (item: KindItems[K]) => string | undefined;
  /** The prompts: the definition's input besides the item's ID, or undefined when the user cancelled. */
  readonly input?: (target: Target<K>, deps: CommandDeps) => Promise<I | undefined>;
  /** One item's input from what the prompts gave, where it differs per item (a selection's snapshots, each named for its stacklet). */
  readonly each?: (item: KindItems[K], input: I) => I;
  /**
   * After the service refused what was sent: a new input to plan and send once more (a password the service
   * insists on, asked then), or undefined to let the failure stand.
   */
  readonly retry?: (target: Target<K>, error: unknown, input: I, deps: CommandDeps) => Promise<I | undefined>;
  /** Said while one item of a selection is sent (one item alone says its plan's words); `found` as the selection's question gave it. */
  readonly progress: (item: KindItems[K], input: I, found: X | undefined) => string;
  /** Said once it was sent; `plan` is the one item's (absent on a selection). */
  readonly done: (item: KindItems[K], input: I, plan: ActionPlan | undefined) => string;
  readonly bulk?: BulkAction<K, Planned<I, X>>;
  /**
   * See Confirm; a modal by default. A function decides it from what the prompts gave (a password typed is its
   * own confirmation; one the service makes up is not).
   */
  readonly confirm?: Confirm | ((input: I) => Confirm);
  /**
   * The definition, when it is not the registry's action on this kind: Add Node Pool is the node-pool tool's
   * `add`, the cluster given as its `cluster`.
   */
  readonly defined?: { readonly kind: ToolKind; readonly action: string; readonly idField: string };
  /**
   * The prompts end with the name typed, under the words the plan gives (Delete Stacklet's wizard, whose last
   * step says what goes and what stays): `input`'s `typed` is that answer, which confirms; nothing else is asked.
   */
  readonly typedInPrompts?: boolean;
  /** After it was sent: what the answer says beyond the item itself (something asked along that was not done). */
  readonly settled?: (deps: CommandDeps, data: AgentData) => void;
}

/** What was sent: the definition's answer, the tasks it started, and the first of them (the pipeline's status line marks no task running as done). */
export interface Sent {
  readonly data: AgentData;
  readonly started: readonly Started[];
  readonly task: Started[3] | null;
}

/** A plan made for the tasks it starts to be kept in the list it is given. */
type PlanWith = (started: Started[]) => Promise<ActionPlan>;

/** The plan confirmed in the command's confirmation: its words and the monthly change, or the name typed. */
async function confirmPlan<I extends object, X>(deps: CommandDeps, plan: ActionPlan, planned: Omit<Planned<I, X>, 'plan'>, by: Confirm, note = ''): Promise<Planned<I, X> | undefined> {
  const words = plan.words((text) => text);
  if (plan.typed !== undefined) {
    // Typed already, as the prompts' last answer (Delete Stacklet's wizard): the gate checks it.
    if (planned.typed !== undefined) return { ...planned, plan };
    const typed = await askText(deps, { title: words.question, ...typedCheck(plan.typed, words.detail) });
    return typed === undefined ? undefined : { ...planned, plan, typed };
  }
  if (by === 'prompt') return { ...planned, plan };
  const cost = plan.monthlyChangeUsd === 0 || plan.monthlyChangeUsd === undefined ? '' : `\n\n${vscode.l10n.t('Estimated change to the monthly cost: {0}.', monthlyChangeWords(plan.monthlyChangeUsd))}`;
  const detail = `${words.detail}${cost}${note}`;
  const yes = by === 'keep' ? await confirmModal(deps, words.question, detail, words.button) : await deps.prompter.confirm(words.question, detail, words.button);
  return yes ? { ...planned, plan } : undefined;
}

/**
 * Plans with `plan` (the tasks it starts kept in the list it is given) and confirms it `by` the modal or the
 * prompts; a definition's refusal is said, naming `name`, and nothing is asked or sent.
 */
export async function planAndConfirm<I extends object, X = undefined>(deps: CommandDeps, name: string, plan: PlanWith, input: I, by: Confirm, note = '', typed?: string): Promise<Planned<I, X> | undefined> {
  try {
    const started: Started[] = [];
    return await confirmPlan<I, X>(deps, await plan(started), { started, input, ...(typed !== undefined ? { typed } : {}) }, by, note);
  } catch (error) {
    // The definition's refusal, in the words a tool answers with.
    if (!(error instanceof AgentRefusal || error instanceof AgentInputError)) throw error;
    void notify.info(vscode.l10n.t('{0}: {1}', name, error.message));
    return undefined;
  }
}

/**
 * Sends the confirmed plan through the gate (planned again with `plan` on a selection, which confirmed once for
 * all); after a failure, `again` may give a plan to send once more (a password the service insists on).
 */
export async function sendPlanned<I extends object, X>(deps: CommandDeps, session: Pick<ActiveSession, 'client' | 'store'>, answers: Planned<I, X>, plan: PlanWith, again?: (error: unknown) => Promise<PlanWith | undefined>): Promise<Sent> {
  const started = answers.started ?? [];
  const ctx = commandContext(deps, session);
  // On a selection each item is planned here, inside its recorded send: what the plan reads is not what it sent.
  const planned = answers.plan ?? await unrecorded(() => plan(started));
  const typed = answers.typed ?? (answers.typedForAll ? planned.typed : undefined);
  let data: AgentData;
  try {
    data = await execute(ctx, planned, { door: 'command', typed });
  } catch (error) {
    const next = await again?.(error);
    if (next === undefined) throw error;
    data = await execute(ctx, await unrecorded(() => next(started)), { door: 'command', typed });
  }
  return { data, started, task: started[0]?.[3] ?? null };
}

export function plannedAction<K extends ListedKind, I extends object = Input, X = undefined>(options: PlannedOptions<K, I, X>): CommandHandler {
  const { write, definition } = definitionOf(options.defined?.kind ?? options.kind, options.defined?.action ?? options.action);
  const idField = options.defined?.idField ?? 'id';
  const spec = kindSpec(options.kind) as unknown as KindSpec<ListedKind>;
  // The plan sends through the context it was made with: the tasks it starts are kept in `started`.
  const planFor = (deps: CommandDeps, target: Target<K>, input: I): PlanWith => (started) =>
    planOf(commandContext(deps, target as Target<ListedKind>, started), write, definition, { [idField]: spec.key(target.item as never), ...(options.each ? options.each(target.item, input) : input) });
  // What a definition marks destructive is asked with Keep first, as every deletion is.
  const asked = (by: Confirm): Confirm => (by === 'modal' && definition.destructive ? 'keep' : by);
  const inputOf = (answers: Planned<I, X>) => answers.input ?? ({} as I);
  return itemAction<K, Planned<I, X>, Sent>({
    kind: options.kind,
    action: options.action,
    pick: options.pick,
    ...(options.refuse ? { refuse: options.refuse } : {}),
    ask: async (target, deps) => {
      const answered = options.input ? await options.input(target, deps) : ({} as I);
      if (answered === undefined) return undefined;
      if (options.typedInPrompts) {
        const { typed, ...input } = answered as I & { typed?: unknown };
        return planAndConfirm<I, X>(deps, spec.name(target.item as never), planFor(deps, target, input as I), input as I, 'prompt', '', String(typed));
      }
      const input = answered;
      // A person is not refused what protects a resource from agents; the question says it is protected.
      const tag = protectingTag((target.item as { tags?: readonly string[] }).tags, agentLimits().protectedTags);
      const note = tag === undefined ? '' : `\n\n${vscode.l10n.t('{0} carries the tag {1}, which protects it from agents; you can change it.', spec.name(target.item as never), tag)}`;
      const by = typeof options.confirm === 'function' ? options.confirm(input) : options.confirm ?? 'modal';
      return planAndConfirm<I, X>(deps, spec.name(target.item as never), planFor(deps, target, input), input, asked(by), note);
    },
    send: (target, answers, deps) => sendPlanned(deps, target, answers, planFor(deps, target, inputOf(answers)), async (error) => {
      const again = await options.retry?.(target, error, inputOf(answers), deps);
      return again === undefined ? undefined : planFor(deps, target, again);
    }),
    // The gate read the listings the action leaves stale again; the tasks it started are followed here, where
    // the tasks of a selection are one group.
    settle: (deps, _target, sent) => {
      sent.started.forEach((task) => follow(deps, ...task));
      options.settled?.(deps, sent.data);
    },
    progress: (item, answers) => answers.plan?.progress ?? options.progress(item, inputOf(answers), answers.found),
    failure: (item, answers) => answers.plan?.failure ?? vscode.l10n.t('Could not change {0}', spec.name(item as never)),
    done: (item, answers) => options.done(item, inputOf(answers), answers.plan),
    ...(options.bulk ? { bulk: typedForAll(options.bulk) } : {}),
  });
}

/**
 * The selection's answers marked when its one confirmation has words to type: what destroys data on each item
 * is then sent with that confirmation standing for its typed name (each item is still planned, refused and
 * sent through the gate on its own).
 */
function typedForAll<K extends ListedKind, I extends object, X>(bulk: BulkAction<K, Planned<I, X>>): BulkAction<K, Planned<I, X>> {
  return {
    ...bulk,
    ask: async (targets, deps) => {
      const answers = bulk.ask ? await bulk.ask(targets, deps) : {};
      return answers && { ...answers, typedForAll: bulk.confirm(targets.items.length, answers).typed !== undefined };
    },
  };
}
