/**
 * Every action an agent can ask for, gathered into one write tool per kind (`stacklet_manage_stacklet`, …)
 * whose `action` field picks the definition: a chat may use at most 128 tools across every extension and
 * server, and a tool per action would be 30 and growing. The tool's input is one flat object (`action` and the
 * fields of every action, each described, `action` saying which it takes) rather than a union: a top-level
 * `anyOf` is refused by some model providers' function calling, and the flat form is smaller. Each call is
 * checked against its action's own schema (a field the action does not take is refused naming it).
 * This is how a write tool is made, described and parsed; the list of them, which the doors read, is
 * src/kinds/operations.ts, beside the kinds' definitions, so the framework never imports its plug-ins.
 * No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import { ActionInputError } from './refusals';
import { fieldsOf } from '../agent/input';
import { inputJsonSchema, WRITE_OUTPUT, type ToolSpec } from '../agent/toolSpec';
import { withTail, type ActionContext, type ActionDefinition, type ActionPlan, type Shape, type ToolKind } from './definition';

/** One write tool: the actions on one kind, and how a tool list shows it. */
export interface WriteTool {
  readonly name: string;
  readonly kind: ToolKind;
  /** Its name in a tool list and how it is referred to in a prompt (#stacklet…). */
  readonly displayName: string;
  readonly referenceName: string;
  readonly userDescription: string;
  /** A codicon. */
  readonly icon: string;
  readonly actions: readonly ActionDefinition[];
}

