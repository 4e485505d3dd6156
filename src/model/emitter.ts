/**
 * A minimal event emitter for the vscode-free core, shaped like vscode.Event so the edges can pass its
 * `event` wherever VS Code expects one.
 */
import type { IDisposable } from './lifecycle';

export type Event<T> = (listener: (value: T) => void) => IDisposable;

/** Listeners of every Emitter, live: the working-day benchmark checks that a day of use leaves none behind. */
let live = 0;

export function liveListeners(): number {
  return live;
}

export class Emitter<T> implements IDisposable {
  private listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    // The same function twice is one listener (a Set): count it once.
    if (!this.listeners.has(listener)) live++;
    this.listeners.add(listener);
    return {
      dispose: () => {
        if (this.listeners.delete(listener)) live--;
      },
    };
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
    live -= this.listeners.size;
    this.listeners.clear();
  }
}
