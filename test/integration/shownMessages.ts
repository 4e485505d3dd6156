// Records the messages the extension shows (error, warning, info), which the extension host gives tests no
// other way to read, while still showing them.
import * as vscode from 'vscode';

export interface Shown {
  level: 'error' | 'warning' | 'info';
  message: string;
}

/** Starts recording into the returned list; `restore()` puts VS Code's functions back. */
export function recordShownMessages(): { shown: Shown[]; restore(): void } {
  const shown: Shown[] = [];
  const restores: (() => void)[] = [];
  const window = vscode.window as unknown as Record<string, (message: string, ...rest: unknown[]) => unknown>;
  for (const [name, level] of [['showErrorMessage', 'error'], ['showWarningMessage', 'warning'], ['showInformationMessage', 'info']] as const) {
    const original = window[name]!;
    window[name] = (message: string, ...rest: unknown[]) => {
      shown.push({ level, message });
      return original.call(vscode.window, message, ...rest);
    };
    restores.push(() => (window[name] = original));
  }
  return { shown, restore: () => restores.forEach((restore) => restore()) };
}