/** The write tool of `kind`'s actions, named and described for a tool list (src/kinds/operations.ts lists them). */
export function tool(kind: ToolKind, words: { plural: string; icon: string }, actions: readonly ActionDefinition[]): WriteTool {
  const reference = `${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  for (const action of actions) if (action.kind !== kind) throw new Error(`${action.kind} ${action.action} is listed with ${kind}`);
  return {
    name: `stacklet_manage_${kind}`,
    kind,
    displayName: `Manage ${words.plural}`,
    referenceName: `stackletManage${reference}`,
    userDescription: `Change ${words.plural} (${actions.map((action) => action.action).join(', ')}), each after you confirm what changes and what it costs.`,
    icon: words.icon,
    actions,
  };
}

/** The description a JSON schema carries for `schema` (z.describe). */
function descriptionOf(schema: z.ZodMiniType): string | undefined {
  const own = z.globalRegistry.get(schema)?.description;
  const inner = (schema._zod.def as { innerType?: z.ZodMiniType }).innerType;
  return own ?? (inner ? descriptionOf(inner) : undefined);
}

const ACTION_FIELD = 'action';

/** Which of `actions` take a field: nothing when all do, else ` (those)` or ` (all but the others)`, the shorter. */
function takenBy(actions: readonly string[], taking: readonly string[]): string {
  if (taking.length === actions.length) return '';
  const those = ` (${taking.join(', ')})`;
  const allBut = ` (all but ${actions.filter((action) => !taking.includes(action)).join(', ')})`;
  return allBut.length < those.length ? allBut : those;
}

/**
 * The tool's input: `action` (an enum of its actions) and every other field any action takes, optional, with
 * its description (or each action's, where they differ). Two actions giving one field different types is a
 * definition's mistake, thrown when the module loads.
 */
export function toolShape(write: WriteTool): Shape {
  const fields = new Map<string, { schema: z.ZodMiniType; uses: { action: string; description: string | undefined }[] }>();
  for (const definition of write.actions) {
    for (const [field, schema] of Object.entries(definition.shape)) {
      const had = fields.get(field);
      if (had) {
        const bare = (s: z.ZodMiniType) => JSON.stringify({ ...z.toJSONSchema(z.optional(s) as z.ZodMiniType), description: undefined });
        if (bare(had.schema) !== bare(schema)) throw new Error(`${write.name}: ${field} has two types (${definition.action})`);
        had.uses.push({ action: definition.action, description: descriptionOf(schema) });
      } else {
        fields.set(field, { schema, uses: [{ action: definition.action, description: descriptionOf(schema) }] });
      }
    }
  }
  const actions = write.actions.map((definition) => definition.action);
  const shape: Shape = {
    [ACTION_FIELD]: z.enum(actions as [string, ...string[]]).check(z.describe('What to do; send only the fields it takes.')),
  };
  for (const [field, { schema, uses }] of fields) {
    // One description, with the actions that take it (unless all do); or each action's own.
    const description = new Set(uses.map((use) => use.description)).size === 1
      ? `${uses[0]!.description ?? ''}${takenBy(actions, uses.map((use) => use.action))}`
      : uses.map((use) => `${use.action}: ${use.description ?? ''}`).join(' ');
    shape[field] = z.optional(schema).check(z.describe(description));
  }
  return shape;
}

/** The JSON schema of the tool's input, as package.json and the MCP server give it. */
export function toolInputSchema(write: WriteTool): Record<string, unknown> {
  return inputJsonSchema({ input: toolShape(write) });
}

/**
 * What a write tool answers, said once: in the MCP server's instructions (src/mcp/server.ts), and after each
 * tool's description in package.json, since VS Code gives a model no instructions of an extension's own.
 */
export const WRITE_ANSWERS = 'A write answers JSON {note, source, data}, at most 16 KB: the plan and the result; a refusal (as while a task runs on the resource) or a failure is an error with data.error (and the rule in data.refused).';

/**
 * What the model reads of the tool: each action with what it takes and refuses (and, for what destroys data,
 * that the user types its name). How every write is confirmed and answered is said once for all of them
 * (WRITE_ANSWERS): each tool carries it into the chat's tool budget.
 */
export function toolDescription(write: WriteTool): string {
  return [
    `Changes ${write.displayName.replace(/^Manage /, '')}, one action per call, each confirmed by the user before it is sent:`,
    ...write.actions.map((definition) => `${definition.action}: ${definition.description}`),
  ].join('\n');
}

/** The tool's description in package.json: VS Code's model reads how it answers there. */
export function editorToolDescription(write: WriteTool): string {
  return `${toolDescription(write)}\n${WRITE_ANSWERS}`;
}

/** The definition the input's `action` names, and the rest of the input checked against its schema (refused naming the field). */
export function parseAction(write: WriteTool, raw: unknown): { definition: ActionDefinition; input: Record<string, unknown> } {
  const { [ACTION_FIELD]: action, ...rest } = fieldsOf(raw);
  const definition = write.actions.find((candidate) => candidate.action === action);
  if (!definition) throw new ActionInputError(ACTION_FIELD, l10n.t('must be one of: {0}', write.actions.map((candidate) => candidate.action).join(', ')));
  for (const field of Object.keys(rest)) {
    if (!(field in definition.shape) && rest[field] !== undefined && rest[field] !== null) {
      throw new ActionInputError(field, l10n.t('is not taken by the action {0}', definition.action));
    }
  }
  const result = z.safeParse(z.object(definition.shape), Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null)));
  if (result.success) return { definition, input: result.data as Record<string, unknown> };
  const issue = result.error.issues[0]!;
  throw new ActionInputError(issue.path.length > 0 ? issue.path.map(String).join('.') : 'input', issue.message);
}

/** The plan of a definition for its input, named by its tool and action. */
export async function planOf(ctx: ActionContext, write: WriteTool, definition: ActionDefinition, input: Record<string, unknown>): Promise<ActionPlan> {
  return withTail(write.name, definition.action, await definition.plan(ctx, input as never));
}

/** A definition as a door reaches it: its tool (which names the plan) and the action. */
export interface Defined {
  readonly write: WriteTool;
  readonly definition: ActionDefinition;
}

/** The tool as the MCP server registers it (src/agent/toolSpec.ts): what replaces or destroys is marked destructive. */
export function writeToolSpec(write: WriteTool): ToolSpec {
  return {
    name: write.name,
    title: write.displayName,
    description: toolDescription(write),
    input: toolShape(write),
    output: WRITE_OUTPUT,
    // Destructive when any of its actions replaces or destroys (a firewall's rules, a deletion); never
    // idempotent (a second power cycle cycles again); only the signed-in account is reached.
    annotations: { readOnlyHint: false, destructiveHint: write.actions.some((definition) => definition.destructive), idempotentHint: false, openWorldHint: false },
  };
}
