import type { Problem } from '../../api/validators';
import type { CommandDeps } from '../deps';
import { wholeNumberStep, type WizardStep } from '../wizard';
import { field, type StepWords, type With } from './fields';

export interface CountSpec<S> extends StepWords {
  /** The subject of the messages: "Node count must be from 1 to 100". */
  readonly what: string;
  readonly check: (count: number, what: string) => Problem;
  readonly initial: string;
  /** Told when the answer differs from the earlier one. */
  readonly changed?: (state: S) => void;
}

/** How many (stacklets, nodes): a whole number checked as it is typed, kept as typed in answer `key`. */
export function countStep<S extends With<K, string>, K extends string = 'count'>(deps: CommandDeps, spec: CountSpec<S>, key = 'count' as K): WizardStep<S> {
  const { read, write } = field<S, K, string>(key);
  const { changed, ...words } = spec;
  return wholeNumberStep<S>(deps, key, () => words, read, (state, typed) => {
    if (typed !== read(state)) changed?.(state);
    write(state, typed);
  });
}
