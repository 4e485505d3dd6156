/**
 * A tree row's states as a typed union, and the one place their `contextValue` is spelt: `volume:free`,
 * `stacklet:active hasIp hasTags`. The views set the contextValue a row carries from here, and the manifest
 * generator (src/manifest/generate.ts) writes the menus' `viewItem` patterns from the same states, so a menu
 * cannot name a state no row has. No vscode import.
 */

/** Every resource row may be shown as being deleted (src/views/resourceNode.ts), whatever its kind. */
export const DELETING = 'deleting';

export interface RowStates<S extends string, F extends string> {
  /** What the contextValue starts with, before the colon: the kind, or `group`. */
  readonly prefix: string;
  readonly states: readonly S[];
  /** Facts a row may carry after its state, in this order (menus test for them). */
  readonly flags: readonly F[];
  /** No flags ever follow the state, so a menu's pattern ends with it (`group:tags`, not `group:tagsX`). */
  readonly closed: boolean;
  /** The contextValue of a row in `state`, with the flags that are true. */
  context(state: S | typeof DELETING, flags?: Partial<Record<F, boolean>>): string;
}

/** A row whose contextValue is `prefix:state`, followed by the flags it has, space-separated. */
export function rowStates<const S extends string, const F extends string = never>(prefix: string, states: readonly S[], flags: readonly F[] = [], options: { closed?: boolean } = {}): RowStates<S, F> {
  return {
    prefix,
    states,
    flags,
    closed: options.closed ?? false,
    context: (state, set = {}) => [`${prefix}:${state}`, ...flags.filter((flag) => set[flag])].join(' '),
  };
}

/** The contextValue of a resource row while it is being deleted (no menu but those of every state shows then). */
export function deletingContext(kind: string): string {
  return `${kind}:${DELETING}`;
}

/** Which of a row's states and flags a menu entry shows in: every state when `states` is left out. */
export interface RowCondition<S extends string, F extends string> {
  readonly states?: readonly S[];
  /** `true`: only rows with the flag; `false`: only rows without it. */
  readonly flags?: Partial<Record<F, boolean>>;
}

/** The regular expression (its source) that matches the contextValues of the rows the condition names. */
export function rowPattern<S extends string, F extends string>(row: RowStates<S, F>, condition: RowCondition<S, F>): string {
  const states = condition.states;
  const stateText = !states ? '' : `${states.length === 1 ? states[0] : `(${states.join('|')})`}${row.closed ? '$' : '\\b'}`;
  const flags: Partial<Record<F, boolean>> = condition.flags ?? {};
  const without = row.flags.filter((flag) => flags[flag] === false).map((flag) => `(?!.*\\b${flag}\\b)`);
  const withFlags = row.flags.filter((flag) => flags[flag] === true).map((flag) => `.*\\b${flag}\\b`);
  return `^${row.prefix}:${stateText}${without.join('')}${withFlags.join('')}`;
}
