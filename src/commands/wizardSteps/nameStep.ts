import type { Problem } from '../../api/validators';
import type { ResourceStore } from '../../kinds/resourceStore';
import type { CommandDeps } from '../deps';
import { inputStep, type WizardStep } from '../wizard';
import { field, type StepWords, type With } from './fields';

export interface NameSpec<S> extends StepWords {
  /** Checks the name as it is typed (the answer kept is trimmed). */
  readonly check: (name: string) => Problem;
  /** Says, as a warning that refuses nothing, what is worth knowing about an acceptable name (another resource has it). */
  readonly warn?: (name: string) => string | undefined;
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
    ...(spec.warn ? { warn: spec.warn } : {}),
  }), read, (state, name) => {
    if (name !== read(state)) spec.changed?.(state);
    write(state, name);
  });
}

/** The kinds whose create wizards name what they make. */
type Named = 'stacklet' | 'volume' | 'vpc' | 'loadBalancer' | 'cluster' | 'sshKey';

/**
 * A name step's warning that another resource of `kind` has the name typed already (a second is allowed, or the
 * service says otherwise when asked): `words` of the name as the account has it. The names are read once, before
 * the first question; a listing that cannot be read warns of none.
 */
export async function sameNameWarning(store: ResourceStore, kind: Named, words: (name: string) => string): Promise<(text: string) => string | undefined> {
  const names = ((await store.get(kind).catch(() => undefined))?.items ?? []).map((item) => item.name);
  return (text) => {
    const wanted = text.trim().toLowerCase();
    const taken = wanted === '' ? undefined : names.find((name) => name.trim().toLowerCase() === wanted);
    return taken === undefined ? undefined : words(taken);
  };
}
