/** A wizard state with an optional answer `K` of type `T`: what a typed step reads and writes. */
export type With<K extends string, T> = { [P in K]?: T };

/** Reads and writes answer `key` of a state; the steps are generic over which field of the state they fill. */
export function field<S extends With<K, T>, K extends string, T>(key: K): { read: (state: S) => T | undefined; write: (state: S, value: T) => void } {
  return {
    read: (state) => state[key] as T | undefined,
    write: (state, value) => {
      (state as With<K, T>)[key] = value;
    },
  };
}

/** The words of a step: its title, and the prompt or placeholder that says what to answer. */
export interface StepWords {
  readonly title: string;
  readonly prompt?: string;
  readonly placeHolder?: string;
}
