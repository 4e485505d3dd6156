/**
 * Applying a difference is a few requests in a row (rename, remove rules, add rules, …). Their outcome says
 * exactly what happened: what was applied, which parts this service has no endpoint for (nothing changed
 * there, and the rest went on), and where a refusal stopped the rest, in the service's own words. No vscode.
 */
import * as l10n from '@vscode/l10n';
import { isApiError } from '../api/errors';
import { describeError } from '../api/errorText';
import { plural } from '../api/plural';

export interface ApplyRequest {
  /** What the step changes, in words: "rename to web-fw", "add 2 inbound rules". */
  readonly label: string;
  /**
   * What a missing endpoint leaves unchanged ("rules", "backend stacklets"). When a step of a part turns out
   * unsupported, its later steps are not sent: the service lacks the whole part.
   */
  readonly part: string;
  readonly run: () => Promise<unknown>;
}

export interface Failure {
  readonly label: string;
  /** The client's message, which carries the service's words. */
  readonly message: string;
}

export interface ApplyOutcome {
  /** Steps the service carried out, in order. */
  readonly applied: readonly string[];
  /** Parts this service has no endpoint for (ApiError kind 'unsupported'): nothing changed there. */
  readonly unsupported: readonly { readonly part: string; readonly labels: readonly string[]; readonly message: string }[];
  /** The step the service refused; nothing after it was sent. */
  readonly failed?: Failure;
  /** Steps not sent because an earlier one was refused. */
  readonly notSent: readonly string[];
}

/** Runs the steps in order: an unsupported part is skipped and the rest goes on; any other failure stops. */
export async function sendRequests(steps: readonly ApplyRequest[]): Promise<ApplyOutcome> {
  const applied: string[] = [];
  const unsupported: { part: string; labels: string[]; message: string }[] = [];
  for (const [index, step] of steps.entries()) {
    const missing = unsupported.find((u) => u.part === step.part);
    if (missing) {
      missing.labels.push(step.label);
      continue;
    }
    try {
      await step.run();
      applied.push(step.label);
    } catch (error) {
      const message = describeError(error);
      if (isApiError(error) && error.kind === 'unsupported') {
        unsupported.push({ part: step.part, labels: [step.label], message });
        continue;
      }
      return { applied, unsupported, failed: { label: step.label, message }, notSent: steps.slice(index + 1).map((s) => s.label) };
    }
  }
  return { applied, unsupported, notSent: [] };
}

/**
 * An apply the service did not take whole (a step refused, a part it has no endpoint for), thrown by a definition
 * that applies steps (a load balancer's update) with the outcome, for a door that reports it step by step.
 */
export class IncompleteApply extends Error {
  override readonly name = 'IncompleteApply';

  constructor(readonly outcome: ApplyOutcome) {
    super(outcome.failed?.message ?? outcome.unsupported.map((u) => u.message).join('; '));
  }
}

/** What a definition that applies steps answered when the service took them all: its `applied` steps, in order. */
export function appliedOutcome(data: Readonly<Record<string, unknown>>): ApplyOutcome {
  return { applied: (data['applied'] as string[] | undefined) ?? [], unsupported: [], notSent: [] };
}

export function isComplete(outcome: ApplyOutcome): boolean {
  return outcome.failed === undefined && outcome.unsupported.length === 0;
}

/** Words for step labels: "1 rule", "3 rules". */
export const ruleCount = (n: number): string => plural(n, l10n.t('1 rule'), l10n.t('{0} rules', n));
/** Words for step labels: "stacklet 4", "stacklets 4, 7". */
export const stackletList = (ids: readonly number[]): string => (ids.length === 1 ? l10n.t('stacklet {0}', ids[0]!) : l10n.t('stacklets {0}', ids.join(', ')));

export interface OutcomeReport {
  readonly level: 'info' | 'warning' | 'error';
  readonly message: string;
}

/** The outcome in one message, naming what changed and what did not; `what` is "firewall web-fw". */
export function reportOutcome(outcome: ApplyOutcome, what: string): OutcomeReport {
  const list = (labels: readonly string[]) => labels.join(', ');
  const done = outcome.applied.length > 0 ? l10n.t('Applied: {0}.', list(outcome.applied)) : l10n.t('Nothing was changed.');
  if (outcome.failed) {
    const parts = [l10n.t('Could not update {0}: "{1}" was refused: {2}', what, outcome.failed.label, outcome.failed.message), done];
    if (outcome.notSent.length > 0) parts.push(l10n.t('Not sent: {0}.', list(outcome.notSent)));
    for (const u of outcome.unsupported) parts.push(l10n.t('This service cannot change the {0} ({1}).', u.part, list(u.labels)));
    parts.push(l10n.t('Your text is kept.'));
    return { level: 'error', message: parts.join(' ') };
  }
  if (outcome.unsupported.length > 0) {
    const missing = outcome.unsupported.map((u) => l10n.t('the {0} ({1})', u.part, list(u.labels))).join('; ');
    return { level: 'warning', message: [l10n.t('This service does not support changing {0} of {1}: they were not changed.', missing, what), done, l10n.t('Your text is kept.')].join(' ') };
  }
  return { level: 'info', message: l10n.t('Applied to {0}: {1}.', what, list(outcome.applied)) };
}
