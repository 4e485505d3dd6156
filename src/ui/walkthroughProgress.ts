/**
 * What the Get Started walkthrough ticks. A step done is kept in the global state and told to the window two
 * ways: as a context key (`onContext:stacklet.walkthrough.explored`, the step's completion event) and through
 * VS Code's own `welcome.markStepComplete`.
 *
 * The context key alone is not enough. VS Code registers a walkthrough only when something first asks for the
 * walkthroughs (opening the Welcome page, say), and an `onContext` event whose expression already holds then is
 * taken as seen, without ticking the step: a user who signed in, ran an action and edited a firewall before
 * opening the walkthrough found its four steps unchecked (issue 45, item 6). `welcome.markStepComplete` records
 * the step as done in VS Code's storage whether or not the walkthrough is registered yet (it then rejects,
 * having recorded it), so the step shows ticked whenever the walkthrough opens, in this window or a later one.
 */
import * as vscode from 'vscode';
import { Disposable } from '../model/lifecycle';

/** What a user did, and the walkthrough step (package.json `contributes.walkthroughs`) it completes. */
const STEPS = { signedIn: 'signIn', explored: 'explore', ranAction: 'runAction', editedDocument: 'editFirewall' } as const;
const WALKTHROUGH_ID = 'stacklet.gettingStarted';

export type WalkthroughStep = keyof typeof STEPS;

const STORAGE_KEY = 'stacklet.walkthroughDone';

export class WalkthroughProgress extends Disposable {
  private readonly done: Set<WalkthroughStep>;

  /** `extensionId` is `publisher.name`, the first part of a step's id in VS Code. */
  constructor(private readonly state: vscode.Memento, private readonly extensionId: string) {
    super();
    this.done = new Set((state.get<string[]>(STORAGE_KEY) ?? []).filter((step): step is WalkthroughStep => Object.hasOwn(STEPS, step)));
    // A context key never set reads as false: only the steps done are told to the window.
    for (const step of this.done) void vscode.commands.executeCommand('setContext', `stacklet.walkthrough.${step}`, true);
  }

  /** Ticks a step (once; later calls cost nothing). */
  mark(step: WalkthroughStep): void {
    if (this.done.has(step)) return;
    this.done.add(step);
    void this.state.update(STORAGE_KEY, [...this.done]);
    void vscode.commands.executeCommand('setContext', `stacklet.walkthrough.${step}`, true);
    // Rejects while VS Code has not registered the walkthrough yet, after recording the step: nothing to do then.
    void vscode.commands.executeCommand('welcome.markStepComplete', `${this.extensionId}#${WALKTHROUGH_ID}#${STEPS[step]}`).then(undefined, () => undefined);
  }
}
