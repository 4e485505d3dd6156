/**
 * A minimal event emitter for the vscode-free core, shaped like vscode.Event so the edges can pass its
 * `event` wherever VS Code expects one.
 */
import type { IDisposable } from './lifecycle';

export type Event<T> = (listener: (value: T) => void) => IDisposable;

export class Emitter<T> implements IDisposable {
  private listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        // One broken listener must not stop the others, nor the code that fired.
        console.error('[stacklet] event listener failed', error);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
