// The doors table's row (issue 34): one action, run through its three doors by ../threeDoors.test.ts. Each file
// of this folder exports `ROWS`, the rows of the actions it covers; the test reads every file here.
import type { ListedKind, TaskKind } from '../../../src/kinds/registry';
import type { ResourceNode } from '../../../src/views/resourceNode';
import type { ViewId } from '../../../src/kinds/viewIds';
import type { Answer } from '../scriptedPrompter';

/** A request as each door must send it: method, the emulator's route (IDs as `:id`), body. */
export type Request = readonly [method: string, route: string, body?: unknown];

/** What each door is given, made again before each door by the row's `prepare`. */
export interface Prepared {
  /** The tool's input besides `action`. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The command's arguments, read when the command runs: the view's node it runs on, or none (the palette). */
  readonly args: () => Promise<readonly unknown[]>;
  /** The command's questions answered, its confirmation included. */
  readonly script: readonly Answer[];
  /** What destroys data: the text typed to confirm (the language model tool's input box, the MCP elicitation). */
  readonly typed?: string;
}

/** What a row's `prepare` works with: the row's own account, reached around the extension, and the extension's views. */
export interface DoorKit {
  readonly email: string;
  /** GET at the emulator, as the account. */
  get<T>(path: string): Promise<T>;
  /** Changes the account around the extension (asserts the service took it). */
  change(method: string, path: string, body?: unknown): Promise<void>;
  /** Waits until `check` holds (polled), failing with `what`. */
  until(what: string, check: () => Promise<boolean>): Promise<void>;
  /** Waits until no task runs on the resource: none in the service's answer at `path`, none the extension follows. */
  idle(kind: TaskKind, id: string | number, path: string, key: string): Promise<void>;
  /** The resource's row in `view`, the listings read fresh (groups and parents opened). */
  node(view: ViewId, kind: ListedKind, name: string): Promise<ResourceNode>;
  /** Drops the extension's cached listings of these kinds (the service changed around it). */
  invalidate(...kinds: ListedKind[]): Promise<void>;
}

export interface DoorRow {
  /** The write tool and its action. */
  readonly tool: string;
  readonly action: string;
  /** The command that is the action's door. */
  readonly command: string;
  /** Brings the account to where the action can run and says what each door is given; runs before each door. */
  readonly prepare: (kit: DoorKit) => Promise<Prepared>;
  /** The requests every door sends, and nothing else. */
  readonly sends: (prepared: Prepared) => readonly Request[];
}
