/**
 * The account as a document in the editor (issue 48): `stacklet.jsonc` or any `*.stacklet.jsonc`. Opening or
 * saving one, or Plan, reads the account again and plans (src/documents/account/): problems become diagnostics on
 * their lines, each step a CodeLens on its resource, the whole plan the Plan view, and the document's top says
 * whether the account matches it. Only Apply changes the account, never a save and never in Restricted Mode: it
 * plans again, refuses what a step's command would before asking, asks once (the names of what destroys data typed
 * once), and runs the steps through the runner as the document door. The account modules load on first use.
 */
import * as vscode from 'vscode';
import type { SessionManager, ActiveSession } from '../auth/session';
import { actionContext } from '../actions/context';
import type { PlannedStep } from '../documents/account/accountPlan';
import type { ShownPlan } from '../views/planView';
import type { ExportChoice } from '../documents/account/accountExport';
import type { ActionHistory } from '../model/actionHistory';
import type { TaskRegistry } from '../tasks/types';
import type { Log } from '../ui/log';
import * as notify from '../ui/notify';
import type { Prompter } from '../ui/prompter';
import type { ResourceDocuments } from '../ui/resourceDocuments';
import { literalText } from '../model/serviceText';
import { describeError } from '../api/errorText';
import { plural } from '../api/plural';
import { isAccountDocumentName } from '../documents/account/documentName';

export interface AccountDocumentsDeps {
  readonly session: SessionManager;
  readonly log: Log;
  readonly prompter: () => Prompter;
  readonly tasks: TaskRegistry;
  readonly history: ActionHistory;
  readonly readOnly: ResourceDocuments;
  /** Told after each plan, which read the catalog: the schema offers its values (./accountSchemaFileSystem.ts). */
  readonly schema?: { catalogRead(): Promise<void> };
}


/** The account's modules, loaded on first use: nothing of them at activation. */
async function loadAccount() {
  const [plan, exported, declared, operations] = await Promise.all([
    import('../documents/account/accountPlan.js'),
    import('../documents/account/accountExport.js'),
    import('../kinds/declared.js'),
    import('../kinds/operations.js'),
  ]);
  return { plan, exported, kinds: declared.DECLARED_KINDS, definitionOf: operations.definitionOf };
}

/** Whether a document is an account document, by its name (a file's or an untitled one's). */
function isAccountDocument(document: vscode.TextDocument): boolean {
  return isAccountDocumentName(document.uri.path);
}

/** Whether `document` is the file an open untitled document of the same path is being saved to. */
function isSaveOfUntitled(document: vscode.TextDocument): boolean {
  return document.uri.scheme !== 'untitled' && vscode.workspace.textDocuments.some((other) => other.uri.scheme === 'untitled' && other.uri.path === document.uri.path);
}

