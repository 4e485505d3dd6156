import * as vscode from 'vscode';
import { detailParagraph } from '../model/actionWords';
import { literalLines, literalText } from '../model/serviceText';
import { BACK, type Back, type InputOptions, type PickItem, type PickOptions, type Prompter, type SearchOptions } from './prompter';

/**
 * The Prompter users meet: VS Code's InputBox and QuickPick, with step numbers, Back and inline validation. What
 * they show (titles, prompts, placeholders, validation messages, rows) often names a resource, so it is shown with
 * `literalText`: an invisible or bidi character there shows as its escape, as everywhere else. The value a user
 * edits is left as it is.
 */
export class VscodePrompter implements Prompter {
  /** `account` names the account a confirmation acts in, when it needs naming (several signed in); undefined otherwise. */
  constructor(private readonly account: () => string | undefined = () => undefined) {}

  input(options: InputOptions): Promise<string | Back | undefined> {
    const box = vscode.window.createInputBox();
    box.title = shown(options.title);
    box.prompt = shownOrNot(options.prompt);
    box.value = options.value ?? '';
    box.placeholder = shownOrNot(options.placeHolder);
    box.password = options.password ?? false;
    box.ignoreFocusOut = true;
    applySteps(box, options.step, options.totalSteps);
    // A warning refuses nothing: Enter takes the text (only an error's severity stops it).
    const warning = (): vscode.InputBoxValidationMessage | undefined => {
      const words = options.warn?.(box.value);
      return words === undefined ? undefined : { message: shown(words), severity: vscode.InputBoxValidationSeverity.Warning };
    };
    const check = () => {
      box.validationMessage = shownOrNot(options.validate?.(box.value)) ?? warning();
    };
    box.validationMessage = warning();
    // A pre-filled value (the current one) is not judged until the user changes it: Enter still checks it.
    return new Promise((resolve) => {
      let settled = false;
      const finish = (value: string | Back | undefined) => {
        if (settled) return;
        settled = true;
        resolve(value);
        box.hide();
      };
      const subscriptions = [
        box.onDidChangeValue(check),
        box.onDidAccept(() => {
          const problem = options.validate?.(box.value);
          box.validationMessage = shownOrNot(problem) ?? warning();
          if (!problem) finish(box.value);
        }),
        box.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish(BACK)),
        box.onDidHide(() => {
          finish(undefined);
          for (const s of subscriptions) s.dispose();
          box.dispose();
        }),
      ];
      box.show();
    });
  }

  async pick<T>(options: PickOptions<T>): Promise<T | Back | undefined> {
    const picked = await this.quickPick(options, false);
    return picked === BACK || picked === undefined ? picked : picked[0];
  }

  pickMany<T>(options: PickOptions<T>): Promise<T[] | Back | undefined> {
    return this.quickPick(options, true);
  }

  search<T>(options: SearchOptions<T>): Promise<T | undefined> {
    const pick = vscode.window.createQuickPick<Row<T>>();
    pick.title = shown(options.title);
    pick.placeholder = shownOrNot(options.placeHolder);
    // The filter chooses the rows; VS Code only highlights what it finds of the query in them.
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    const show = () => {
      pick.items = options.filter(pick.value).map((item) => ({ ...row(item), alwaysShow: true }));
    };
    show();
    if (options.refreshed) {
      pick.busy = true;
      void options.refreshed.finally(() => {
        pick.busy = false;
        show();
      });
    }
    return answerOf(pick, (chosen) => chosen.item.value, [pick.onDidChangeValue(show)]);
  }

  /** The action's question with one word for doing nothing, Keep, as every other confirmation (confirmModal) has it. */
  async confirm(message: string, detail: string, action: string): Promise<boolean> {
    return (await this.choose(message, detail, [vscode.l10n.t('Keep'), action])) === action;
  }

  /**
   * The one confirmation users meet, for every question whose answer may not be taken back at once: a picker,
   * not a modal dialog. VS Code's modal focuses its first button and always adds a Cancel (or the close
   * affordance) last, so a modal cannot have the reversible answer both under Enter and under Escape without
   * a second button that means the same. Here the first row, the reversible answer, is active (Enter picks
   * it), Escape answers nothing, and the rows are the choices and nothing else: the detail is the picker's
   * prompt, the one place it wraps and reads whole (a row of it was cut at the picker's width, and choosing it
   * did nothing).
   */
  choose<T extends string>(message: string, detail: string, choices: readonly [T, ...T[]]): Promise<T | undefined> {
    const pick = vscode.window.createQuickPick<ChoiceRow<T>>();
    pick.title = shown(message);
    pick.placeholder = vscode.l10n.t('Nothing happens until you choose {0}; Escape cancels.', choices[choices.length - 1]!);
    pick.ignoreFocusOut = true;
    const account = this.account();
    // With several accounts signed in, "Power off web-1?" does not say which web-1: the account comes first.
    const said = detailParagraph([
      ...(account !== undefined ? [vscode.l10n.t('Account: {0}', literalText(account))] : []),
      literalLines(detail),
    ].join('\n'));
    const choiceRows: ChoiceRow<T>[] = choices.map((choice) => ({ label: literalText(choice), choice }));
    if (said !== '') {
      // QuickPick.prompt came after the oldest editor we support (1.100), which reads it under the first choice.
      if ('prompt' in pick) (pick as { prompt?: string }).prompt = said;
      else choiceRows[0] = { ...choiceRows[0]!, detail: said };
    }
    pick.items = choiceRows;
    pick.activeItems = [choiceRows[0]!];
    return answerOf(pick, (chosen) => chosen.choice);
  }

  private quickPick<T>(options: PickOptions<T>, many: boolean): Promise<T[] | Back | undefined> {
    const pick = vscode.window.createQuickPick<Row<T>>();
    pick.title = shown(options.title);
    pick.placeholder = shownOrNot(options.placeHolder);
    pick.canSelectMany = many;
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    pick.ignoreFocusOut = true;
    applySteps(pick, options.step, options.totalSteps);
    const base = options.items.map(row);
    const refresh = () => {
      const text = pick.value.trim();
      const typed = options.typed && text !== '' && !options.items.some((item) => item.label === text)
        ? options.typed(text)
        : undefined;
      const refusal = options.unmatched && text !== '' && !options.items.some((item) => namesItem(item, text)) ? refusalRow<T>(options.unmatched(text)) : undefined;
      pick.items = typed ? [row(typed), ...base] : refusal ? [refusal, ...base] : base;
    };
    refresh();
    if (many) pick.selectedItems = base.filter((item) => item.item.picked);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (value: T[] | Back | undefined) => {
        if (settled) return;
        settled = true;
        resolve(value);
        pick.hide();
      };
      const subscriptions = [
        pick.onDidChangeValue(refresh),
        pick.onDidAccept(() => {
          const chosen = many ? pick.selectedItems : pick.activeItems.slice(0, 1);
          // The refusal row explains; accepting it keeps the question open.
          if (!many && (chosen.length === 0 || chosen[0]!.refusal)) return;
          finish(chosen.map((chosenRow) => chosenRow.item.value));
        }),
        pick.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish(BACK)),
        pick.onDidHide(() => {
          finish(undefined);
          for (const s of subscriptions) s.dispose();
          pick.dispose();
        }),
      ];
      pick.show();
    });
  }
}

