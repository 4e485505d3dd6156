/**
 * What a command is, as package.json contributes it, declared beside the kind it acts on
 * (src/kinds/<kind>/actions.ts) or, for the commands of no kind, in src/kinds/commands.ts. `npm run manifest`
 * writes `contributes.commands`, `contributes.menus` and their package.nls.json titles from these
 * declarations (src/manifest/generate.ts); the handlers stay in src/commands, one per file, registered by id.
 * No vscode import.
 */
import type { ViewId } from './viewIds';
import type { GroupRowState } from './groupRow';
import type { Kind } from './kindSpec';
import type { KINDS } from './registry';
import type { RowCondition, RowStates } from './rowState';

/** The palette offers a command while signed in to an account that answers. */
export const ACTIVE = 'stacklet.state == active';
/** …or while signed in at all (signing out, switching). */
export const SIGNED_IN = 'stacklet.state != signedOut';

export interface CommandDeclaration {
  readonly id: `stacklet.${string}`;
  /** The English title; package.nls.json holds it as `command.<id without "stacklet.">`, package.nls.de.json its German. */
  readonly title: string;
  /** A codicon id (`trash`), its icon wherever a menu shows one. */
  readonly icon: string;
  /** When the Command Palette offers it: while the session is active when left out; always when null. */
  readonly palette?: string | null;
  /** Places in views' title bars. */
  readonly viewTitle?: readonly ViewTitlePlace[];
  /** Places in the context menu of group rows (a create on the group of its kind). */
  readonly groupRows?: readonly GroupRowPlace[];
  /** Places in an editor's title bar. */
  readonly editorTitle?: readonly { readonly when: string; readonly group: string }[];
}

export interface ViewTitlePlace {
  /** One view, or every view of the extension. */
  readonly view: ViewId | 'every';
  /** `navigation@n` is an icon in the title bar; any other group an entry of its … menu. */
  readonly group: string;
  /** What else must hold; the session active when left out. */
  readonly when?: string;
}

export interface GroupRowPlace {
  readonly group: GroupRowState;
  /** Menu groups: `1_create@1`, or `inline@1` for a button on the row. */
  readonly at: readonly string[];
}

/** Where a row's context menu offers an action, and the command it runs. */
export interface RowAction<S extends string = string, F extends string = string> extends RowCondition<S, F> {
  /** The command, declared here, or the id of one declared elsewhere (shared by several kinds). */
  readonly command: CommandDeclaration | CommandDeclaration['id'];
  /** Menu groups: `3_modify@1`, or `inline@1` for a button on the row. */
  readonly at: readonly string[];
}

/** The actions the registry lists for `K` (src/kinds/<kind>/kind.ts). */
export type ListedAction<K extends Kind> = (typeof KINDS)[K]['actions'][number];

export interface KindActions<K extends Kind = Kind, S extends string = string, F extends string = string> {
  readonly kind: K;
  readonly row: RowStates<S, F>;
  /** One entry for each action the kind lists; the compiler asks for a missing one and refuses an extra. */
  readonly actions: { readonly [A in ListedAction<K>]: RowAction<S, F> };
  /** The kind's commands that act on no row of it: creates and new documents. */
  readonly commands: readonly CommandDeclaration[];
}

/** A kind's declarations, typed by its row's states and the actions its registry entry lists. */
export function kindActions<K extends Kind, S extends string, F extends string>(
  kind: K,
  row: RowStates<S, F>,
  actions: { readonly [A in ListedAction<K>]: RowAction<NoInfer<S>, NoInfer<F>> },
  commands: readonly CommandDeclaration[] = [],
): KindActions<K, S, F> {
  return { kind, row, actions, commands };
}
