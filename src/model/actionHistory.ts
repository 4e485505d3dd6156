/**
 * The actions of this window, newest first, each with the requests it sent: what the log's action entries
 * name by number and Copy as curl offers. Bounded: the oldest go first. No vscode import.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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
  /** The larger change it was a step of (an account document's apply), whose requests Copy as curl joins. */
  readonly group?: ActionGroup;
}

/** Actions run as the steps of one change: an account document's apply. */
export interface ActionGroup {
  readonly id: number;
  /** In the user's words: "Applying 12 steps… (stacklet.jsonc)". */
  readonly title: string;
}

/** Which tool of an agent made a change, and through which door: VS Code's agent mode or the MCP server. */
export interface AgentMark {
  readonly tool: string;
  readonly door: 'editor' | 'mcp';
}

export class ActionHistory {
  private readonly entries: ActionEntry[] = [];
  private next = 1;
  private nextGroup = 1;
  /** The group the running steps belong to (at any depth of their awaits). */
  private readonly grouping = new AsyncLocalStorage<ActionGroup>();

  constructor(private readonly now: () => number = Date.now) {}

  add(title: string, requests: readonly RecordedRequest[], failure?: string, agent?: AgentMark): ActionEntry {
    const group = this.grouping.getStore();
    const entry: ActionEntry = {
      id: this.next++, at: this.now(), title, requests: [...requests],
      ...(failure !== undefined ? { failure } : {}), ...(agent ? { agent } : {}), ...(group ? { group } : {}),
    };
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

  /** Runs `work` with every action it records marked as a step of one group titled `title`. */
  group<T>(title: string, work: () => Promise<T>): Promise<T> {
    return this.grouping.run({ id: this.nextGroup++, title }, work);
  }

  /** Newest first. */
  list(): readonly ActionEntry[] {
    return this.entries;
  }
}

/**
 * The groups among `entries` (newest first), each with its steps in the order they ran: what Copy as curl offers
 * as one script. A group whose oldest steps the bounded history dropped keeps the steps still held.
 */
export function actionGroups(entries: readonly ActionEntry[]): { group: ActionGroup; steps: ActionEntry[] }[] {
  const groups = new Map<number, { group: ActionGroup; steps: ActionEntry[] }>();
  for (const entry of entries) {
    if (!entry.group) continue;
    const found = groups.get(entry.group.id) ?? { group: entry.group, steps: [] };
    found.steps.unshift(entry);
    groups.set(entry.group.id, found);
  }
  return [...groups.values()];
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
