import * as vscode from 'vscode';

/**
 * What a view's TreeView is created with at activation: it loads the extension's workbench (esbuild.mjs: a
 * chunk of its own) when VS Code first asks for rows, then answers with the view's real provider, attached
 * by then. Rows only ever come from that provider, so every call on a row finds it attached.
 */
export class LazyTreeData<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  private target: vscode.TreeDataProvider<T> | undefined;
  private subscription: vscode.Disposable | undefined;
  private readonly changed = new vscode.EventEmitter<T | T[] | undefined | null | void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly load: () => Promise<unknown>) {}

  attach(target: vscode.TreeDataProvider<T>): void {
    this.subscription?.dispose();
    this.target = target;
    this.subscription = target.onDidChangeTreeData?.((change) => this.changed.fire(change));
  }

  async getChildren(element?: T): Promise<T[]> {
    if (!this.target) await this.load();
    return (await this.provider().getChildren(element)) ?? [];
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

  dispose(): void {
    this.subscription?.dispose();
    this.changed.dispose();
  }

  private provider(): vscode.TreeDataProvider<T> {
    if (!this.target) throw new Error('the view was asked about a row before its provider was attached');
    return this.target;
  }
}
