/**
 * A create wizard and its request: nothing is sent before the last answer, and when the service refuses,
 * nothing is lost: "Edit and Retry" opens the wizard again with every answer kept, at the step of the field
 * the service named (or the first step when it named none).
 */
import * as vscode from 'vscode';
import { refusalNamesField } from '../api/refusals';
import { AgentInputError } from '../agent/input';
import * as notify from '../ui/notify';
import { describeError } from '../api/errorText';
import { recordedSend } from './action';
import type { CommandDeps } from './deps';
import { runWizard, type WizardOptions, type WizardStep } from './wizard';

export interface CreateFlow<S, R> {
  readonly state: S;
  readonly steps: (state: S) => readonly WizardStep<S>[];
  /** The request fields the service may name in a refusal, each with the step that asks for it. */
  readonly fields: Readonly<Record<string, string>>;
  readonly send: (answers: S) => Promise<R>;
  readonly progress: (answers: S) => string;
  readonly failure: (answers: S) => string;
  /** How the wizard numbers its steps (see WizardOptions). */
  readonly wizard?: Omit<WizardOptions, 'startAt'>;
}

/** The created resource with the answers that made it, or undefined when the user gave up. */
export async function createWithRetry<S, R>(deps: CommandDeps, flow: CreateFlow<S, R>): Promise<{ answers: S; created: R } | undefined> {
  let startAt: string | undefined;
  for (;;) {
    const answers = await runWizard(flow.state, flow.steps, { ...flow.wizard, ...(startAt === undefined ? {} : { startAt }) });
    if (!answers) return undefined;
    try {
      const title = flow.progress(answers);
      const created = await notify.withProgress('window', title, () => recordedSend(deps, title, () => flow.send(answers)));
      return { answers, created };
    } catch (error) {
      const message = vscode.l10n.t('{0}: {1}', flow.failure(answers), describeError(error));
      deps.log.error(message);
      const retry = vscode.l10n.t('Edit and Retry');
      const showLog = vscode.l10n.t('Show Log');
      const choice = await notify.error(message, retry, showLog);
      if (choice === showLog) deps.log.show(true);
      if (choice !== retry) return undefined;
      // The step of the field named: by the definition's check (a door onto it), or by the service.
      // A field of a list (`names.1`, `sshKeys.0`) is its list's step.
      const named = error instanceof AgentInputError ? error.field.replace(/\.\d+$/, '') : undefined;
      startAt = named !== undefined
        ? flow.fields[named] ?? Object.values(flow.fields).find((step) => step === named)
        : Object.entries(flow.fields).find(([field]) => refusalNamesField(error, field))?.[1];
    }
  }
}
