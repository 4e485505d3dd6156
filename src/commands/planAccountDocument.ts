import * as vscode from 'vscode';
import { documentOf } from './applyDocument';
import type { CommandDeps } from './deps';

/** Plan (an account document's title bar, its CodeLens, the palette): reads the account again and plans the text. */
export async function planAccountDocument(deps: CommandDeps, uri?: unknown): Promise<void> {
  const document = documentOf(uri);
  if (!document) return;
  await deps.accountDocuments.plan(document);
  await vscode.commands.executeCommand('stacklet.plan.focus');
}
