/**
 * Multi-step input (after vscode-extension-samples `quickinput-sample/src/multiStepInput.ts`): a list of
 * steps, each asking one question through the Prompter and writing its answer into a state object. Back
 * re-asks the previous step with its earlier answer pre-filled; answers are kept until the wizard ends;
 * Escape at any step ends the wizard with `undefined`, before anything is sent.
 *
 * The list of steps is rebuilt from the state after every answer, so a step can depend on earlier ones (a
 * health-check path only for HTTP checks, one more forwarding rule after "add another").
 */
import { checkTypedNumber, type Problem } from '../api/validators';
import { BACK, type Back, type InputOptions, type PickItem, type PickOptions } from '../ui/prompter';
import type { CommandDeps } from './deps';

/**
 * True for the Prompter's BACK. Integration tests run from a separately compiled copy of prompter.ts, whose
 * BACK is another symbol with the same description; both mean Back.
 */
export function isBack(value: unknown): value is Back {
  return value === BACK;
}

export interface StepPosition {
  readonly step: number;
  /** Undefined for a wizard whose length depends on its answers: its steps are numbered without a total. */
  readonly totalSteps: number | undefined;
  /** Told the step's title and its answer in words once it is answered (see WizardOptions.trail). */
  readonly answered?: (title: string, answer: string) => void;
}

/** A step as it was last answered: its title and the answer in words, which a create's review lists for Back. */
export interface AnsweredStep {
  readonly title: string;
  readonly answer: string;
}

export interface WizardOptions {
  /**
   * False when how many steps there are depends on the answers (a loop, a step only for some answers): the
   * steps then show their number alone, never a total that changes midway.
   */
  readonly countKnown?: boolean;
  /** The id of the step to open at, the steps before it being answered already (Edit and Retry, a review's Back). */
  readonly startAt?: string;
  /** Filled with each step's title and answer, by step id, as they are answered: kept across runs by its owner. */
  readonly trail?: Map<string, AnsweredStep>;
}

/** What a step did: answered ('next'), went Back, or was cancelled (undefined). */
export type StepAnswer = 'next' | Back | undefined;

export interface WizardStep<S> {
  /** Unique within the wizard: how Back finds the step again after the list was rebuilt. */
  readonly id: string;
  ask(state: S, at: StepPosition): Promise<StepAnswer>;
}

/**
 * Runs the steps in order; the filled state, or undefined when the user cancelled at any step. `startAt`
 * (a step id) opens the wizard at that step with the steps before it answered: Edit and Retry after the
 * service refused what the wizard sent.
 */
export async function runWizard<S>(state: S, build: (state: S) => readonly WizardStep<S>[], options: WizardOptions = {}): Promise<S | undefined> {
  const first = options.startAt === undefined ? -1 : build(state).findIndex((s) => s.id === options.startAt);
  const history: string[] = first > 0 ? build(state).slice(0, first).map((s) => s.id) : [];
  let index = Math.max(0, first);
  for (;;) {
    const steps = build(state);
    if (index >= steps.length) return state;
    const step = steps[index]!;
    const answer = await step.ask(state, {
      step: index + 1,
      totalSteps: options.countKnown === false ? undefined : steps.length,
      answered: (title, words) => options.trail?.set(step.id, { title, answer: words }),
    });
    if (answer === undefined) return undefined;
    if (isBack(answer)) {
      const previous = history.pop();
      if (previous !== undefined) index = Math.max(0, build(state).findIndex((s) => s.id === previous));
      continue;
    }
    history.push(step.id);
    index = build(state).findIndex((s) => s.id === step.id) + 1;
  }
}

type InputSpec = Omit<InputOptions, 'step' | 'totalSteps' | 'value'> & {
  /** Shown the first time; an earlier answer replaces it. */
  readonly initial?: string;
};

