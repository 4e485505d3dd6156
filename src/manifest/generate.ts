/**
 * package.json's `contributes.commands` and `contributes.menus`, and the package.nls.json titles of the
 * commands, written from the declarations (src/kinds/commands.ts, src/kinds/<kind>/actions.ts). A row menu's
 * `viewItem` pattern comes from the states of the row it names (src/kinds/rowState.ts), so no kind list or
 * state is written by hand in a `when` clause. Pure: src/manifest/write.ts reads and writes the files.
 * No vscode import.
 */
import { editorToolDescription, toolInputSchema, type WriteTool } from '../actions/writeTool';
import { ACTIVE, type CommandDeclaration, type KindActions, type RowAction } from '../kinds/declarations';
import { groupRow } from '../kinds/groupRow';
import type { Kind } from '../kinds/kindSpec';
import { rowPattern, type RowCondition, type RowStates } from '../kinds/rowState';

export interface Declared {
  /** The commands of no kind, in the order package.json lists them. */
  readonly commands: readonly CommandDeclaration[];
  /** Each kind's actions, in the registry's order. */
  readonly kinds: readonly KindActions[];
  /** Whether several items of the kind take the action at once (the registry's `bulk`). */
  readonly bulk: (kind: Kind, action: string) => boolean;
  /** The write tools (src/kinds/operations.ts): their languageModelTools entries are written from them. */
  readonly writeTools: readonly WriteTool[];
}

/** A languageModelTools entry. */
export interface ManifestTool {
  readonly name: string;
  readonly displayName: string;
  readonly toolReferenceName: string;
  readonly canBeReferencedInPrompt: true;
  readonly icon: string;
  readonly userDescription: string;
  readonly modelDescription: string;
  readonly inputSchema: Record<string, unknown>;
  /** Offered only where the person's access for agents lets it (a tool called anyway is refused by its door). */
  readonly when: string;
}

/**
 * Where VS Code offers the tools: `stacklet.agent.access` has application scope, so only the user's own
 * settings decide (a workspace's value is not read). Read tools at `read` and `ask`, write tools at `ask`.
 */
export const READ_TOOLS_WHEN = 'config.stacklet.agent.access != off';
export const WRITE_TOOLS_WHEN = 'config.stacklet.agent.access == ask';

export interface ManifestCommand {
  readonly command: string;
  readonly title: string;
  readonly category: string;
  readonly icon: string;
}

export interface MenuEntry {
  readonly command: string;
  readonly when: string;
  readonly group?: string;
}

export interface Generated {
  readonly commands: ManifestCommand[];
  readonly menus: Record<'view/title' | 'view/item/context' | 'commandPalette' | 'editor/title', MenuEntry[]>;
  /** package.nls.json's English title of each command, and words of each write tool, by key. */
  readonly titles: Record<string, string>;
  /** The write tools' languageModelTools entries (the read tools' are written by hand). */
  readonly tools: ManifestTool[];
}

/** The prefix of the package.nls.json keys `npm run manifest` writes: a command's title, a write tool's words. */
export const GENERATED_KEYS = /^(command\.|lmTool\.stackletManage)/;

/** Whether a languageModelTools entry is a write tool's, written from the definitions. */
export function isWriteToolName(name: string): boolean {
  return name.startsWith('stacklet_manage_');
}

/** A write tool's entry; its model description and schema are the model's, in English, as the MCP server gives them (with how it answers). */
function manifestTool(write: WriteTool, titles: Record<string, string>): ManifestTool {
  if (!isWriteToolName(write.name)) throw new Error(`${write.name} is not named as a write tool`);
  const key = (what: string) => `lmTool.${write.referenceName}.${what}`;
  titles[key('displayName')] = write.displayName;
  titles[key('userDescription')] = write.userDescription;
  return {
    name: write.name,
    displayName: `%${key('displayName')}%`,
    toolReferenceName: write.referenceName,
    canBeReferencedInPrompt: true,
    icon: `$(${write.icon})`,
    userDescription: `%${key('userDescription')}%`,
    modelDescription: editorToolDescription(write),
    inputSchema: toolInputSchema(write),
    when: WRITE_TOOLS_WHEN,
  };
}