export class AccountDocuments implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly plans = new Map<string, ShownPlan>();
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('stacklet-account');
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly planChanged = new vscode.EventEmitter<ShownPlan | undefined>();
  /** The plan of the active account document, for the Plan view. */
  readonly onDidChangePlan = this.planChanged.event;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly planning = new Map<string, Promise<ShownPlan | undefined>>();

  constructor(private readonly deps: AccountDocumentsDeps) {
    this.disposables.push(
      this.diagnostics,
      this.lensesChanged,
      this.planChanged,
      vscode.languages.registerCodeLensProvider([{ language: 'jsonc' }, { language: 'json' }], this),
      // A new document saved to its file opens that file first: its save, which follows, plans it.
      vscode.workspace.onDidOpenTextDocument((document) => (isSaveOfUntitled(document) ? undefined : this.planQuietly(document))),
      vscode.workspace.onDidSaveTextDocument((document) => this.planQuietly(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document)),
      vscode.window.onDidChangeActiveTextEditor((editor) => this.planChanged.fire(editor ? this.plans.get(editor.document.uri.toString()) : undefined)),
    );
    for (const document of vscode.workspace.textDocuments) this.planQuietly(document);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** The plan shown for `document`, when one was made (of any version). */
  shown(document: vscode.TextDocument): ShownPlan | undefined {
    return this.plans.get(document.uri.toString());
  }

  /** Opens the account (or a part) as a new document: `stacklet.jsonc` in the first folder, or another free name. */
  async open(choice: ExportChoice, name = 'stacklet'): Promise<vscode.TextEditor> {
    const session = await this.deps.session.current();
    const { plan, exported, kinds } = await loadAccount();
    const text = await this.progress(vscode.l10n.t('Reading the account…'), async () => {
      const live = await plan.readLive(session.store, kinds);
      return exported.exportAccount(live, kinds, choice, { email: session.account.email, readAt: new Date() });
    });
    const uri = await this.freeUri(name);
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), text));
    if (document.languageId !== 'jsonc') await vscode.languages.setTextDocumentLanguage(document, 'jsonc');
    this.deps.log.info(`Opened the account as a document: ${uri.toString()}`);
    await this.plan(document);
    return editor;
  }

  /** An untitled document's URI, named for where it saves: the first folder's `stacklet.jsonc`, or a free `name-N.stacklet.jsonc`. */
  private async freeUri(name: string): Promise<vscode.Uri> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const candidates = [name === 'stacklet' ? 'stacklet.jsonc' : `${name}.stacklet.jsonc`, ...Array.from({ length: 50 }, (_, i) => `${name}-${i + 2}.stacklet.jsonc`)];
    for (const file of candidates) {
      const target = folder ? vscode.Uri.joinPath(folder, file) : vscode.Uri.file(`/${file}`);
      const open = vscode.workspace.textDocuments.some((d) => d.uri.path === target.path);
      const exists = folder ? await vscode.workspace.fs.stat(target).then(() => true, () => false) : false;
      if (!open && !exists) return target.with({ scheme: 'untitled' });
    }
    return vscode.Uri.from({ scheme: 'untitled', path: `${name}-${Date.now()}.stacklet.jsonc` });
  }

  private planQuietly(document: vscode.TextDocument): void {
    if (!isAccountDocument(document)) return;
    if (this.deps.session.state.kind !== 'active') return;
    void this.plan(document).catch((error) => this.deps.log.warn(`Could not plan ${document.uri.toString()}: ${describeError(error)}`));
  }

  /** Plans `document`'s text against the account read now; one plan at a time per document. */
  plan(document: vscode.TextDocument): Promise<ShownPlan | undefined> {
    const key = document.uri.toString();
    const running = this.planning.get(key);
    if (running) return running.then(() => this.plan(document));
    const work = this.planNow(document).finally(() => this.planning.delete(key));
    this.planning.set(key, work);
    return work;
  }

  /** Resolves once no plan is being made, those asked for while waiting included. */
  async settled(): Promise<void> {
    while (this.planning.size > 0) await Promise.allSettled(this.planning.values());
  }

  private async planNow(document: vscode.TextDocument): Promise<ShownPlan | undefined> {
    const session = await this.deps.session.current();
    const { plan: planning, kinds } = await loadAccount();
    const apply = await import('../documents/account/accountApply.js');
    this.words ??= { stepWords: apply.stepWords, createdWords: apply.createdWords };
    const version = document.version;
    const text = document.getText();
    const live = await planning.readLive(session.store, kinds);
    const { locateSteps } = await import('../documents/account/accountPlan.js');
    const plan = locateSteps(planning.planAccount(text, live, kinds), text);
    if (document.isClosed) return undefined;
    const shown: ShownPlan = { uri: document.uri, version, account: session.account.email, plan };
    const before = this.plans.get(document.uri.toString());
    this.plans.set(document.uri.toString(), shown);
    this.diagnostics.set(document.uri, plan.problems.map((problem) => {
      const range = new vscode.Range(document.positionAt(problem.offset), document.positionAt(problem.offset + problem.length));
      const diagnostic = new vscode.Diagnostic(range, problem.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = 'Stacklet Cloud';
      return diagnostic;
    }));
    this.deps.log.info(`Planned ${document.uri.toString()}: ${plan.problems.length} problems, ${plan.steps.length} steps, ${plan.leftAlone.length} left alone`);
    // Only when a lens would read differently: VS Code forgets the arguments of lenses it was told are stale, so
    // a click on one still drawn (a plan made again as it was clicked) found no command.
    if (!before || lensKey(before, document) !== lensKey(shown, document)) this.lensesChanged.fire();
    if (vscode.window.activeTextEditor?.document === document || !vscode.window.activeTextEditor) this.planChanged.fire(shown);
    void this.deps.schema?.catalogRead();
    return shown;
  }

  private forget(document: vscode.TextDocument): void {
    if (!this.plans.delete(document.uri.toString())) return;
    this.diagnostics.delete(document.uri);
    this.lensesChanged.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isAccountDocument(document)) return [];
    const shown = this.plans.get(document.uri.toString());
    const top = new vscode.Range(0, 0, 0, 0);
    if (!shown) return [new vscode.CodeLens(top, { title: vscode.l10n.t('Plan against the account'), command: 'stacklet.planAccountDocument', arguments: [document.uri] })];
    const lenses = [
      new vscode.CodeLens(top, { title: statusWords(shown, document), command: 'stacklet.planAccountDocument', arguments: [document.uri], tooltip: vscode.l10n.t('Plan again') }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Show Differences'), command: 'stacklet.showAccountDifferences', arguments: [document.uri] }),
    ];
    if (shown.plan.steps.length > 0 && shown.plan.problems.length === 0) {
      lenses.push(new vscode.CodeLens(top, { title: vscode.l10n.t('Apply'), command: 'stacklet.applyAccountDocument', arguments: [document.uri] }));
    }
    const words = this.words;
    if (shown.version !== document.version || !words) return lenses;
    const byOffset = new Map<number, PlannedStep[]>();
    for (const step of shown.plan.steps) if (step.offset !== undefined) byOffset.set(step.offset, [...(byOffset.get(step.offset) ?? []), step]);
    for (const [offset, steps] of byOffset) {
      const at = document.positionAt(offset);
      const title = steps.map((step) => (step.op === 'create' ? words.createdWords(step) : vscode.l10n.t('will {0}', words.stepWords(step)))).join(' · ');
      lenses.push(new vscode.CodeLens(new vscode.Range(at, at), { title: literalText(title, 400), command: '' }));
    }
    return lenses;
  }

  /** The step words, once the account modules are loaded (a lens is drawn again when they are). */
  private words: { stepWords: (step: PlannedStep) => string; createdWords: (step: PlannedStep) => string } | undefined;

  async showDifferences(document: vscode.TextDocument): Promise<void> {
    const session = await this.deps.session.current();
    const { plan, kinds } = await loadAccount();
    const exported = await import('../documents/account/accountExport.js');
    const text = await this.progress(vscode.l10n.t('Reading the account…'), async () => {
      const live = await plan.readLive(session.store, kinds);
      return exported.exportAccount(live, kinds, exported.choiceOfDocument(document.getText(), kinds), { email: session.account.email, readAt: new Date() });
    });
    const name = document.uri.path.split('/').pop() ?? 'stacklet.jsonc';
    const left = this.deps.readOnly.put(`/stacklet-cloud/account/${name}`, text);
    await vscode.commands.executeCommand('vscode.diff', left, document.uri, vscode.l10n.t('{0}: the account now ↔ your document', name));
  }

  /** Apply: the document's plan, made again now, asked once and sent step by step (the core's road). Never in Restricted Mode. */
  async apply(document: vscode.TextDocument): Promise<void> {
    const modules = await loadAccount();
    const words = await import('../documents/account/accountApply.js');
    const { applyDocument } = await import('../documents/account/applyDocument.js');
    const context = async () => {
      const session = await this.deps.session.current();
      return { ctx: this.actionContext(session), account: session.account.email };
    };
    const applied = await applyDocument(context, {
      trusted: vscode.workspace.isTrusted,
      name: document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1),
      plan: async () => (await this.plan(document))?.plan,
      confirm: async (question) => {
        if (!(await this.deps.prompter().confirm(question.question, question.lines.join('\n'), vscode.l10n.t('Apply')))) return undefined;
        if (question.typed === undefined) return {};
        const phrase = question.typed;
        const typed = await this.deps.prompter().input({
          title: question.question,
          prompt: vscode.l10n.t('Type "{0}" to confirm.', phrase),
          placeHolder: phrase,
          validate: (text) => (text === phrase ? undefined : vscode.l10n.t('Type "{0}" exactly to confirm', phrase)),
        });
        return typed === phrase ? { typed } : undefined;
      },
      progress: (title, work, count) => notify.withProgress('notification', title, async (progress, token) => {
        const controller = new AbortController();
        const cancel = token.onCancellationRequested(() => controller.abort());
        try {
          return await work((ended, name) => progress.report(vscode.l10n.t('{0} of {1}: {2}', ended, count ?? ended, name), 100 / (count ?? 1)), controller.signal);
        } finally {
          cancel.dispose();
        }
      }, true),
    }, { definitionOf: modules.definitionOf, seen: this.plans.get(document.uri.toString())?.plan.fingerprint });
    switch (applied.status) {
      case 'untrusted': return void notify.error(words.untrustedWords());
      case 'problems':
        void notify.error(words.problemWords(applied.plan.problems.length));
        await vscode.commands.executeCommand('workbench.actions.view.problems');
        return;
      case 'noChanges': return void notify.info(words.noChangesWords(this.plans.get(document.uri.toString())?.account ?? ''));
      case 'refused': return void notify.error(words.refusedWords(applied.refused));
      case 'keptMoving': return void notify.error(words.keptMovingWords());
      case 'applied':
        this.deps.log.info(`Applied ${document.uri.toString()}: ${applied.report.message}`);
        await this.plan(document);
        if (applied.report.complete) void notify.info(applied.report.message);
        else void notify.error(applied.report.message);
        return;
      default: return;
    }
  }

  private actionContext(session: ActiveSession) {
    return actionContext({ account: session.account, client: session.client, store: session.store, history: this.deps.history, log: (line) => this.deps.log.info(line), tasks: this.deps.tasks });
  }

  private progress<T>(title: string, work: () => Promise<T>): Promise<T> {
    return Promise.resolve(notify.withProgress('window', title, work));
  }
}

