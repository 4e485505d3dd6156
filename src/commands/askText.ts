import type { CommandDeps } from './deps';
import type { InputOptions } from '../ui/prompter';
import { isBack } from './wizard';

/** One text question; the trimmed answer, or undefined when cancelled. */
export async function askText(deps: CommandDeps, options: InputOptions): Promise<string | undefined> {
  const typed = await deps.prompter.input(options);
  return typed === undefined || isBack(typed) ? undefined : typed.trim();
}