/** Every view of the extension: theirs all start with `stacklet.` (src/kinds/viewIds.ts). */
const ANY_VIEW = 'view =~ /^stacklet\\./';
const CATEGORY = 'Stacklet';

/** The package.nls.json key of a command's title: `command.` and its id without `stacklet.`. */
export function titleKey(id: string): string {
  return `command.${id.replace(/^stacklet\./, '')}`;
}

interface RowPart {
  readonly row: RowStates<string, string>;
  readonly condition: RowCondition<string, string>;
}

/** One pattern for every row a menu entry shows on: `^(volume|snapshot):` when it is every state of each. */
function mergedPattern(parts: readonly RowPart[]): string {
  const whole = parts.every((part) => !part.condition.states && Object.keys(part.condition.flags ?? {}).length === 0);
  if (whole && parts.length > 1) return `^(${parts.map((part) => part.row.prefix).join('|')}):`;
  const patterns = parts.map((part) => rowPattern(part.row, part.condition));
  return patterns.length === 1 ? patterns[0]! : `(${patterns.join('|')})`;
}

export function generate(declared: Declared): Generated {
  const commands = new Map<string, CommandDeclaration>();
  const declare = (command: CommandDeclaration) => {
    if (commands.has(command.id)) throw new Error(`${command.id} is declared twice`);
    commands.set(command.id, command);
  };
  /** By command, by menu group: the rows it shows on. */
  const rowPlaces = new Map<string, Map<string, RowPart[]>>();
  const place = (id: string, at: readonly string[], part: RowPart) => {
    const groups = rowPlaces.get(id) ?? new Map<string, RowPart[]>();
    rowPlaces.set(id, groups);
    for (const group of at) groups.set(group, [...(groups.get(group) ?? []), part]);
  };
  /** Commands some kind runs on a selection of several items: their menus show while several are selected. */
  const onSelections = new Set<string>();

  declared.commands.forEach(declare);
  for (const kind of declared.kinds) {
    for (const [action, rowAction] of Object.entries(kind.actions) as [string, RowAction][]) {
      if (typeof rowAction.command !== 'string') declare(rowAction.command);
      const id = typeof rowAction.command === 'string' ? rowAction.command : rowAction.command.id;
      if (declared.bulk(kind.kind, action)) onSelections.add(id);
      place(id, rowAction.at, { row: kind.row, condition: rowAction });
    }
    kind.commands.forEach(declare);
  }
  for (const command of commands.values()) {
    for (const where of command.groupRows ?? []) place(command.id, where.at, { row: groupRow, condition: { states: [where.group] } });
  }
  const unknown = [...rowPlaces.keys()].filter((id) => !commands.has(id));
  if (unknown.length > 0) throw new Error(`placed on rows but declared nowhere: ${unknown.join(', ')}`);

  const menus: Generated['menus'] = { 'view/title': [], 'view/item/context': [], commandPalette: [], 'editor/title': [] };
  const titles: Record<string, string> = {};
  const manifestCommands: ManifestCommand[] = [];
  for (const command of commands.values()) {
    const key = titleKey(command.id);
    titles[key] = command.title;
    manifestCommands.push({ command: command.id, title: `%${key}%`, category: CATEGORY, icon: `$(${command.icon})` });
    for (const where of command.viewTitle ?? []) {
      const view = where.view === 'every' ? ANY_VIEW : `view == stacklet.${where.view}`;
      menus['view/title'].push({ command: command.id, when: `${view} && ${where.when ?? ACTIVE}`, group: where.group });
    }
    for (const [group, parts] of rowPlaces.get(command.id) ?? []) {
      // An inline button acts on its own row; a menu entry of one item hides while several are selected.
      const single = !group.startsWith('inline') && !onSelections.has(command.id) ? ' && !listMultiSelection' : '';
      menus['view/item/context'].push({ command: command.id, when: `${ANY_VIEW}${single} && viewItem =~ /${mergedPattern(parts)}/`, group });
    }
    if (command.palette !== null) menus.commandPalette.push({ command: command.id, when: command.palette ?? ACTIVE });
    for (const where of command.editorTitle ?? []) menus['editor/title'].push({ command: command.id, when: where.when, group: where.group });
  }
  const tools = declared.writeTools.map((write) => manifestTool(write, titles));
  return { commands: manifestCommands, menus, titles, tools };
}
