/**
 * The MCP server (`node dist/mcp.js`): the agent core's read operations (src/agent) as tools, over stdio, for an
 * agent outside VS Code. The API URL and token come from STACKLET_API_URL and STACKLET_TOKEN, are never printed
 * and never part of an answer. Every answer is the agent envelope's JSON text. Write tools are not offered yet:
 * `--allow-writes` is refused until they are. No vscode import.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';
import { StackletClient } from '../api/client';
import { agentError, agentResult, type AgentData } from '../agent/envelope';
import { catalog, costEstimates, describeResource, findResources, runningTasks, type AgentContext } from '../agent/reads';
import { SEARCH_KINDS } from '../kinds/registry';
import { ResourceStore } from '../model/resourceStore';

const text = z.string().max(200);

/** Builds the server on `ctx`; each call reads the account afresh (the store is emptied first). */
export function createServer(ctx: AgentContext): McpServer {
  const server = new McpServer({ name: 'stacklet-cloud', version: '0.1.0' });
  const tool = (name: string, description: string, shape: z.ZodRawShape, run: (input: unknown) => Promise<AgentData>) =>
    server.registerTool(name, { description, inputSchema: shape, annotations: { readOnlyHint: true } }, async (input: unknown) => {
      try {
        ctx.store.invalidate(...SEARCH_KINDS, 'size', 'region', 'distribution', 'application');
        const { cursor, ...rest } = (input ?? {}) as { cursor?: string };
        return { content: [{ type: 'text' as const, text: agentResult(ctx.source, await run(rest), cursor) }] };
      } catch (error) {
        return { content: [{ type: 'text' as const, text: agentError(ctx.source, error) }], isError: true };
      }
    });
  const cursor = text.optional().describe('The cursor of the previous answer, for the next items.');
  tool('stacklet_find', `Finds Stacklet Cloud resources by name, ID, any IP address, tag or region, narrowed by kind (${SEARCH_KINDS.join(', ')}), region, tag or state. Answers JSON: items (kind, id, name, state, region, addresses, tags, monthlyUsd), at most 16 KB, with a cursor for more.`,
    { query: text.optional(), kind: text.optional(), region: text.optional(), tag: text.optional(), state: text.optional(), cursor }, (input) => findResources(ctx, input));
  tool('stacklet_describe', 'Describes one Stacklet Cloud resource: its fields as the service gives them, related resources, its running task and monthly estimate. JSON, at most 16 KB (long values cut).',
    { kind: text, id: text }, (input) => describeResource(ctx, input));
  tool('stacklet_cost', 'Monthly cost estimates in US dollars: by stacklet, region or tag; or, with change (resize, create, delete), what that change would add or save. JSON, at most 16 KB.',
    { by: text.optional(), change: text.optional(), kind: text.optional(), id: text.optional(), size: text.optional(), image: text.optional(), cursor }, (input) => costEstimates(ctx, input));
  tool('stacklet_catalog', 'What resources can be made of: regions, sizes (with prices), images or kubernetesVersions (what). JSON, at most 16 KB, with a cursor for more.',
    { what: text.optional(), cursor }, (input) => catalog(ctx, input));
  tool('stacklet_tasks', 'The resources running a task now (powering off, resizing, snapshotting…). JSON, at most 16 KB, with a cursor for more.',
    { cursor }, () => runningTasks(ctx));
  return server;
}

async function main(): Promise<void> {
  const baseUrl = process.env['STACKLET_API_URL'];
  const token = process.env['STACKLET_TOKEN'];
  if (process.argv.includes('--allow-writes')) {
    process.stderr.write('stacklet-cloud MCP: write tools are not available yet; start without --allow-writes.\n');
    process.exit(2);
  }
  if (!baseUrl || !token) {
    process.stderr.write('stacklet-cloud MCP: set STACKLET_API_URL and STACKLET_TOKEN.\n');
    process.exit(2);
  }
  const client = new StackletClient({ baseUrl, token, allowInsecureHttp: /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(baseUrl) });
  const source = process.env['STACKLET_EMULATOR'] === '1' ? 'emulator' : 'service';
  const server = createServer({ source, client, store: new ResourceStore(client) });
  await server.connect(new StdioServerTransport());
}

void main();
