/**
 * A create wizard as a door onto its kind's create definition: nothing is sent before the review its steps end
 * in, which confirms as every other change is confirmed: what the plan makes, its monthly estimate, then Back
 * (the default: to any step, every answer kept) or Create. The runner (src/actions/runner.ts) plans, refuses and
 * sends it, with the plan's words. When the definition or the service refuses, nothing is lost: "Edit and Retry"
 * opens the wizard again with every answer kept, at the step of the field named (or the first step when none was).
 */
import * as vscode from 'vscode';
import type { AnswerData } from '../actions/answerData';
import { ActionInputError } from '../actions/refusals';
import { definitionOf } from '../kinds/operations';
import type { ActionPlan, ToolKind } from '../actions/definition';
import { isRefusal, run } from '../actions/runner';
import { refusalNamesField } from '../api/refusals';
import type { ActiveSession } from '../auth/session';
import { describeError } from '../api/errorText';
import { monthlyChangeWords } from '../model/cost';
import * as notify from '../ui/notify';
import { windowDoor } from '../ui/windowDoor';
import { commandContext } from './actionCommand';
import type { CommandDeps } from './deps';
import { runWizard, type AnsweredStep, type WizardOptions, type WizardStep } from './wizard';

export interface CreateFlow<S> {
  /** The create definition: the kind's tool, and its action. */
  readonly kind: ToolKind;
  readonly action?: string;
  readonly state: S;
  readonly steps: (state: S) => readonly WizardStep<S>[];
  /** The request fields the definition or the service may name in a refusal, each with the step that asks for it. */
  readonly fields: Readonly<Record<string, string>>;
  /** The definition's input the answers make. */
  readonly input: (answers: S) => Record<string, unknown>;
  /** How the wizard numbers its steps (see WizardOptions). */
  readonly wizard?: Omit<WizardOptions, 'startAt'>;
}

/** What was created: the answers that made it, the plan, and the definition's answer. */
export interface Created<S> {
  readonly answers: S;
  readonly plan: ActionPlan;
  readonly data: AnswerData;
}

/** The created resource with the answers that made it, or undefined when the user gave up. */
export async function createWithRetry<S>(deps: CommandDeps, session: ActiveSession, flow: CreateFlow<S>): Promise<Created<S> | undefined> {
  const defined = definitionOf(flow.kind, flow.action ?? 'create');
  // Each step's title and answer, for the review's Back; kept while the wizard is reopened.
  const trail = new Map<string, AnsweredStep>();
  // The failure's words: the plan's, once there is one; the refusal's own before.
  let failure: string | undefined;
  // The step the review's Back chose, when it did.
  let backTo: string | undefined;
  let startAt: string | undefined;
  for (;;) {
    const answers = await runWizard(flow.state, flow.steps, { ...flow.wizard, trail, ...(startAt === undefined ? {} : { startAt }) });
    if (!answers) return undefined;
    failure = undefined;
    backTo = undefined;
    const review = async ([planned]: readonly ActionPlan[]) => {
      const answer = await reviewPlan(deps, planned!, flow.steps(answers), trail);
      if (answer === CREATE) return {};
      backTo = answer;
      return undefined;
    };
    const door = { ...windowDoor('command', deps.notifier, review), failed: (plan: ActionPlan) => (failure = plan.failure) };
    try {
      const result = await run(commandContext(deps, session), defined, flow.input(answers), door);
      if (result.status === 'sent') return { answers, plan: result.plan, data: result.data };
      if (backTo === undefined) return undefined;
      startAt = backTo;
    } catch (error) {
      if (!isRefusal(error) && failure === undefined) throw error;
      // Before any plan exists, a refusal is said of what the definition says the input names ("web-1: …").
      const message = vscode.l10n.t('{0}: {1}', failure ?? defined.definition.named?.(flow.input(answers)) ?? '', describeError(error));
      deps.log.error(message);
      const retry = vscode.l10n.t('Edit and Retry');
      const showLog = vscode.l10n.t('Show Log');
      const choice = await notify.error(message, retry, showLog);
      if (choice === showLog) deps.log.show(true);
      if (choice !== retry) return undefined;
      // The step of the field named: by the definition's check, or by the service.
      // A field of a list (`names.1`, `sshKeys.0`) is its list's step.
      const named = error instanceof ActionInputError ? error.field.replace(/\.\d+$/, '') : undefined;
      startAt = named !== undefined
        ? flow.fields[named] ?? Object.values(flow.fields).find((step) => step === named)
        : Object.entries(flow.fields).find(([field]) => refusalNamesField(error, field))?.[1];
    }
  }
}

const CREATE = Symbol('create');

/**
 * The review a create wizard ends in: the plan's question and words (what is made, where, what it attaches to),
 * the monthly estimate, then Back first (what Enter picks: nothing is sent and nothing is lost) and the plan's
 * button (Create) last; Escape ends the wizard, sending nothing. CREATE when confirmed, the id of the step Back
 * chose, or undefined.
 */
async function reviewPlan(deps: CommandDeps, planned: ActionPlan, steps: readonly WizardStep<unknown>[], trail: ReadonlyMap<string, AnsweredStep>): Promise<typeof CREATE | string | undefined> {
  const words = planned.words((text) => text);
  const cost = vscode.l10n.t('Estimated change to the monthly cost: {0}.', monthlyChangeWords(planned.monthlyChangeUsd));
  const back = vscode.l10n.t('Back');
  const chosen = await deps.prompter.choose(words.question, [words.detail, cost].filter((line) => line !== '').join('\n'), [back, words.button]);
  if (chosen === undefined) return undefined;
  if (chosen !== back) return CREATE;
  const asked = steps.map((step) => ({ id: step.id, ...(trail.get(step.id) ?? { title: step.id, answer: '' }) }));
  const titles = ownWords(asked.map((step) => step.title));
  return deps.prompter.pick<string>({
    title: words.question,
    placeHolder: vscode.l10n.t('Back to which step? Every answer is kept.'),
    items: asked.map((step, i) => ({ label: titles[i]!, description: step.answer === '' ? vscode.l10n.t('none') : step.answer, value: step.id })),
  }).then((id) => (typeof id === 'string' ? id : undefined));
}

/** The step titles without the words all of them begin with, up to a colon ("Create Stacklet: Name" → "Name"). */
function ownWords(titles: readonly string[]): string[] {
  let common = titles[0] ?? '';
  for (const title of titles) while (!title.startsWith(common)) common = common.slice(0, -1);
  const cut = common.lastIndexOf(': ') + 2;
  return cut < 2 || titles.length < 2 ? [...titles] : titles.map((title) => title.slice(cut));
}