/** A text step; the earlier answer (after Back) is the pre-filled value. */
export function inputStep<S>(
  deps: CommandDeps,
  id: string,
  spec: (state: S) => InputSpec,
  read: (state: S) => string | undefined,
  write: (state: S, text: string) => void,
): WizardStep<S> {
  return {
    id,
    async ask(state, at) {
      const { initial, ...options } = spec(state);
      const answer = await deps.prompter.input({ ...options, value: read(state) ?? initial ?? '', step: at.step, totalSteps: at.totalSteps });
      if (answer === undefined) return undefined;
      if (isBack(answer)) return BACK;
      write(state, answer.trim());
      at.answered?.(options.title, options.password ? '••••••' : answer.trim());
      return 'next';
    },
  };
}

type NumberSpec = Omit<InputSpec, 'validate'> & {
  /** The subject of the messages: "Node count must be from 1 to 100". */
  readonly what: string;
  readonly check: (value: number, what: string) => Problem;
};

/** A text step for a whole number, checked as it is typed (a whole number first, then `check`). */
export function wholeNumberStep<S>(
  deps: CommandDeps,
  id: string,
  spec: (state: S) => NumberSpec,
  read: (state: S) => string | undefined,
  write: (state: S, text: string) => void,
): WizardStep<S> {
  return inputStep(deps, id, (state) => {
    const { what, check, ...options } = spec(state);
    return { ...options, validate: (text) => checkTypedNumber(text, (value) => check(value, what), what) };
  }, read, write);
}

type PickSpec<T> = Omit<PickOptions<T>, 'step' | 'totalSteps' | 'canPickMany'> & {
  /** The item active the first time (the current value); an earlier answer replaces it. */
  readonly initial?: T;
};

/** Puts the item holding `previous` first, so Enter keeps the earlier answer. */
export function previousFirst<T>(items: readonly PickItem<T>[], previous: T | undefined, same: (a: T, b: T) => boolean = Object.is): PickItem<T>[] {
  if (previous === undefined) return [...items];
  const index = items.findIndex((item) => same(item.value, previous));
  if (index <= 0) return [...items];
  return [items[index]!, ...items.slice(0, index), ...items.slice(index + 1)];
}

/** The labels of the items holding `values`, as the list shows them (a value typed, not listed, as it is). */
export function labelsOf<T>(items: readonly PickItem<T>[], values: readonly T[], same: (a: T, b: T) => boolean = Object.is): string {
  return values.map((value) => items.find((item) => same(item.value, value))?.label ?? String(value)).join(', ');
}

/** A one-of-a-list step; after Back the earlier answer is the first (active) item. */
export function pickStep<S, T>(
  deps: CommandDeps,
  id: string,
  spec: (state: S) => PickSpec<T> | Promise<PickSpec<T>>,
  read: (state: S) => T | undefined,
  write: (state: S, value: T) => void,
  same?: (a: T, b: T) => boolean,
): WizardStep<S> {
  return {
    id,
    async ask(state, at) {
      const { initial, ...options } = await spec(state);
      const answer = await deps.prompter.pick<T>({ ...options, items: previousFirst(options.items, read(state) ?? initial, same), step: at.step, totalSteps: at.totalSteps });
      if (answer === undefined) return undefined;
      if (isBack(answer)) return BACK;
      write(state, answer);
      at.answered?.(options.title, labelsOf(options.items, [answer], same ?? Object.is));
      return 'next';
    },
  };
}

/** A several-of-a-list step (none is a valid answer); after Back the earlier answers are pre-selected. */
export function pickManyStep<S, T>(
  deps: CommandDeps,
  id: string,
  spec: (state: S) => PickSpec<T> | Promise<PickSpec<T>>,
  read: (state: S) => readonly T[] | undefined,
  write: (state: S, values: T[]) => void,
  same: (a: T, b: T) => boolean = Object.is,
): WizardStep<S> {
  return {
    id,
    async ask(state, at) {
      const options = await spec(state);
      const previous = read(state);
      const items = previous === undefined
        ? options.items
        : options.items.map((item) => ({ ...item, picked: previous.some((value) => same(value, item.value)) }));
      const answer = await deps.prompter.pickMany<T>({ ...options, items, canPickMany: true, step: at.step, totalSteps: at.totalSteps });
      if (answer === undefined) return undefined;
      if (isBack(answer)) return BACK;
      write(state, answer);
      at.answered?.(options.title, labelsOf(options.items, answer, same));
      return 'next';
    },
  };
}