/** What the lenses of a plan show: the top line's words and each step's place and words. */
function lensKey(shown: ShownPlan, document: vscode.TextDocument): string {
  return JSON.stringify([shown.version, statusWords(shown, document), shown.plan.steps.map((step) => [step.offset, step.op, step.name, step.changes, step.monthlyChangeUsd])]);
}

/** The document's top line: whether the account matches it, as read when; our icon, then the words shown as they are. */
function statusWords(shown: ShownPlan, document: vscode.TextDocument): string {
  const time = new Date(shown.plan.readAt).toLocaleTimeString(vscode.env.language, { hour: '2-digit', minute: '2-digit' });
  const { plan } = shown;
  const [icon, words] = plan.problems.length > 0
    ? ['error', plural(plan.problems.length, vscode.l10n.t('1 problem: nothing planned'), vscode.l10n.t('{0} problems: nothing planned', plan.problems.length))]
    : plan.steps.length === 0 ? ['check', vscode.l10n.t('Matches {0} as read at {1}', shown.account, time)]
      : ['diff', plural(plan.steps.length, vscode.l10n.t('1 difference from {0} as read at {1}', shown.account, time), vscode.l10n.t('{0} differences from {1} as read at {2}', plan.steps.length, shown.account, time))];
  const stale = shown.version !== document.version ? vscode.l10n.t(' (edited since: save or plan again)') : '';
  return `$(${icon}) ${literalText(words + stale)}`;
}
