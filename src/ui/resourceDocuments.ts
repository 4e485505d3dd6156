import * as vscode from 'vscode';
import { RESOURCE_SCHEME } from '../kinds/schemes';

/**
 * Read-only documents for View Properties and the service's side of Compare with Stacklet Cloud. The content
 * is kept in memory under a URI that names the resource (never the token); VS Code shows them as read-only.
 */
export class ResourceDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(RESOURCE_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Sets (or updates) the content at `path`, without opening it. */
  put(path: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: RESOURCE_SCHEME, path });
    const known = this.contents.has(uri.toString());
    this.contents.set(uri.toString(), content);
    if (known) this.changed.fire(uri);
    return uri;
  }

  /** Updates the content at `path` where it was put before (a diff shows it), and tells VS Code; else nothing. */
  refresh(path: string, content: string): void {
    const uri = vscode.Uri.from({ scheme: RESOURCE_SCHEME, path });
    if (!this.contents.has(uri.toString()) || this.contents.get(uri.toString()) === content) return;
    this.contents.set(uri.toString(), content);
    this.changed.fire(uri);
  }

  /** Opens (or updates and reveals) the document at `path` with `content`. */
  async show(path: string, content: string, language: string): Promise<vscode.TextEditor> {
    const uri = this.put(path, content);
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document, { preview: true });
    if (document.languageId !== language) await vscode.languages.setTextDocumentLanguage(document, language);
    return editor;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.contents.clear();
  }
}
