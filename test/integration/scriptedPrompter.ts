// A Prompter that answers from a script and records every question, so integration tests can drive the
// extension's commands without a UI: what was asked (title, step numbers, pre-filled value, items), what the
// inline validation said about given bad inputs, and that nothing was left unasked.
import { BACK, type Back, type InputOptions, type PickItem, type PickOptions, type Prompter, type SearchOptions } from '../../src/ui/prompter';
import { namesItem } from '../../src/ui/vscodePrompter';

type ItemMatch = string | RegExp | ((item: PickItem<unknown>) => boolean);

/** One scripted answer. */
export type Answer =
  /** Type this text; `bad` values are run through the validation first and their messages recorded. */
  | { readonly input: string; readonly bad?: readonly string[] }
  /** Pick the first item whose label or description matches (a string matches the label exactly, icons aside). */
  | { readonly pick: ItemMatch }
  /** Type a value the list lacks (PickOptions.typed). */
  | { readonly typed: string }
  /** Pick every matching item (none when the list is empty). */
  | { readonly many: readonly ItemMatch[] }
  | { readonly confirm: boolean }
  /** Type `search` into a search picker (Prompter.search) and pick the first row that matches `pick`. */
  | { readonly search: string; readonly pick: ItemMatch }
  /** Press the button of a modal choice (Prompter.choose) by its label. */
  | { readonly choose: string }
  | 'back'
  /** Escape: the question is cancelled. */
  | 'escape';

export interface AskedItem {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  readonly icon?: string;
  readonly picked?: boolean;
  readonly value: unknown;
}

/** One question as the command asked it. */
export interface Asked {
  readonly kind: 'input' | 'pick' | 'pickMany' | 'confirm' | 'choose' | 'search';
  readonly title: string;
  readonly step?: number;
  readonly totalSteps?: number;
  readonly prompt?: string;
  readonly placeHolder?: string;
  /** The pre-filled text of an input. */
  readonly value?: string;
  readonly items?: readonly AskedItem[];
  /** Validation messages of the scripted bad values (undefined: accepted). */
  readonly validation?: Readonly<Record<string, string | undefined>>;
  /** For an input: the warning shown inline for the text given, which refuses nothing (InputOptions.warn). */
  readonly warning?: string;
  /** For a pick: the message a typed text was refused with (PickOptions.unmatched). */
  readonly refused?: string;
  /** For confirm and choose: the message, its detail and the action button (choose: the buttons, focused first). */
  readonly message?: string;
  readonly detail?: string;
  readonly action?: string;
  readonly choices?: readonly string[];
}

const withoutIcons = (label: string) => label.replace(/\$\([^)]+\)\s*/g, '').trim();

function matches(item: PickItem<unknown>, match: ItemMatch): boolean {
  if (typeof match === 'function') return match(item);
  if (typeof match === 'string') return withoutIcons(item.label) === match || item.label === match;
  return match.test(withoutIcons(item.label)) || (item.description !== undefined && match.test(item.description));
}

export class ScriptedPrompter implements Prompter {
  private queue: Answer[] = [];
  readonly asked: Asked[] = [];
  /** Script mistakes (an answer of the wrong kind, an invalid input, a question nobody scripted). */
  readonly problems: string[] = [];

  /** Replaces the script and forgets what was asked before. */
  script(...answers: Answer[]): this {
    this.queue = [...answers];
    this.asked.length = 0;
    this.problems.length = 0;
    return this;
  }

  get remaining(): number {
    return this.queue.length;
  }

  async input(options: InputOptions): Promise<string | Back | undefined> {
    const answer = this.next(options.title);
    const validation: Record<string, string | undefined> = {};
    if (answer && typeof answer === 'object' && 'input' in answer) {
      for (const bad of answer.bad ?? []) validation[bad] = options.validate?.(bad);
    }
    this.asked.push({
      kind: 'input',
      title: options.title,
      ...(options.step !== undefined ? { step: options.step, totalSteps: options.totalSteps } : {}),
      ...(options.prompt !== undefined ? { prompt: options.prompt } : {}),
      ...(options.placeHolder !== undefined ? { placeHolder: options.placeHolder } : {}),
      value: options.value ?? '',
      validation,
      ...(answer && typeof answer === 'object' && 'input' in answer && options.warn?.(answer.input) !== undefined ? { warning: options.warn(answer.input) } : {}),
    });
    if (answer === 'escape' || answer === undefined) return undefined;
    if (answer === 'back') return BACK;
    if (!('input' in answer)) return this.wrong('input', options.title, answer);
    const problem = options.validate?.(answer.input);
    if (problem) {
      this.problems.push(`"${options.title}": the scripted input "${answer.input}" is invalid: ${problem}`);
      return undefined;
    }
    return answer.input;
  }

