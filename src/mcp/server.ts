/**
 * The MCP server (`node dist/mcp.js`): the agent core (src/agent) as tools, over stdio, for an agent outside VS
 * Code. The API URL and token come from STACKLET_API_URL and STACKLET_TOKEN, are never printed and never part
 * of an answer. Every answer is the agent envelope's JSON text. Read tools always; the write tools only with
 * `--allow-writes`, and then each one, before it sends anything, asks the user through the client
 * (elicitation) with the plan: names, IDs, the change and the monthly change; what destroys data also asks for
 * its name typed. A client that cannot ask, or a user who declines, gets a refusal and nothing is sent.
 * Without `--allow-writes` the write tools are not listed and a call of one is refused saying how to enable them.
 * No vscode import.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import * as z from 'zod';
import { StackletClient } from '../api/client';
import { agentError, agentResult, type AgentData, type AgentSource } from '../agent/envelope';
import { catalog, costEstimates, describeResource, findResources, runningTasks, type AgentContext } from '../agent/reads';
import { planAction, toolDescription, toolShape, WRITE_TOOLS } from '../actions/catalog';
import { planData, type ActionPlan as WritePlan } from '../actions/definition';
import { execute, typedConfirms } from '../actions/gate';
import { SEARCH_KINDS } from '../kinds/registry';
import { monthlyChangeWords } from '../model/cost';
import { ResourceStore } from '../model/resourceStore';
import { plainText, typeableText } from '../model/serviceText';

const text = z.string().max(200);

/** Refreshed before each call: every call reads the account as it is now. */
const LISTINGS = [...SEARCH_KINDS, 'backup', 'size', 'region', 'distribution', 'application'] as const;

const NOT_SIGNED_IN = 'Not signed in: start the server with STACKLET_API_URL (the API address) and STACKLET_TOKEN (an API token) in its environment.';
const WRITES_OFF = 'Write tools are off: start the server with --allow-writes to offer them (each asks the user to confirm before it changes anything).';

type ToolAnswer = { content: { type: 'text'; text: string }[]; isError?: boolean };

const answer = (text: string, isError = false): ToolAnswer => ({ content: [{ type: 'text', text }], ...(isError ? { isError } : {}) });

/**
 * Builds the server on `ctx` (undefined when signed out: each tool then says how to sign in); each call reads
 * the account afresh. With `allowWrites`, the write tools are listed and confirmed by elicitation.
 */
export function createServer(ctx: AgentContext | undefined, options: { allowWrites?: boolean } = {}): McpServer {
  const server = new McpServer({ name: 'stacklet-cloud', version: '0.1.0' });
  const source: AgentSource = ctx?.source ?? 'service';
  const guarded = async (work: (ctx: AgentContext) => Promise<ToolAnswer>): Promise<ToolAnswer> => {
    if (!ctx) return answer(agentError(source, new Error(NOT_SIGNED_IN)), true);
    try {
      ctx.store.invalidate(...LISTINGS);
      return await work(ctx);
    } catch (error) {
      return answer(agentError(source, error), true);
    }
  };
  const tool = (name: string, description: string, shape: z.ZodRawShape, run: (ctx: AgentContext, input: unknown) => Promise<AgentData>) =>
    server.registerTool(name, { description, inputSchema: shape, annotations: { readOnlyHint: true } }, (input: unknown) => guarded(async (c) => {
      const { cursor, ...rest } = (input ?? {}) as { cursor?: string };
      return answer(agentResult(source, await run(c, rest), cursor));
    }));
  const cursor = text.optional().describe('The cursor of the previous answer, for the next items.');
  tool('stacklet_find', `Finds Stacklet Cloud resources by name, ID, any IP address, tag or region, narrowed by kind (${SEARCH_KINDS.join(', ')}), region, tag or state. Answers JSON: items (kind, id, name, state, region, addresses, tags, monthlyUsd), at most 16 KB, with a cursor for more.`,
    { query: text.optional(), kind: text.optional(), region: text.optional(), tag: text.optional(), state: text.optional(), cursor }, findResources);
  tool('stacklet_describe', 'Describes one Stacklet Cloud resource: its fields as the service gives them, related resources, its running task and monthly estimate. JSON, at most 16 KB (long values cut).',
    { kind: text, id: text }, describeResource);
  tool('stacklet_cost', 'Monthly cost estimates in US dollars: by stacklet, region or tag; or, with change (resize, create, delete), what that change would add or save. JSON, at most 16 KB.',
    { by: text.optional(), change: text.optional(), kind: text.optional(), id: text.optional(), size: text.optional(), image: text.optional(), cursor }, costEstimates);
  tool('stacklet_catalog', 'What resources can be made of: regions, sizes (with prices), images or kubernetesVersions (what). JSON, at most 16 KB, with a cursor for more.',
    { what: text.optional(), cursor }, catalog);
  tool('stacklet_tasks', 'The resources running a task now (powering off, resizing, snapshotting…). JSON, at most 16 KB, with a cursor for more.',
    { cursor }, (c) => runningTasks(c));
  if (options.allowWrites) {
    for (const write of WRITE_TOOLS) {
      server.registerTool(write.name, {
        title: write.displayName,
        description: toolDescription(write),
        inputSchema: toolShape(write),
        // Destructive when any of its actions replaces or destroys (a firewall's rules, a deletion).
        annotations: { readOnlyHint: false, destructiveHint: write.actions.some((definition) => definition.destructive), idempotentHint: false, openWorldHint: false },
      }, (input: unknown) => guarded(async (c) => {
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

/** Asks the user through the client: what they typed when they confirmed, else why not (nothing is sent then). */
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
function refuseWritesWhenOff(transport: Transport, source: AgentSource): void {
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

async function main(): Promise<void> {
  const baseUrl = process.env['STACKLET_API_URL'];
  const token = process.env['STACKLET_TOKEN'];
  const allowWrites = process.argv.includes('--allow-writes');
  const source = process.env['STACKLET_EMULATOR'] === '1' ? 'emulator' : 'service';
  let ctx: AgentContext | undefined;
  if (baseUrl && token) {
    const client = new StackletClient({ baseUrl, token, allowInsecureHttp: /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(baseUrl) });
    ctx = { source, client, store: new ResourceStore(client) };
  } else {
    // Signed out: the tools are listed and each says how to sign in.
    process.stderr.write('stacklet-cloud MCP: STACKLET_API_URL and STACKLET_TOKEN are not both set; every tool will say so.\n');
  }
  const server = createServer(ctx, { allowWrites });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  if (!allowWrites) refuseWritesWhenOff(transport, source);
}

void main();
