/**
 * A write the account's state does not allow now (a task runs on the resource, it already has that size, the
 * volume is attached…): the same refusals the UI makes, as data the model can read and act on. The message is
 * the extension's own words and never holds service text; the resource and the facts behind the refusal are
 * fields of their own, so a name only ever reaches the model as a JSON string value. No vscode import.
 */
export interface RefusedResource {
  readonly kind: string;
  /** Absent for what a create would have made. */
  readonly id?: string | number;
  readonly name: string;
}

export class AgentRefusal extends Error {
  override readonly name = 'AgentRefusal';

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
