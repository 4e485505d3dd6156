/**
 * A create, for any kind: what every create shares is said here once (what it makes named first, as `new`; each
 * name checked; the words while it is made and when it fails, from its names; Create as the button; nothing
 * destroyed), and each kind's operations.ts gives its checks, its change, its question and its request. The
 * definition says what an input names (`named`), so a wizard has its words before any plan exists. No vscode import.
 */
import type * as z from 'zod/mini';
import type { AnswerData } from './answerData';
import type { ListedKind } from '../kinds/registry';
import type { ConfirmationWords } from '../model/actionWords';
import { define, type ActionContext, type ActionDefinition, type Literal, type PlanBody, type PlannedResource, type Shape, type ToolKind } from './definition';
import { button } from './buttons';
import { check } from './fields';
import { made } from './answers';

type Input<S extends Shape> = z.infer<z.ZodMiniObject<S>>;

/** What a create's plan gives besides what every create shares. */
export interface CreatePlan extends Omit<PlanBody, 'resources' | 'words' | 'failure' | 'progress' | 'send' | 'destroysData' | 'typed'> {
  /** What it is made on, named before it (a volume's stacklet, a node pool's cluster). */
  readonly on?: PlannedResource;
  /** What else it names, after it (the stacklets it goes on, the links it is made with). */
  readonly resources?: readonly PlannedResource[];
  /** Its words where they need what the plan read (a node pool's cluster); else the options'. */
  readonly progress?: string;
  readonly failure?: string;
  /** The question and its detail; the button is Create unless given. */
  readonly words: (literal: Literal) => Omit<ConfirmationWords, 'button'> & { readonly button?: string };
  /** The request whose answer is the new resource, remembered as the account's (made); or `send` for any other answer. */
  readonly request?: () => Promise<unknown>;
  readonly send?: () => Promise<AnswerData>;
}

export interface CreateOptions<S extends Shape> {
  readonly kind: ToolKind;
  /** Its name in the tool's `action` field: `create` unless the tool says otherwise (a node pool is added). */
  readonly action?: string;
  readonly title: string;
  readonly description: string;
  readonly shape: S;
  /** The names of what it makes, as the input gives them: its `name` by default. */
  readonly names?: (input: Input<S>) => readonly string[];
  /** Each name's check, as the wizard's name step makes it, refused naming `name`; absent where the plan checks it. */
  readonly checkName?: (name: string, field: string) => string | undefined;
  /** What is said while it is made, and when it fails, of its names ("Creating VPC web…"); else the plan's own. */
  readonly progress?: (names: string) => string;
  readonly failure?: (names: string) => string;
  readonly plan: (ctx: ActionContext, input: Input<S>) => Promise<CreatePlan>;
}

/** A create's words of its names; a definition that gives them neither here nor in its plan is a mistake. */
function said(words: ((names: string) => string) | undefined, names: readonly string[]): string {
  if (!words) throw new Error('A create gives its progress and failure words, in its options or its plan');
  return words(names.join(', '));
}

export function createAction<S extends Shape>(options: CreateOptions<S>): ActionDefinition {
  const { kind } = options;
  const namesOf = (input: Input<S>) => options.names?.(input) ?? [String((input as { name?: unknown }).name)];
  return define({
    kind,
    action: options.action ?? 'create',
    title: options.title,
    description: options.description,
    shape: options.shape,
    destructive: false,
    named: (input) => namesOf(input as Input<S>).join(', '),
    plan: async (ctx, input) => {
      if (options.checkName) check('name', options.checkName(String((input as { name?: unknown }).name), 'name'));
      const { on, resources = [], progress, failure, words, request, send, ...rest } = await options.plan(ctx, input);
      const names = namesOf(input);
      return {
        ...rest,
        resources: [...(on ? [on] : []), ...names.map((name) => ({ kind, name, role: 'new' as const })), ...resources],
        progress: progress ?? said(options.progress, names),
        failure: failure ?? said(options.failure, names),
        words: (literal) => ({ button: button.create(), ...words(literal) }),
        send: send ?? (async () => made(ctx, kind as ListedKind, await request!() as never)),
      };
    },
  });
}
