/**
 * What an MCP client puts before the model in every session: each tool's name, title, description and input and
 * output schemas as JSON, and the server's instructions (docs/performance.md, group mcp, says why 40 KB). The
 * unit tier checks the budget (mcp.account.test.ts); bench/mcp.ts reports the figure.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export const TOOL_LIST_BUDGET = 40 * 1024;

export function toolListBytes(tools: readonly Tool[], instructions: string | undefined): number {
  return Buffer.byteLength(instructions ?? '') + tools.reduce((sum, tool) => sum + Buffer.byteLength(JSON.stringify({
    name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema,
  })), 0);
}
