/**
 * The MCP server (`node dist/mcp.js`, started by ./main.ts): the agent core (src/agent) as tools, each
 * registered from its spec (src/agent/toolSpec.ts) with its input and output schemas and all four annotations.
 * The API URL and token are never printed and never part of an answer. Every answer is the agent envelope's
 * JSON text, and the same JSON as `structuredContent`. Read tools always; the write tools only with
 * `--allow-writes`, and then each one, before it sends anything, asks the user through the client
 * (elicitation) with the plan: names, IDs, the change and the monthly change; what destroys data also asks for
 * its name typed. A client that cannot ask, or a user who declines, gets a refusal and nothing is sent.
 * Without `--allow-writes` the write tools are not listed and a call of one is refused saying how to enable them.
 * No vscode import.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { agentError, agentResult, type AgentSource } from '../agent/envelope';
import { READ_TOOLS, type ReadTool } from '../agent/readTools';
import type { AgentContext } from '../agent/reads';
import type { ToolSpec } from '../agent/toolSpec';
import { planAction, WRITE_TOOLS, writeToolSpec } from '../actions/catalog';
import { planData, type ActionPlan as WritePlan } from '../actions/definition';
import { execute, typedConfirms } from '../actions/gate';
import { SEARCH_KINDS } from '../kinds/registry';
import { monthlyChangeWords } from '../model/cost';
import type { ResourceStore } from '../model/resourceStore';
import { plainText, typeableText } from '../model/serviceText';

/** The listings the tools read: each is read again once older than the freshness window. */
const LISTINGS = [...SEARCH_KINDS, 'backup', 'size', 'region', 'distribution', 'application'] as const;

/**
 * How long a listing read from the service answers the next calls (ms): long enough for an agent's run of
 * calls to share one paging of a large account, short enough that what changed elsewhere (the extension, the
 * service's own tasks) shows in the next call a few seconds on. The server's own writes drop what they change.
 */
export const FRESH_MS = 5_000;

const NOT_SIGNED_IN = 'Not signed in: start the server with STACKLET_API_URL (the API address) and STACKLET_TOKEN (an API token) in its environment.';
const WRITES_OFF = 'Write tools are off: start the server with --allow-writes to offer them (each asks the user to confirm before it changes anything).';

type ToolAnswer = { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/** The envelope's text, and (for an answer, not an error) the same JSON as `structuredContent`, as bounded. */
const answer = (text: string, isError = false): ToolAnswer => ({
  content: [{ type: 'text', text }],
  ...(isError ? { isError } : { structuredContent: JSON.parse(text) as Record<string, unknown> }),
});

export interface ServerOptions {
  readonly allowWrites?: boolean;
  /** The clock the freshness window reads (tests move it). */
  readonly now?: () => number;
}

/** Drops the listings read more than FRESH_MS ago; the others answer this call from the cache. */
function freshen(store: ResourceStore, now: number): void {
  const stale = LISTINGS.filter((kind) => {
    const listing = store.peek(kind);
    return listing !== undefined && now - listing.loadedAt > FRESH_MS;
  });
  if (stale.length > 0) store.invalidate(...stale);
}

/** Registers a tool as its spec describes it: title, description, input and output schemas, annotations. */
function registerSpec(server: McpServer, spec: ToolSpec, handler: (input: unknown) => Promise<ToolAnswer>): void {
  server.registerTool(spec.name, {
    title: spec.title,
    description: spec.description,
    inputSchema: spec.input,
    outputSchema: spec.output,
    annotations: spec.annotations,
  }, handler as never);
}

/**
 * Builds the server on `ctx` (undefined when signed out: each tool then says how to sign in); calls read
 * through the cache, fresh for FRESH_MS. With `allowWrites`, the write tools are listed and confirmed by
 * elicitation.
 */
export function createServer(ctx: AgentContext | undefined, options: ServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'stacklet-cloud', version: '0.1.0' });
  const source: AgentSource = ctx?.source ?? 'service';
  const now = options.now ?? Date.now;
  const guarded = async (work: (ctx: AgentContext) => Promise<ToolAnswer>): Promise<ToolAnswer> => {
    if (!ctx) return answer(agentError(source, new Error(NOT_SIGNED_IN)), true);
    try {
      freshen(ctx.store, now());
      return await work(ctx);
    } catch (error) {
      return answer(agentError(source, error), true);
    }
  };
  const readTool = ({ spec, read }: ReadTool) => registerSpec(server, spec, (input: unknown) => guarded(async (c) => {
    const { cursor, ...rest } = (input ?? {}) as { cursor?: string };
    return answer(agentResult(source, await read(c, rest), cursor));
  }));
  READ_TOOLS.forEach(readTool);
  if (options.allowWrites) {
    for (const write of WRITE_TOOLS) {
      registerSpec(server, writeToolSpec(write), (input: unknown) => guarded(async (c) => {
        const plan = await planAction(c, write.name, input);
        const confirmed = await confirm(server, plan);
        if ('reason' in confirmed) return answer(agentResult(source, { refused: confirmed.reason, error: confirmed.message, plan: planData(plan) }), true);
        return answer(agentResult(source, { plan: planData(plan), result: await execute(c, plan, { door: 'mcp', typed: confirmed.typed }) }));
      }));
    }
  }
  return server;
}

