// What the document suites (firewalls, load balancers, userdata) do to a document as a user would: type,
// save as Ctrl+S does, run the editor-title actions, and see what the emulator received and what was shown.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StackletExtensionApi } from '../../src/extension';
import { control, extensionApi, mutationsSince, recentRequests, signOutAll, type Sent, signInByCommand } from './emulatorAccess';
import { ScriptedPrompter, type Answer, type Asked } from './scriptedPrompter';
import { recordShownMessages, type Shown } from './shownMessages';
import { testEmulator } from './testEnvironment';

export interface Acted {
  sent: Sent[];
  asked: Asked[];
  errors: string[];
  /** The refused saves standing in the status bar afterwards (src/ui/refusedSaves.ts). */
  refused: string[];
  warnings: string[];
  infos: string[];
}

export async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(new vscode.Position(0, 0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit), 'the edit applies');
  assert.equal(document.getText(), text);
}

/** Diagnostics of the document from every source (ours is "Stacklet"). */
export function allDiagnostics(document: vscode.TextDocument): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(document.uri);
}

export class DocumentSteps {
  constructor(
    private readonly api: () => StackletExtensionApi,
    private readonly prompter: ScriptedPrompter,
    private readonly shown: () => Shown[],
    private readonly email: string,
  ) {}

  /** Runs `act` with scripted answers and waits for any apply it started; every answer must be used. */
  async act(act: () => Thenable<unknown>, ...answers: Answer[]): Promise<Acted> {
    this.prompter.script(...answers);
    this.shown().length = 0;
    const before = await recentRequests();
    await act();
    await this.api().documentEditors.settled();
    const sent = mutationsSince(this.email, before, await recentRequests());
    const told = [...this.shown().map((s) => `${s.level}: ${s.message}`), ...this.api().documentEditors.refusals().map((r) => `refused: ${r}`)].join('; ');
    assert.deepEqual(this.prompter.problems, [], `the script fits the questions (shown: ${told})`);
    assert.equal(this.prompter.remaining, 0, `every scripted answer was used (shown: ${told})`);
    const of = (level: Shown['level']) => this.shown().filter((s) => s.level === level).map((s) => s.message);
    return { sent, asked: [...this.prompter.asked], errors: of('error'), refused: this.api().documentEditors.refusals(), warnings: of('warning'), infos: of('info') };
  }

  /** A save as Ctrl+S makes it (VS Code tells the extension the reason: Manual). */
  save(document: vscode.TextDocument, ...answers: Answer[]): Promise<Acted> {
    return this.act(() => document.save(), ...answers);
  }

  /** The editor title's "Apply to Stacklet Cloud". */
  applyAction(document: vscode.TextDocument, ...answers: Answer[]): Promise<Acted> {
    return this.act(() => vscode.commands.executeCommand('stacklet.applyDocument', document.uri), ...answers);
  }

  /** Runs a command that opens a document; the document it opened. */
  async open(command: string, ...args: unknown[]): Promise<vscode.TextDocument> {
    this.prompter.script();
    await vscode.commands.executeCommand(command, ...args);
    assert.deepEqual(this.prompter.problems, []);
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document, `${command} opened an editor`);
    return document;
  }
}

/** Throws the document's edits away (so closing it asks nothing). */
export async function revert(document: vscode.TextDocument): Promise<void> {
  if (!document.isDirty) return;
  await vscode.window.showTextDocument(document);
  await vscode.commands.executeCommand('workbench.action.files.revert');
}

/** Closes the editors of `document` (it must not be dirty). */
export async function closeEditorsOf(document: vscode.TextDocument): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === document.uri.toString());
  await vscode.window.tabGroups.close(tabs);
}

export interface DocumentSuite {
  readonly api: StackletExtensionApi;
  readonly prompter: ScriptedPrompter;
  readonly shown: Shown[];
  readonly steps: DocumentSteps;
}

/**
 * The hooks of a document suite: an account of its own with the demo data, signed in, scripted answers and
 * shown messages recorded; afterwards the documents of `scheme` reverted, the `quirks` turned off, signed out
 * (the extension host is shared with the other suites). The fields are set once `before` has run.
 */
export function documentSuite(account: { email: string; token: string }, scheme: string, quirks: Record<string, boolean> = {}): DocumentSuite {
  const suite = { prompter: new ScriptedPrompter(), shown: [] as Shown[] } as { api: StackletExtensionApi; prompter: ScriptedPrompter; shown: Shown[]; steps: DocumentSteps };
  suite.steps = new DocumentSteps(() => suite.api, suite.prompter, () => suite.shown, account.email);
  let restore: (() => void)[] = [];
  before(async () => {
    // An auto-save between typing and the test's save would leave that save nothing to do (the tier turns it off).
    assert.equal(vscode.workspace.getConfiguration('files').get('autoSave'), 'off', 'auto-save is off in the integration tier');
    suite.api = await extensionApi();
    await signOutAll(suite.api);
    await control('/_emulator/accounts', { token: account.token, email: account.email, seed: 'demo' });
    assert.equal(await signInByCommand(suite.api, testEmulator().apiUrl, account.token), true);
    const recorder = recordShownMessages();
    suite.shown = recorder.shown;
    restore = [suite.api.setPrompter(suite.prompter), recorder.restore];
  });
  after(async () => {
    for (const document of vscode.workspace.textDocuments) if (document.uri.scheme === scheme) await revert(document);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await control('/_emulator/config', { quirks: Object.fromEntries(Object.keys(quirks).map((q) => [q, false])) });
    for (const undo of restore) undo();
    await signOutAll(suite.api);
  });
  return suite;
}

/** The last line of a document's apply or create dialog: which button sends (`Apply`, `Create`), after a blank line. */
export function whichButtonLine(send: string): string {
  return `\n\nChoose ${send} to send this to Stacklet Cloud now. Show Changes, the first choice, compares first; nothing is sent until you choose ${send}.`;
}
