import type { Problem } from '../../api/validators';
import type { CommandDeps } from '../deps';
import { inputStep, type WizardStep } from '../wizard';
import { field, type StepWords, type With } from './fields';

export interface NameSpec<S> extends StepWords {
  /** Checks the name as it is typed (the answer kept is trimmed). */
  readonly check: (name: string) => Problem;
  /** Offered the first time: a free name. */
  readonly initial?: (state: S) => string;
  /** Told when the answer differs from the earlier one (answers that followed from it are dropped). */
  readonly changed?: (state: S) => void;
}

/** The name of what a wizard creates, answer `key` (default `name`), checked as it is typed. */
export function nameStep<S extends With<K, string>, K extends string = 'name'>(deps: CommandDeps, spec: NameSpec<S>, key = 'name' as K): WizardStep<S> {
  const { read, write } = field<S, K, string>(key);
  return inputStep<S>(deps, key, (state) => ({
    title: spec.title,
    ...(spec.prompt !== undefined ? { prompt: spec.prompt } : {}),
    ...(spec.placeHolder !== undefined ? { placeHolder: spec.placeHolder } : {}),
    ...(spec.initial ? { initial: spec.initial(state) } : {}),
    validate: (text) => spec.check(text),
  }), read, (state, name) => {
    if (name !== read(state)) spec.changed?.(state);
    write(state, name);
  });
}
