/**
 * One action, defined once (issue 34): what it takes (a zod input whose every field is described), what it
 * refuses (the UI's checks, src/model/actionChecks.ts, as ActionRefusal), its plan (every resource by name and ID
 * with its role, the change, the monthly change, whether it destroys data and what to type, the UI's words),
 * what it sends (through the client) and which listings it leaves stale. The definitions live with their kind
 * (src/kinds/<kind>/operations.ts); three doors open onto them, each only collecting the input and confirming
 * the plan its own way: a command (its prompts, its modal), a language model tool (prepareInvocation) and an
 * MCP tool (elicitation). Every door sends through `execute` (./gate.ts), the one place a confirmed plan passes.
 * No vscode import.
 */
import type * as z from 'zod/mini';
import type * as s from '../api/schemas';
import type { AnswerData } from './answerData';
import type { ReadContext } from './readContext';
import type { ListedKind, ListingKind, TaskKind } from '../kinds/registry';
import type { AgentLimits, SpendingLedger } from '../agent/guards';
import type { AgentMark } from '../model/actionHistory';
import type { ConfirmationWords } from '../model/actionWords';
import { monthlyChangeWords } from '../model/cost';

/** What an action acts through, besides what the reads read through. */
export interface ActionContext extends ReadContext {
  /** Whether a task the door follows runs on the resource (the extension's task tracker); the item's own task counts anyway. */
  readonly isBusy?: (kind: TaskKind, id: string | number) => boolean;
  /** A task the service answered with, for the door to follow (the status bar). */
  readonly onTask?: (kind: TaskKind, id: string | number, name: string, task: s.Task) => void;
  /** A line of the log for each request sent (never a header). */
  readonly log?: (line: string) => void;
  /** Present when an agent asks (a language model tool, an MCP tool): its limits are checked and its changes marked. */
  readonly agent?: AgentDoor;
}

/** The agent behind a door: which tool and door (for the action history), and the limits the person set for agents. */
export interface AgentDoor extends AgentMark {
  /** Read at each plan, so that a changed setting holds from the next call on. */
  readonly limits: () => AgentLimits;
  /** This session's confirmed increases (a window's, or an MCP server's run). */
  readonly ledger: SpendingLedger;
}

/** How a door shows service text in its confirmation: Markdown-escaped, one plain line… */
export type Literal = (text: string) => string;

/** A resource the plan touches, and how. */
export interface PlannedResource {
  readonly kind: string;
  /** Absent for what the plan creates. */
  readonly id?: string | number;
  readonly name: string;
  /**
   * `detached`: a stacklet taken out from behind the target (a firewall); `cluster`: a node pool's cluster; `goes`:
   * deleted along with the target (a stacklet's volume the user chose); `stays`: left as it is.
   */
  readonly role: 'target' | 'firewall' | 'leaves firewall' | 'stacklet' | 'detached' | 'goes' | 'stays' | 'new' | 'cluster';
}

export interface ActionPlan {
  /** The tool (one per kind) and the action in it: what the plan is of. */
  readonly tool: string;
  readonly action: string;
  readonly resources: readonly PlannedResource[];
  /** What changes, as data (names only as values). */
  readonly change: Readonly<Record<string, unknown>>;
  /** The change to the monthly estimate in US dollars: 0 for none, undefined when not estimated. */
  readonly monthlyChangeUsd: number | undefined;
  readonly destroysData: boolean;
  /** For what destroys data: the text the user types to confirm (the name, or a backup's ID). */
  readonly typed?: string;
  /** The UI's confirmation words, with every service text passed through `literal`. */
  readonly words: (literal: Literal) => ConfirmationWords;
  /** What is said when the service refuses or fails it ("Could not power off web-1"), names as they are. */
  readonly failure: string;
  /** What is said while it is sent ("Powering off web-1…"), names as they are: the request's title in the action history too. */
  readonly progress: string;
  /**
   * The listings the change leaves stale, read again after it is sent; not the one an answer that is the
   * resource itself updates in place (./answers.ts answered), but the own kind's where the answer is not it.
   */
  readonly stale: readonly ListingKind[];
  /** Sends it; the answer (the resource as it is now, its task) as envelope data. Throws the client's error. */
  readonly send: () => Promise<AnswerData>;
}

