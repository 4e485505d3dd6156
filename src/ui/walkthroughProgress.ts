/**
 * What the Get Started walkthrough ticks, as context keys kept in the global state: a step done stays done
 * after a window reload, and signing in is read from the session as it is now. The walkthrough's steps
 * complete on these keys (`onContext:stacklet.walkthrough.explored`), not on events of the window they
 * happened in.
 */
import * as vscode from 'vscode';
import { Disposable } from '../model/lifecycle';

export type WalkthroughStep = 'explored' | 'ranAction' | 'editedDocument';

const STEPS: readonly WalkthroughStep[] = ['explored', 'ranAction', 'editedDocument'];
const STORAGE_KEY = 'stacklet.walkthroughDone';

export class WalkthroughProgress extends Disposable {
  private readonly done: Set<WalkthroughStep>;

  constructor(private readonly state: vscode.Memento) {
    super();
    this.done = new Set((state.get<string[]>(STORAGE_KEY) ?? []).filter((step): step is WalkthroughStep => (STEPS as readonly string[]).includes(step)));
    // A context key never set reads as false: only the steps done are told to the window.
    for (const step of this.done) void vscode.commands.executeCommand('setContext', `stacklet.walkthrough.${step}`, true);
  }

  /** Ticks a step (once; later calls cost nothing). */
  mark(step: WalkthroughStep): void {
    if (this.done.has(step)) return;
    this.done.add(step);
    void this.state.update(STORAGE_KEY, [...this.done]);
    void vscode.commands.executeCommand('setContext', `stacklet.walkthrough.${step}`, true);
  }
}
