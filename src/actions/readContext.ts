/**
 * What a read reads through, whichever door asks (a command, a document, a language model tool, the MCP server);
 * an action's context (./definition.ts) adds what it acts through. No vscode import.
 */
import type { StackletClient } from '../api/client';
import type { ResourceStore } from '../kinds/resourceStore';
import type { ActionHistory } from '../model/actionHistory';
import type { AgentSource } from '../agent/envelope';

export interface ReadContext {
  /** Where the answers come from: a local emulator, or the service. */
  readonly source: AgentSource;
  readonly store: ResourceStore;
  readonly client: StackletClient;
  /** This window's actions; absent where nothing is recorded (the MCP server sends no actions of its own yet). */
  readonly history?: ActionHistory;
}