/**
 * What a door says once the plan was sent: its progress words, ended ("Powering off web-1."). Every locale's
 * progress words end in an ellipsis, so they are ended here rather than written a second time.
 */
export function sentWords(plan: ActionPlan): string {
  return plan.progress.replace(/…$/, '.');
}

/** What a plan acts on: its target, or what it creates (else its first resource). */
export function targetOf(plan: ActionPlan): PlannedResource {
  return plan.resources.find((resource) => resource.role === 'target' || resource.role === 'new') ?? plan.resources[0]!;
}

/** The tail of a plan most definitions leave as it is. */
type Tail = 'monthlyChangeUsd' | 'destroysData' | 'stale';

/**
 * A plan as a definition makes it: the tool and action are the catalog's to add (./writeTool.ts), and the tail has
 * defaults (`withTail`): a monthly change of 0 when absent (an explicit undefined says "not estimated"), data
 * destroyed exactly when a text is to be typed, and no listing stale (an answer that is the resource itself
 * replaces it in the cache, ./answers.ts answered; a create's own listing is read again by made()).
 */
export type PlanBody = Omit<ActionPlan, 'tool' | 'action' | Tail> & Partial<Pick<ActionPlan, Tail>>;

/** The plan of `body`, its tail's defaults filled in. */
export function withTail(tool: string, action: string, body: PlanBody): ActionPlan {
  return {
    ...body,
    tool,
    action,
    monthlyChangeUsd: 'monthlyChangeUsd' in body ? body.monthlyChangeUsd : 0,
    destroysData: body.destroysData ?? body.typed !== undefined,
    stale: body.stale ?? [],
  };
}

export type Shape = Record<string, z.ZodMiniType>;

/**
 * The kinds a write tool acts on: those the service lists, and node pools, which it lists inside their cluster
 * (identified by the cluster's ID and the pool's).
 */
export type ToolKind = ListedKind | 'nodePool';

/** One action on one kind: the kind's tool offers it as `action`. */
export interface ActionDefinition<S extends Shape = Shape> {
  /** The kind whose tool offers it (a create is its new resource's kind). */
  readonly kind: ToolKind;
  /** Its name in the tool's `action` field: the registry's ActionId where it has one (powerOff, resize, delete…). */
  readonly action: string;
  /** What it does, for the model, in a few words ("Power off a stacklet"). */
  readonly title: string;
  /** What it takes and refuses, for the model. */
  readonly description: string;
  /** Its input besides `action`: every field described (z.describe), an enum where the values are known. */
  readonly shape: S;
  /** Whether it replaces or destroys what is there (a firewall's rules, a deletion): the MCP destructiveHint. */
  readonly destructive: boolean;
  /** What an input names, for a door's words before any plan exists (a create wizard's refusal): what a create makes. */
  readonly named?: (input: Record<string, unknown>) => string;
  /** The plan for the input, or a refusal (ActionRefusal) or a bad input (ActionInputError). Reads, never sends. */
  readonly plan: (ctx: ActionContext, input: z.infer<z.ZodMiniObject<S>>) => Promise<PlanBody>;
}

/** Declares a definition with its input's type checked against its shape. */
export function define<S extends Shape>(definition: ActionDefinition<S>): ActionDefinition {
  return definition as unknown as ActionDefinition;
}

/** The plan as data for the model (and for a door that shows it as JSON). */
export function planData(plan: ActionPlan): AnswerData {
  return {
    tool: plan.tool,
    action: plan.action,
    resources: plan.resources,
    change: plan.change,
    monthlyChangeUsd: plan.monthlyChangeUsd ?? null,
    monthlyChange: monthlyChangeWords(plan.monthlyChangeUsd),
    destroysData: plan.destroysData,
    ...(plan.typed !== undefined ? { typeToConfirm: plan.typed } : {}),
  };
}
