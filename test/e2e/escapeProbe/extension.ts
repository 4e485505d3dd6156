// A test-only extension (never shipped): shows a hostile resource name as it comes ("raw") and through
// literalText ("esc") in each place VS Code reads markup in plain strings, so that test/e2e/serviceText.test.ts
// can see in the real workbench what each one renders; and, as any other extension could, asks ours for what its
// activate() returns. Bundled and packaged by that test.
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
  void reach(context);
}

/** What ours hands another extension: shown in the status bar as `probe-reach nothing`, or the keys it got. */
async function reach(context: vscode.ExtensionContext): Promise<void> {
  const item = vscode.window.createStatusBarItem('escapeProbe.reach', vscode.StatusBarAlignment.Right, 1000);
  context.subscriptions.push(item);
  try {
    const exported: unknown = await vscode.extensions.getExtension('stacklet.stacklet-cloud')?.activate();
    item.text = `probe-reach ${exported === undefined ? 'nothing' : `keys:${Object.keys(exported as object).join(',')}`}`;
  } catch (error) {
    item.text = `probe-reach failed: ${String(error)}`;
  }
  item.show();
}
