import * as vscode from 'vscode';
import type { CommandDeps } from './deps';

/** The document of an editor-title action (its URI), or the active editor's from the palette. */
export function documentOf(uri?: unknown): vscode.TextDocument | undefined {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  return target && vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.toString());
}

/** Apply to Stacklet Cloud (editor title): the document's change, after a confirmation, even if unsaved. */
export async function applyDocument(deps: CommandDeps, uri?: unknown): Promise<void> {
  const document = documentOf(uri);
  if (document) await deps.documentEditors.apply(document);
}
