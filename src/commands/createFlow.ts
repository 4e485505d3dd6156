/**
 * A create wizard as a door onto its kind's create definition: nothing is sent before the last answer, which is
 * the confirmation; the runner (src/actions/runner.ts) plans, refuses and sends it, with the plan's words. When
 * the definition or the service refuses, nothing is lost: "Edit and Retry" opens the wizard again with every
 * answer kept, at the step of the field named (or the first step when none was).
 */
import * as vscode from 'vscode';
import type { AgentData } from '../agent/envelope';
import { AgentInputError } from '../agent/input';
import { definitionOf } from '../kinds/operations';
import type { ActionPlan, ToolKind } from '../actions/definition';
import { isRefusal, run } from '../actions/runner';
import { refusalNamesField } from '../api/refusals';
import type { ActiveSession } from '../auth/session';
import { describeError } from '../api/errorText';
import * as notify from '../ui/notify';
import { windowDoor } from '../ui/windowDoor';
import { commandContext } from './actionCommand';
import type { CommandDeps } from './deps';
import { runWizard, type WizardOptions, type WizardStep } from './wizard';

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
  /** What the answers create, for a refusal said before any plan exists ("web-1: …"). */
  readonly name: (answers: S) => string;
  /** How the wizard numbers its steps (see WizardOptions). */
  readonly wizard?: Omit<WizardOptions, 'startAt'>;
}

/** What was created: the answers that made it, the plan, and the definition's answer. */
export interface Created<S> {
  readonly answers: S;
  readonly plan: ActionPlan;
  readonly data: AgentData;
}

/** The created resource with the answers that made it, or undefined when the user gave up. */
export async function createWithRetry<S>(deps: CommandDeps, session: ActiveSession, flow: CreateFlow<S>): Promise<Created<S> | undefined> {
  const defined = definitionOf(flow.kind, flow.action ?? 'create');
  // The failure's words: the plan's, once there is one; the refusal's own before.
  let failure: string | undefined;
  const door = { ...windowDoor('command', deps.notifier, async () => ({})), failed: (plan: ActionPlan) => (failure = plan.failure) };
  let startAt: string | undefined;
  for (;;) {
    const answers = await runWizard(flow.state, flow.steps, { ...flow.wizard, ...(startAt === undefined ? {} : { startAt }) });
    if (!answers) return undefined;
    failure = undefined;
    try {
      const result = await run(commandContext(deps, session), defined, flow.input(answers), door);
      if (result.status === 'sent') return { answers, plan: result.plan, data: result.data };
      return undefined;
    } catch (error) {
      if (!isRefusal(error) && failure === undefined) throw error;
      const message = vscode.l10n.t('{0}: {1}', failure ?? flow.name(answers), describeError(error));
      deps.log.error(message);
      const retry = vscode.l10n.t('Edit and Retry');
      const showLog = vscode.l10n.t('Show Log');
      const choice = await notify.error(message, retry, showLog);
      if (choice === showLog) deps.log.show(true);
      if (choice !== retry) return undefined;
      // The step of the field named: by the definition's check, or by the service.
      // A field of a list (`names.1`, `sshKeys.0`) is its list's step.
      const named = error instanceof AgentInputError ? error.field.replace(/\.\d+$/, '') : undefined;
      startAt = named !== undefined
        ? flow.fields[named] ?? Object.values(flow.fields).find((step) => step === named)
        : Object.entries(flow.fields).find(([field]) => refusalNamesField(error, field))?.[1];
    }
  }
}
