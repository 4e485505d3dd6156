import * as vscode from 'vscode';
import { LazyTarget } from '../ui/lazyTarget';

type Change<T> = T | T[] | undefined | null | void;

/**
 * What a view's TreeView is created with at activation: it loads the workbench when VS Code first asks for rows,
 * then answers with the view's real provider, attached by then. Rows only ever come from that provider, so every
 * call on a row finds it attached.
 */
export class LazyTreeData<T> extends LazyTarget<vscode.TreeDataProvider<T>, Change<T>> implements vscode.TreeDataProvider<T> {
  readonly onDidChangeTreeData = this.changed.event;

  constructor(load: () => Promise<unknown>) {
    super(load, (target) => target.onDidChangeTreeData);
  }

  async getChildren(element?: T): Promise<T[]> {
    return (await (await this.loaded()).getChildren(element)) ?? [];
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.provider().getTreeItem(element);
  }

  resolveTreeItem(item: vscode.TreeItem, element: T, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem> {
    const target = this.provider();
    return target.resolveTreeItem ? target.resolveTreeItem(item, element, token) : item;
  }

  getParent(element: T): vscode.ProviderResult<T> {
    return this.provider().getParent?.(element);
  }

  private provider(): vscode.TreeDataProvider<T> {
    if (!this.target) throw new Error('the view was asked about a row before its provider was attached');
    return this.target;
  }
}