/** The longest question shown (a deletion's prompt lists what goes); a notification keeps as much. */
const MAX_QUESTION = 2000;
const shown = (text: string) => literalText(text, MAX_QUESTION);
const shownOrNot = (text: string | undefined) => (text === undefined ? undefined : shown(text));

/**
 * Shows `pick` until a row with a value is accepted (its value; accepting a row without one keeps it open) or
 * it is hidden (undefined), then disposes of it and of `also`.
 */
function answerOf<I extends vscode.QuickPickItem, R>(pick: vscode.QuickPick<I>, valueOf: (row: I) => R | undefined, also: vscode.Disposable[] = []): Promise<R | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const subscriptions = [
      ...also,
      pick.onDidAccept(() => {
        const [chosen] = pick.activeItems;
        const value = chosen === undefined ? undefined : valueOf(chosen);
        if (value === undefined || settled) return;
        settled = true;
        resolve(value);
        pick.hide();
      }),
      pick.onDidHide(() => {
        if (!settled) resolve(undefined);
        settled = true;
        for (const s of subscriptions) s.dispose();
        pick.dispose();
      }),
    ];
    pick.show();
  });
}

/** A row of a confirmation: one of its choices. */
interface ChoiceRow<T extends string> extends vscode.QuickPickItem {
  readonly choice?: T;
}

/** What VS Code shows of a PickItem: its words as they are, our icon before them. */
interface Row<T> extends vscode.QuickPickItem {
  readonly item: PickItem<T>;
  /** The row that says why typed text is refused: shown whatever the filter, never a choice. */
  readonly refusal?: true;
}

/** Whether typed text names an item: part of its label, description or detail, ignoring case. */
export function namesItem(item: { readonly label: string; readonly description?: string; readonly detail?: string }, text: string): boolean {
  const wanted = text.toLowerCase();
  return [item.label, item.description, item.detail].some((words) => words?.toLowerCase().includes(wanted));
}

function refusalRow<T>(message: string): Row<T> {
  return { label: `$(error) ${literalText(message)}`, alwaysShow: true, refusal: true, item: { label: message, value: undefined as T } };
}

function row<T>(item: PickItem<T>): Row<T> {
  return {
    label: item.icon ? `$(${item.icon}) ${literalText(item.label)}` : literalText(item.label),
    ...(item.description !== undefined ? { description: literalText(item.description) } : {}),
    ...(item.detail !== undefined ? { detail: literalText(item.detail) } : {}),
    item,
  };
}

function applySteps(input: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] }, step?: number, total?: number): void {
  if (step === undefined) return;
  input.step = step;
  input.totalSteps = total;
  if (step > 1) input.buttons = [vscode.QuickInputButtons.Back];
}
