/**
 * A document's refused save, shown for as long as it is true. VS Code gives an extension no way to close a
 * notification it showed (microsoft/vscode#48960, #163298), so an error toast about a document would stand after
 * the user fixed it and saved again, above the success. A refusal is instead a status bar entry in the error
 * colours, one per document, naming it and why (the whole message in its tooltip; its Problems in the panel it
 * opens): the document's next save replaces or removes it, and closing the document removes it. What was sent
 * and what the service answered is still a notification: that stays true.
 */
import * as vscode from 'vscode';
import { literalText } from '../model/serviceText';
import * as notify from './notify';

export class RefusedSaves implements vscode.Disposable {
  private readonly items = new Map<string, vscode.StatusBarItem>();
  /** Entries made so far, for each one's id. */
  private made = 0;
  private readonly closing = vscode.workspace.onDidCloseTextDocument((document) => this.clear(document.uri));

  /** Shows why the document's save was refused; `short` fits the status bar, `message` is whole. */
  show(uri: vscode.Uri, short: string, message: string, hasProblems: boolean): void {
    const key = uri.toString();
    let item = this.items.get(key);
    if (!item) {
      item = notify.createStatusBarItem(`stacklet.refusedSave.${++this.made}`, 50);
      item.name = vscode.l10n.t('Stacklet Cloud: save not applied');
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      this.items.set(key, item);
    }
    item.text = notify.statusText('error', short);
    item.tooltip = literalText(message, 2000);
    item.accessibilityInformation = { label: message, role: 'alert' };
    item.command = hasProblems ? { title: vscode.l10n.t('Show Problems'), command: 'workbench.actions.view.problems' } : { title: vscode.l10n.t('Show Log'), command: 'stacklet.showLog' };
    item.show();
  }

  /** The refusals standing, their whole messages (what the tooltips say). */
  standing(): string[] {
    return [...this.items.values()].map((item) => String(item.tooltip));
  }

  /** The document's save is answered again (or it was closed): its refusal no longer stands. */
  clear(uri: vscode.Uri): void {
    const key = uri.toString();
    this.items.get(key)?.dispose();
    this.items.delete(key);
  }

  dispose(): void {
    this.closing.dispose();
    for (const item of this.items.values()) item.dispose();
    this.items.clear();
  }
}