/** The plan as the user reads it in the client's question: the UI's words, each resource, the monthly change. */
function planMessage(plan: WritePlan): string {
  const words = plan.words((value) => plainText(value));
  const lines = [words.question, ...(words.detail ? [words.detail] : []), ''];
  for (const resource of plan.resources) {
    lines.push(`${resource.role}: ${resource.kind} ${plainText(resource.name)}${resource.id !== undefined ? ` (ID ${plainText(String(resource.id))})` : ''}`);
  }
  lines.push(`Monthly change: ${monthlyChangeWords(plan.monthlyChangeUsd)}`);
  return lines.join('\n');
}

/** Asks the user through the client; undefined when confirmed, else why not (nothing is sent then). */
async function confirm(server: McpServer, plan: WritePlan): Promise<{ reason: string; message: string } | { typed: string | undefined }> {
  if (!server.server.getClientCapabilities()?.elicitation) {
    return { reason: 'noConfirmation', message: 'This client cannot ask the user to confirm (MCP elicitation), so no write is sent. Use a client that supports elicitation, or make the change in the Stacklet Cloud extension.' };
  }
  const expected = plan.typed;
  const result = await server.server.elicitInput({
    mode: 'form',
    message: planMessage(plan),
    requestedSchema: expected === undefined
      ? { type: 'object', properties: {} }
      : { type: 'object', properties: { typed: { type: 'string', title: 'Type to confirm', description: `This destroys data: type ${plainText(typeableText(expected))} exactly to confirm.` } }, required: ['typed'] },
  });
  if (result.action !== 'accept') return { reason: 'declined', message: 'The user did not confirm: nothing was sent.' };
  const answered = result.content?.['typed'];
  const typed = typeof answered === 'string' ? answered : undefined;
  if (!typedConfirms(plan, typed)) {
    return { reason: 'typedNameMismatch', message: 'What the user typed is not the name to type: nothing was sent.' };
  }
  return { typed };
}

/**
 * Without --allow-writes, a call of a write tool (which is not listed) is answered with how to enable writes,
 * not the SDK's bare "not found": the transport's incoming messages are looked at before the server's.
 */
export function refuseWritesWhenOff(transport: Transport, source: AgentSource): void {
  const names = new Set(WRITE_TOOLS.map((write) => write.name));
  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const call = message as { method?: string; id?: string | number; params?: { name?: unknown } };
    if (call.method === 'tools/call' && call.id !== undefined && typeof call.params?.name === 'string' && names.has(call.params.name)) {
      void transport.send({ jsonrpc: '2.0', id: call.id, result: answer(agentError(source, new Error(WRITES_OFF)), true) });
      return;
    }
    onmessage?.(message, extra);
  };
}
