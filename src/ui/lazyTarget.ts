import * as vscode from 'vscode';

/**
 * What activation registers in place of an object the workbench makes (a view's rows, a document scheme's file
 * system, the Accounts entry): it loads the workbench (esbuild.mjs: a chunk of its own) when first used, and
 * then passes every call to the real object, attached by then, and fires the real object's changes as its own.
 */
export abstract class LazyTarget<T, Change> implements vscode.Disposable {
  protected target: T | undefined;
  private subscription: vscode.Disposable | undefined;
  protected readonly changed = new vscode.EventEmitter<Change>();

  constructor(
    private readonly load: () => Promise<unknown>,
    private readonly changesOf: (target: T) => vscode.Event<Change> | undefined,
  ) {}

  attach(target: T): void {
    this.subscription?.dispose();
    this.target = target;
    this.subscription = this.changesOf(target)?.((change) => this.changed.fire(change));
  }

  dispose(): void {
    this.subscription?.dispose();
    this.changed.dispose();
  }

  /** The real object, once the workbench has loaded and attached it. */
  protected async loaded(): Promise<T> {
    if (!this.target) await this.load();
    if (!this.target) throw new Error('the workbench did not attach what activation registered in its place');
    return this.target;
  }
}