  async pick<T>(options: PickOptions<T>): Promise<T | Back | undefined> {
    const answer = this.next(options.title);
    this.record('pick', options);
    if (answer === 'escape' || answer === undefined) return undefined;
    if (answer === 'back') return BACK;
    if ('typed' in answer) {
      // As the quick pick does: typed text that names no item is refused at this step, which stays open (the
      // script's next answer answers it again).
      if (options.unmatched && !options.items.some((item) => namesItem(item, answer.typed))) {
        (this.asked[this.asked.length - 1] as { refused?: string }).refused = options.unmatched(answer.typed);
        return this.pick(options);
      }
      const item = options.typed?.(answer.typed);
      if (!item) {
        this.problems.push(`"${options.title}": typing "${answer.typed}" offers no item`);
        return undefined;
      }
      return item.value;
    }
    if (!('pick' in answer)) return this.wrong('pick', options.title, answer);
    const item = options.items.find((candidate) => matches(candidate as PickItem<unknown>, answer.pick));
    if (!item) {
      this.problems.push(`"${options.title}": no item matches ${String(answer.pick)} among ${options.items.map((i) => i.label).join(', ')}`);
      return undefined;
    }
    return item.value;
  }

  async pickMany<T>(options: PickOptions<T>): Promise<T[] | Back | undefined> {
    const answer = this.next(options.title);
    this.record('pickMany', options);
    if (answer === 'escape' || answer === undefined) return undefined;
    if (answer === 'back') return BACK;
    if (!('many' in answer)) return this.wrong('pickMany', options.title, answer);
    const chosen: T[] = [];
    for (const match of answer.many) {
      const item = options.items.find((candidate) => matches(candidate as PickItem<unknown>, match));
      if (!item) {
        this.problems.push(`"${options.title}": no item matches ${String(match)}`);
        return undefined;
      }
      chosen.push(item.value);
    }
    return chosen;
  }

  /** The rows for the scripted text; when none matches, once more after `refreshed` (as the picker does). */
  async search<T>(options: SearchOptions<T>): Promise<T | undefined> {
    const answer = this.next(options.title);
    if (answer === 'escape' || answer === undefined) {
      this.record('search', { ...options, items: options.filter('') });
      return undefined;
    }
    if (answer === 'back' || !('search' in answer)) return this.wrong('search', options.title, answer);
    let items = options.filter(answer.search);
    let item = items.find((candidate) => matches(candidate as PickItem<unknown>, answer.pick));
    if (!item && options.refreshed) {
      await options.refreshed;
      items = options.filter(answer.search);
      item = items.find((candidate) => matches(candidate as PickItem<unknown>, answer.pick));
    }
    this.record('search', { ...options, items });
    if (!item) {
      this.problems.push(`"${options.title}": typing "${answer.search}" offers no row matching ${String(answer.pick)} among ${items.map((i) => i.label).join(', ')}`);
      return undefined;
    }
    return item.value;
  }

  async confirm(message: string, detail: string, action: string): Promise<boolean> {
    const answer = this.next(message);
    this.asked.push({ kind: 'confirm', title: message, message, detail, action });
    if (answer === 'escape' || answer === undefined) return false;
    if (answer === 'back' || !('confirm' in answer)) {
      this.wrong('confirm', message, answer);
      return false;
    }
    return answer.confirm;
  }

  async choose<T extends string>(message: string, detail: string, choices: readonly [T, ...T[]]): Promise<T | undefined> {
    const answer = this.next(message);
    this.asked.push({ kind: 'choose', title: message, message, detail, choices: [...choices] });
    if (answer === 'escape' || answer === undefined) return undefined;
    if (answer === 'back' || !('choose' in answer)) return this.wrong('choose', message, answer);
    const chosen = choices.find((choice) => choice === answer.choose);
    if (chosen === undefined) this.problems.push(`"${message}" offers ${choices.join(', ')}, not ${answer.choose}`);
    return chosen;
  }

  private next(title: string): Answer | undefined {
    const answer = this.queue.shift();
    if (answer === undefined) this.problems.push(`"${title}" was asked but the script has no answer left`);
    return answer;
  }

  private record<T>(kind: 'pick' | 'pickMany' | 'search', options: Pick<PickOptions<T>, 'title' | 'placeHolder' | 'items' | 'step' | 'totalSteps'>): void {
    this.asked.push({
      kind,
      title: options.title,
      ...(options.step !== undefined ? { step: options.step, totalSteps: options.totalSteps } : {}),
      ...(options.placeHolder !== undefined ? { placeHolder: options.placeHolder } : {}),
      items: options.items.map((item) => ({
        label: item.label,
        ...(item.description !== undefined ? { description: item.description } : {}),
        ...(item.detail !== undefined ? { detail: item.detail } : {}),
        ...(item.icon !== undefined ? { icon: item.icon } : {}),
        ...(item.picked !== undefined ? { picked: item.picked } : {}),
        value: item.value,
      })),
    });
  }

  private wrong(kind: string, title: string, answer: Answer): undefined {
    this.problems.push(`"${title}" asked for ${kind}, the script answered ${JSON.stringify(answer)}`);
    return undefined;
  }
}

/** The label without its codicon, as people read it. */
export function plainLabel(item: { label: string }): string {
  return withoutIcons(item.label);
}
