/**
 * The actions of this window, newest first, each with the requests it sent: what the log's action entries
 * name by number and Copy as curl offers. Bounded: the oldest go first. No vscode import.
 */
import { recordRequests, RequestRecorder, type RecordedRequest } from '../api/recording';
import { describeError } from '../api/errorText';

/** Entries kept. */
export const HISTORY_SIZE = 200;

export interface ActionEntry {
  /** Its number in the log: `[action 7]`. */
  readonly id: number;
  readonly at: number;
  /** What the action was, in the user's words: "Powering off web-1…". */
  readonly title: string;
  /** undefined when it went through, else why it did not (the service's words). */
  readonly failure?: string;
  readonly requests: readonly RecordedRequest[];
  /** The agent that asked for it, when one did: a person's actions have none. */
  readonly agent?: AgentMark;
}

/** Which tool of an agent made a change, and through which door: VS Code's agent mode or the MCP server. */
export interface AgentMark {
  readonly tool: string;
  readonly door: 'editor' | 'mcp';
}

export class ActionHistory {
  private readonly entries: ActionEntry[] = [];
  private next = 1;

  constructor(private readonly now: () => number = Date.now) {}

  add(title: string, requests: readonly RecordedRequest[], failure?: string, agent?: AgentMark): ActionEntry {
    const entry: ActionEntry = { id: this.next++, at: this.now(), title, requests: [...requests], ...(failure !== undefined ? { failure } : {}), ...(agent ? { agent } : {}) };
    this.entries.unshift(entry);
    if (this.entries.length > HISTORY_SIZE) this.entries.length = HISTORY_SIZE;
    return entry;
  }

  /**
   * Runs `work` with every request it sends recorded as one entry, which `log` gets as one line: the one path
   * every change takes (item and bulk actions, creates, deletes, document applies), so Copy as curl has them all.
   */
  async record<T>(title: string, work: () => Promise<T>, log: (line: string) => void, agent?: AgentMark): Promise<T> {
    const recorder = new RequestRecorder();
    try {
      const answer = await recordRequests(recorder, work);
      log(logLine(this.add(title, recorder.close(), undefined, agent)));
      return answer;
    } catch (error) {
      log(logLine(this.add(title, recorder.close(), describeError(error), agent)));
      throw error;
    }
  }

  /** Newest first. */
  list(): readonly ActionEntry[] {
    return this.entries;
  }
}

/**
 * `[action 7] Powering off web-1…: POST /v1/stacklets/3 → 200`: one plain line for the log; an agent's change
 * says so after the number: `[action 8] [agent stacklet_stacklet via mcp] …`.
 */
export function logLine(entry: ActionEntry): string {
  const sent = entry.requests.map((r) => `${r.method} ${r.path} → ${r.status ?? 'no answer'}`).join(', ') || 'nothing sent';
  const by = entry.agent ? ` [agent ${entry.agent.tool} via ${entry.agent.door}]` : '';
  return `[action ${entry.id}]${by} ${entry.title}: ${sent}${entry.failure !== undefined ? ` (failed: ${entry.failure})` : ''}`;
}
