// A test-only extension (never shipped): shows a hostile resource name as it comes ("raw") and through
// literalText ("esc") in each place VS Code reads markup in plain strings, so that test/e2e/serviceText.test.ts
// can see in the real workbench what each one renders. Bundled and packaged by that test.
import * as vscode from 'vscode';
import { literalText } from '../../../src/model/serviceText';

export const HOSTILE = 'zz [Open Settings](command:workbench.action.openSettings) $(zap)';

export function activate(context: vscode.ExtensionContext): void {
  for (const [tag, text] of [['raw', HOSTILE], ['esc', literalText(HOSTILE)]] as const) {
    void vscode.window.showInformationMessage(`probe-${tag} volume ${text} was resized`);
    const item = vscode.window.createStatusBarItem(`escapeProbe.${tag}`, vscode.StatusBarAlignment.Left, 1000);
    item.text = `probe-${tag} ${text}`;
    item.show();
    context.subscriptions.push(item);
  }
  context.subscriptions.push(
    vscode.commands.registerCommand('escapeProbe.pick', () =>
      vscode.window.showQuickPick([{ label: `probe-raw ${HOSTILE}` }, { label: `probe-esc ${literalText(HOSTILE)}` }]),
    ),
  );
}
