import * as vscode from 'vscode';
import { LazyTarget } from './lazyTarget';

/**
 * What a document scheme's file system is registered as at activation: it loads the workbench on the first read
 * or write, then passes every call to the scheme's real file system, attached by then.
 */
export class LazyFileSystem extends LazyTarget<vscode.FileSystemProvider, vscode.FileChangeEvent[]> implements vscode.FileSystemProvider {
  readonly onDidChangeFile = this.changed.event;

  constructor(load: () => Promise<unknown>) {
    super(load, (target) => target.onDidChangeFile);
  }

  /** The documents' file systems have nothing to watch (their changes come from this window only). */
  watch(uri: vscode.Uri, options: { readonly recursive: boolean; readonly excludes: readonly string[] }): vscode.Disposable {
    return this.target ? this.target.watch(uri, options) : new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    return (await this.loaded()).stat(uri);
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    return (await this.loaded()).readDirectory(uri);
  }

  async createDirectory(uri: vscode.Uri): Promise<void> {
    return (await this.loaded()).createDirectory(uri);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.loaded()).readFile(uri);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    return (await this.loaded()).writeFile(uri, content, options);
  }

  async delete(uri: vscode.Uri, options: { readonly recursive: boolean }): Promise<void> {
    return (await this.loaded()).delete(uri, options);
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { readonly overwrite: boolean }): Promise<void> {
    return (await this.loaded()).rename(oldUri, newUri, options);
  }
}
