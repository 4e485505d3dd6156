/** What the language model tools are given by the workbench: the window's session, tasks, history and prompts. */
import type { SessionManager } from '../auth/session';
import type { ActionHistory } from '../model/actionHistory';
import type { TaskRegistry } from '../tasks/types';
import type { Log } from '../ui/log';
import type { Notifier } from '../ui/notifier';
import type { Prompter } from '../ui/prompter';

export interface ToolDeps {
  readonly session: SessionManager;
  readonly tasks: TaskRegistry;
  readonly history: ActionHistory;
  readonly log: Log;
  readonly notifier: Notifier;
  /** Read at every use: tests swap in scripted answers. */
  readonly prompter: Prompter;
}
