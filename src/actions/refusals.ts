/**
 * The two refusals every door meets, whichever asked: an action the account's state does not allow now
 * (ActionRefusal: a task runs on the resource, it already has that size, the volume is attached…), and an input
 * that is not one the action takes (ActionInputError, naming the field). The message is the extension's own
 * words and never holds service text; the resource and the facts behind a refusal are fields of their own, so a
 * name only ever reaches a model as a JSON string value. No vscode import.
 */
export interface RefusedResource {
  readonly kind: string;
  /** Absent for what a create would have made. */
  readonly id?: string | number;
  readonly name: string;
}

/** What stands in the way of an action now, the UI's refusal as data a model can read and act on too. */
export class ActionRefusal extends Error {
  override readonly name = 'ActionRefusal';

  constructor(
    /** What stands in the way, as a word the model can branch on: `busy`, `sameSize`, `attached`… */
    readonly reason: string,
    message: string,
    readonly resource: RefusedResource,
    readonly facts: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/** An input the action does not take: the field, and what is wrong with it. */
export class ActionInputError extends Error {
  override readonly name = 'ActionInputError';

  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
  }
}
