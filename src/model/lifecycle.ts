/**
 * An owner of disposables, in the manner of vscode-pull-request-github's src/common/lifecycle.ts: what it
 * registers is disposed with it, last registered first. Structural, so vscode-free code can use it and
 * vscode.Disposable fits. No vscode import.
 */
export interface IDisposable {
  dispose(): void;
}

export abstract class Disposable implements IDisposable {
  private readonly owned: IDisposable[] = [];
  private isDisposed = false;

  protected get disposed(): boolean {
    return this.isDisposed;
  }

  /** Takes ownership of `value`; registered after disposal, it is disposed at once. */
  protected _register<T extends IDisposable>(value: T): T {
    if (this.isDisposed) value.dispose();
    else this.owned.push(value);
    return value;
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    for (const value of this.owned.splice(0).reverse()) value.dispose();
  }
}
