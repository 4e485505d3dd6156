import * as vscode from 'vscode';

/**
 * What a document scheme's file system is registered as at activation: it loads the extension's workbench
 * (esbuild.mjs: a chunk of its own) on the first read or write, then passes every call to the scheme's real
 * file system, attached by then.
 */
export class LazyFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private target: vscode.FileSystemProvider | undefined;
  private subscription: vscode.Disposable | undefined;
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  constructor(private readonly load: () => Promise<unknown>) {}

  attach(target: vscode.FileSystemProvider): void {
    this.subscription?.dispose();
    this.target = target;
    this.subscription = target.onDidChangeFile((events) => this.changed.fire(events));
  }

  /** The documents' file systems have nothing to watch (their changes come from this window only). */
  watch(uri: vscode.Uri, options: { readonly recursive: boolean; readonly excludes: readonly string[] }): vscode.Disposable {
    return this.target ? this.target.watch(uri, options) : new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    return (await this.fs()).stat(uri);
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    return (await this.fs()).readDirectory(uri);
  }

  async createDirectory(uri: vscode.Uri): Promise<void> {
    return (await this.fs()).createDirectory(uri);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.fs()).readFile(uri);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    return (await this.fs()).writeFile(uri, content, options);
  }

  async delete(uri: vscode.Uri, options: { readonly recursive: boolean }): Promise<void> {
    return (await this.fs()).delete(uri, options);
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { readonly overwrite: boolean }): Promise<void> {
    return (await this.fs()).rename(oldUri, newUri, options);
  }

  dispose(): void {
    this.subscription?.dispose();
    this.changed.dispose();
  }

  private async fs(): Promise<vscode.FileSystemProvider> {
    if (!this.target) await this.load();
    if (!this.target) throw new Error('the document file system was not attached');
    return this.target;
  }
}
