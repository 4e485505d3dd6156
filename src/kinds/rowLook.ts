/**
 * What a tree row shows, worked out without VS Code: its label and description, its icon (a codicon and a theme
 * colour, by id), its contextValue (from the kind's row states, src/kinds/rowState.ts), what screen readers say
 * and its tooltip's Markdown lines. Each kind's `row.ts` builds its rows' looks; the views turn a look into a
 * tree item (src/views/resourceNode.ts, `lookNode`) and add only what is theirs: ids, children, commands.
 * No vscode import.
 */
import type { ResourceState } from '../model/format';

/** A codicon by id (`vm-running`, `loading~spin`), coloured by a theme colour id (`charts.green`) or not. */
export interface RowIcon {
  readonly id: string;
  readonly color?: string;
}

export interface RowLook {
  readonly label: string;
  readonly description?: string;
  readonly icon: RowIcon;
  readonly contextValue: string;
  /** The state the icon shows (a word: "busy"), read by screen readers after the name. */
  readonly state?: string;
  /**
   * Read by screen readers; left out, the view says the kind, the label, the state and the description's parts.
   * A function when it costs and derives from the row's resource alone: a listing of 10,000 rows built again at
   * a refresh then composes none (VS Code asks for it with the row; the view compares the resource itself).
   */
  readonly spoken?: string | (() => string);
  /**
   * The tooltip's Markdown lines, built on hover; every text of the service in them is escaped (`cell()`,
   * src/model/format.ts), so none becomes a link, a command or markup.
   */
  readonly tooltip?: () => string[];
}

const STATE_ICONS: Record<ResourceState, RowIcon> = {
  active: { id: 'vm-running', color: 'charts.green' },
  off: { id: 'vm-outline', color: 'disabledForeground' },
  inactive: { id: 'vm', color: 'charts.yellow' },
  busy: { id: 'loading~spin' },
  unknown: { id: 'vm' },
};

/** The icon of a machine-like resource: colour by state, a spinner while a task runs. */
export function stateIcon(state: ResourceState, base?: string): RowIcon {
  const { id, color } = STATE_ICONS[state];
  return { id: state === 'busy' ? id : (base ?? id), ...(color ? { color } : {}) };
}

/** A spoken label (a look's, or a row's made from one), composed now when it is a function. */
export function spokenOf(spoken: RowLook['spoken']): string | undefined {
  return typeof spoken === 'function' ? spoken() : spoken;
}
