import type { CommandDeps } from './deps';

/** The words of a modal confirmation about one item. */
export interface Confirmation {
  readonly question: string;
  readonly detail: string;
  readonly button: string;
}

/** An action's only question: a modal confirmation. `{}` when confirmed, undefined (nothing sent) otherwise. */
export async function confirmed(deps: CommandDeps, words: Confirmation): Promise<Record<string, never> | undefined> {
  return (await deps.prompter.confirm(words.question, words.detail, words.button)) ? {} : undefined;
}
