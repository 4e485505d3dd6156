// Records the messages the extension shows (error, warning, info), which the extension host gives tests no
// other way to read. A message without buttons is still shown; one with buttons is answered at once (by
// `choose`, or as if dismissed), so that nothing waits for a click no test makes.
import * as vscode from 'vscode';

export interface Shown {
  level: 'error' | 'warning' | 'info';
  message: string;
  /** The buttons offered (our own words). */
  buttons?: string[];
}

/** Starts recording into the returned list; `restore()` puts VS Code's functions back. */
export function recordShownMessages(choose: (shown: Shown) => string | undefined = () => undefined): { shown: Shown[]; restore(): void } {
  const shown: Shown[] = [];
  const restores: (() => void)[] = [];
  const window = vscode.window as unknown as Record<string, (message: string, ...rest: unknown[]) => unknown>;
  for (const [name, level] of [['showErrorMessage', 'error'], ['showWarningMessage', 'warning'], ['showInformationMessage', 'info']] as const) {
    const original = window[name]!;
    window[name] = (message: string, ...rest: unknown[]) => {
      const buttons = rest.filter((item): item is string => typeof item === 'string');
      const modal = rest.some((item) => typeof item === 'object' && item !== null && (item as { modal?: boolean }).modal);
      const entry: Shown = { level, message, ...(buttons.length > 0 ? { buttons } : {}) };
      shown.push(entry);
      if (buttons.length > 0 && !modal) return Promise.resolve(choose(entry));
      return original.call(vscode.window, message, ...rest);
    };
    restores.push(() => (window[name] = original));
  }
  return { shown, restore: () => restores.forEach((restore) => restore()) };
}
