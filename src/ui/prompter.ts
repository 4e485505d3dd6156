/**
 * Every question a command asks goes through a Prompter, so integration tests can script the answers
 * (and assert that Escape at any step sends nothing) while users get VS Code's own inputs.
 */

export interface InputOptions {
  readonly title: string;
  readonly prompt?: string;
  readonly value?: string;
  readonly placeHolder?: string;
  readonly password?: boolean;
  /** A pure validator: undefined when the text is acceptable, else the message shown inline. */
  readonly validate?: (value: string) => string | undefined;
  /** What is worth knowing about an acceptable text (a name another resource has), shown inline as a warning: it refuses nothing. */
  readonly warn?: (value: string) => string | undefined;
  /** 1-based step of a multi-step input, with the total. */
  readonly step?: number;
  readonly totalSteps?: number;
}

/**
 * One row of a picker. Its label, description and detail are shown literally (a name the service gave can
 * carry neither a link nor an icon); a codicon of ours goes in `icon`.
 */
export interface PickItem<T> {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  /** A codicon id shown before the label: `vm`, `check`, `sync~spin`. */
  readonly icon?: string;
  readonly picked?: boolean;
  readonly value: T;
}

export interface PickOptions<T> {
  readonly title: string;
  readonly placeHolder?: string;
  readonly items: readonly PickItem<T>[];
  /** When set, what the user types and does not match an item is offered as an item built by this. */
  readonly typed?: (text: string) => PickItem<T> | undefined;
  /**
   * When set, text the user types that names no item (by label, description or detail, ignoring case) is
   * refused at this step with this message: the list is all there is to choose from.
   */
  readonly unmatched?: (text: string) => string;
  readonly step?: number;
  readonly totalSteps?: number;
  readonly canPickMany?: boolean;
}

/** A picker whose rows follow what is typed: Go to Resource. */
export interface SearchOptions<T> {
  readonly title: string;
  readonly placeHolder?: string;
  /** The rows for what is typed so far, asked again on every keystroke; the picker filters none itself. */
  readonly filter: (query: string) => readonly PickItem<T>[];
  /** Settles when fresher data arrived: the picker shows it is busy until then, and asks `filter` again. */
  readonly refreshed?: Promise<unknown>;
}

/**
 * Returned by a step when the user pressed Back. A registered symbol, so the copy compiled into the tests'
 * scripted prompter is the same value as the extension's.
 */
export const BACK: unique symbol = Symbol.for('stacklet.prompter.back');
export type Back = typeof BACK;

export interface Prompter {
  /** undefined when cancelled (Escape); BACK when the user went back (only offered when step > 1). */
  input(options: InputOptions): Promise<string | Back | undefined>;
  pick<T>(options: PickOptions<T>): Promise<T | Back | undefined>;
  pickMany<T>(options: PickOptions<T>): Promise<T[] | Back | undefined>;
  /** The row chosen in a picker that filters as the user types (SearchOptions); undefined on Escape. */
  search<T>(options: SearchOptions<T>): Promise<T | undefined>;
  /** A confirmation whose reversible answer (Keep) comes first; true only when the user chose `action`. */
  confirm(message: string, detail: string, action: string): Promise<boolean>;
  /**
   * A confirmation whose first choice is the default, so Enter picks it: put the reversible one first, and no
   * choice that means what Escape does. The chosen label, or undefined when dismissed (Escape).
   */
  choose<T extends string>(message: string, detail: string, choices: readonly [T, ...T[]]): Promise<T | undefined>;
}
