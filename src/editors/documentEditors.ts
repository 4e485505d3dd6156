/**
 * Resources as documents in the editor, for every kind in src/kinds/documents.ts (loaded on first use). The file systems only move
 * text (drafts); this decides when something reaches the cloud: only on an explicit act, a save the user asked
 * for (VS Code tells the reason in onWillSaveTextDocument: Manual for Ctrl+S and File › Save, AfterDelay or
 * FocusOut for auto-save) or the "Apply to Stacklet Cloud" action. Auto-save only ever keeps a draft. Before
 * anything is sent, the confirmation lists the change with the safe choice first (the default). Diagnostics come from the kind's
 * own checks, one per problem.
 */
import * as vscode from 'vscode';
import type { SessionManager, ActiveSession } from '../auth/session';
import type { ActionContext, ActionPlan } from '../actions/definition';
import { actionContext } from '../actions/context';
import type { Door } from '../actions/runner';
import type { AnswerData } from '../actions/answerData';
import type { AnyDocumentKind, DocumentKindId, DocumentProblem } from '../documents/documentKind';
import { documentFileName, idOfSegment, idSegment, NEW_SEGMENT } from '../documents/documentPaths';
import { DOCUMENT_SCHEMES } from '../kinds/schemes';
import { staleAfterEdit } from '../kinds/registry';
import { appliedOutcome, IncompleteApply, isComplete, reportOutcome, type ApplyOutcome } from '../documents/outcome';
import { ActionRefusal } from '../actions/refusals';
import type { TaskRegistry } from '../tasks/types';
import { Drafts } from '../ui/drafts';
import type { Log } from '../ui/log';
import * as notify from '../ui/notify';
import { DocumentFileSystem } from '../ui/documentFileSystem';
import type { Prompter } from '../ui/prompter';
import { RefusedSaves } from '../ui/refusedSaves';
import type { ResourceDocuments } from '../ui/resourceDocuments';
import { describeError } from '../api/errorText';
import type { ActionHistory } from '../model/actionHistory';
import { Disposable } from '../model/lifecycle';
import { registerStackletNameHints } from './stackletNameHints';

export interface DocumentEditorsDeps {
  readonly session: SessionManager;
  readonly log: Log;
  /** Read at every use: tests swap in scripted answers. */
  readonly prompter: () => Prompter;
  readonly tasks: TaskRegistry;
  /** Where drafts are kept (the extension's global state). */
  readonly state: vscode.Memento;
  /** Holds the service's side of a comparison. */
  readonly readOnly: ResourceDocuments;
  /** Where each apply's requests are recorded, as every action's are. */
  readonly history: ActionHistory;
  /** What each scheme's file system was registered as at activation (LazyFileSystem), by scheme. */
  readonly fileSystems: ReadonlyMap<string, { attach(fs: vscode.FileSystemProvider): void }>;
}

interface Opened {
  readonly kind: AnyDocumentKind;
  readonly fs: DocumentFileSystem;
}

let kinds: Promise<typeof import('../kinds/documents').DOCUMENT_KINDS> | undefined;

/**
 * The kinds (parsers, schemas, diffs), loaded when the first of their documents is read, checked or saved: a
 * chunk of its own in the build (esbuild.mjs).
 */
function documentKinds(): Promise<typeof import('../kinds/documents').DOCUMENT_KINDS> {
  return (kinds ??= import('../kinds/documents.js').then((m) => m.DOCUMENT_KINDS));
}

const DIAGNOSTIC_SOURCE = 'Stacklet';

/** `{ line, character }` of an offset in `text`. */
function positionAt(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}

function toDiagnostics(text: string, problems: readonly DocumentProblem[]): vscode.Diagnostic[] {
  return problems.map((p) => {
    const diagnostic = new vscode.Diagnostic(new vscode.Range(positionAt(text, p.offset), positionAt(text, p.offset + p.length)), p.message, vscode.DiagnosticSeverity.Error);
    diagnostic.source = DIAGNOSTIC_SOURCE;
    return diagnostic;
  });
}

const segments = (uri: vscode.Uri) => uri.path.split('/').filter(Boolean);
const fileName = (name: string, kind: AnyDocumentKind) => documentFileName(name, kind.id, kind.extension);

export class DocumentEditors extends Disposable {
  private readonly drafts: Drafts;
  /** The file system of each scheme, and the kind it is for. */
  private readonly registered = new Map<string, { readonly id: DocumentKindId; readonly fs: DocumentFileSystem }>();
  readonly diagnostics = this._register(vscode.languages.createDiagnosticCollection('stacklet-documents'));
  /** Why each document is being saved, from onWillSaveTextDocument to onDidSaveTextDocument. */
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  /** Our own saves (a draft kept before an apply, the service's answer after one): they apply nothing. */
  private readonly quietSaves = new Set<string>();
  private readonly applying = new Map<string, Promise<void>>();
  /** Each document's refused save, until its next save answers. */
  private readonly refusalItems = this._register(new RefusedSaves());

  constructor(private readonly deps: DocumentEditorsDeps) {
    super();
    this.drafts = new Drafts(deps.state);
    for (const [id, scheme] of Object.entries(DOCUMENT_SCHEMES) as [DocumentKindId, string][]) {
      const fs = new DocumentFileSystem(scheme, this.drafts, async (uri) => this.serviceText((await documentKinds())[id], uri));
      this.registered.set(scheme, { id, fs });
      this._register(fs);
      deps.fileSystems.get(scheme)?.attach(fs);
    }
    for (const subscription of [
      vscode.workspace.onDidOpenTextDocument((d) => void this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => void this.check(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => this.registered.has(d.uri.scheme) && this.diagnostics.delete(d.uri)),
      vscode.workspace.onWillSaveTextDocument((e) => {
        if (this.registered.has(e.document.uri.scheme)) this.saveReasons.set(e.document.uri.toString(), e.reason);
      }),
      vscode.workspace.onDidSaveTextDocument((document) => this.saved(document)),
      deps.session.onDidChange(() => void this.drafts.keepOnly(new Set(deps.session.accounts.map((a) => a.id)))),
    ]) this._register(subscription);
    this._register(registerStackletNameHints(deps.session));
    for (const document of vscode.workspace.textDocuments) void this.check(document);
  }

  /** The refused saves standing in the status bar, their whole messages (tests read them). */
  refusals(): string[] {
    return this.refusalItems.standing();
  }

  /**
   * Settles when no apply runs (tests wait on this after a save). VS Code may tell of a save the user asked for
   * after `save()` has resolved (seconds later on a busy machine): one announced and not yet saved counts too,
   * for up to 30 seconds (a save that failed is never told of).
   */
  async settled(): Promise<void> {
    const announced = () => [...this.saveReasons.values()].includes(vscode.TextDocumentSaveReason.Manual);
    for (let waited = 0; announced() && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    while (this.applying.size > 0) await Promise.allSettled([...this.applying.values()]);
  }

  private async kindOf(uri: vscode.Uri): Promise<Opened | undefined> {
    const registered = this.registered.get(uri.scheme);
    return registered && { kind: (await documentKinds())[registered.id], fs: registered.fs };
  }

  /** The active session, provided the document belongs to its account. */
  private async sessionFor(uri: vscode.Uri): Promise<ActiveSession> {
    const session = await this.deps.session.current();
    if (session.account.id !== uri.authority) {
      throw new Error(vscode.l10n.t('This document belongs to another account than {0}: switch to that account to use it.', session.account.email));
    }
    return session;
  }

  /** The resource a document edits: its id, or for a new resource's document the one it created, if any. */
  private resourceId(uri: vscode.Uri): string | undefined {
    const [first = ''] = segments(uri);
    if (first === NEW_SEGMENT) return this.drafts.created(uri);
    const id = idOfSegment(first);
    // Only a path typed by hand names no id: there is no such document.
    if (id === undefined) throw vscode.FileSystemError.FileNotFound(uri);
    return id;
  }

  /** What a document shows without a draft: the service's state, or the template of a new one. */
  private async serviceText(kind: AnyDocumentKind, uri: vscode.Uri): Promise<string> {
    const { client } = await this.sessionFor(uri);
    const id = this.resourceId(uri);
    if (id === undefined) return kind.template((segments(uri)[1] ?? kind.id).replace(/\.[^.]+$/, ''));
    const { state, name } = await kind.read(client, id);
    return kind.render(state, { id, name });
  }

  // ── opening ────────────────────────────────────────────────────────────────

  /** Opens the document of an existing resource, read fresh from the service (or the draft, if one is kept). */
  async openExisting(kind: AnyDocumentKind, id: string): Promise<vscode.TextEditor> {
    const { account, client } = await this.deps.session.current();
    const { fs } = this.registered.get(kind.scheme)!;
    const { state, name } = await kind.read(client, id);
    const rendered = kind.render(state, { id, name });
    const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === kind.scheme && d.uri.authority === account.id && segments(d.uri)[0] === idSegment(id));
    const uri = open?.uri ?? vscode.Uri.from({ scheme: kind.scheme, authority: account.id, path: `/${idSegment(id)}/${fileName(name, kind)}` });
    const previous = fs.base(uri);
    fs.setBase(uri, rendered);
    // An open document without the user's changes follows the service; one with changes is left as it is.
    if (open && !open.isDirty && previous !== undefined && open.getText() === previous && previous !== rendered) await this.replaceQuietly(open, rendered);
    const editor = await this.show(uri);
    const draft = this.drafts.text(uri);
    if (draft && editor.document.getText() === draft.text && draft.text !== rendered) this.tellDraft(editor.document, `${kind.noun()} ${name}`, draft.savedAt);
    return editor;
  }

  /** Opens a new resource's document, pre-filled with the kind's template. */
  async openNew(kind: AnyDocumentKind): Promise<vscode.TextEditor> {
    const { account } = await this.deps.session.current();
    const taken = (path: string) =>
      this.drafts.knows(kind.scheme, account.id, path) || vscode.workspace.textDocuments.some((d) => d.uri.scheme === kind.scheme && d.uri.path === path);
    let n = 1;
    while (taken(`/${NEW_SEGMENT}/${fileName(`${kind.newName}-${n}`, kind)}`)) n++;
    return this.show(vscode.Uri.from({ scheme: kind.scheme, authority: account.id, path: `/${NEW_SEGMENT}/${fileName(`${kind.newName}-${n}`, kind)}` }));
  }

  private async show(uri: vscode.Uri): Promise<vscode.TextEditor> {
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  }

  private tellDraft(document: vscode.TextDocument, what: string, savedAt: number): void {
    const compare = vscode.l10n.t('Compare with Stacklet Cloud');
    const discard = vscode.l10n.t('Discard Draft');
    const when = new Date(savedAt).toLocaleString();
    void notify
      .info(vscode.l10n.t('This is your draft of {0}, saved {1} and not applied. Save (Ctrl+S) or Apply to send it.', what, when), compare, discard)
      .then((choice) => (choice === compare ? this.compare(document) : choice === discard ? this.discardDraft(document) : undefined));
  }

  // ── typing and saving ──────────────────────────────────────────────────────

  /** Live diagnostics: the exact place of every problem, once (a JSON editor reports syntax errors itself). */
  private async check(document: vscode.TextDocument): Promise<void> {
    if (!this.registered.has(document.uri.scheme)) return;
    const found = await this.kindOf(document.uri);
    if (!found || document.isClosed) return;
    const text = document.getText();
    const problems = found.kind.parse(text).problems.filter((p: DocumentProblem) => !(p.syntax && found.kind.language === 'jsonc'));
    this.diagnostics.set(document.uri, toDiagnostics(text, problems));
  }

  private saved(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    if (!this.registered.has(document.uri.scheme)) return;
    const reason = this.saveReasons.get(key);
    this.saveReasons.delete(key);
    if (this.quietSaves.has(key)) return;
    // Only a save the user asked for applies; auto-save (after a delay, on focus change) keeps a draft.
    if (reason === vscode.TextDocumentSaveReason.Manual) void this.apply(document);
  }

  private async quietSave(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    this.quietSaves.add(key);
    try {
      await document.save();
    } finally {
      this.quietSaves.delete(key);
    }
  }

  /** Replaces the document's text (undoable) and keeps it without applying. */
  private async replaceQuietly(document: vscode.TextDocument, text: string): Promise<void> {
    if (document.getText() !== text) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(new vscode.Position(0, 0), document.positionAt(document.getText().length)), text);
      await vscode.workspace.applyEdit(edit);
    }
    if (document.isDirty) await this.quietSave(document);
  }

  // ── explicit acts ──────────────────────────────────────────────────────────

  /** Applies the document to Stacklet Cloud after a confirmation; one apply at a time per document. */
  apply(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const running = this.applying.get(key);
    if (running) return running;
    const promise = this.applyOnce(document).finally(() => this.applying.delete(key));
    this.applying.set(key, promise);
    return promise;
  }

  private async applyOnce(document: vscode.TextDocument): Promise<void> {
    const found = await this.kindOf(document.uri);
    if (!found) return;
    const { kind, fs } = found;
    const uri = document.uri;
    // Whatever this save answers replaces what the last one did.
    this.refusalItems.clear(uri);
    const file = segments(uri).at(-1) ?? kind.id;
    // Unsaved text is kept as the draft first, so that nothing typed is lost whatever happens next.
    if (document.isDirty) await this.quietSave(document);
    let session: ActiveSession;
    try {
      session = await this.sessionFor(uri);
    } catch (error) {
      this.refusalItems.show(uri, vscode.l10n.t('{0} not applied', file), vscode.l10n.t('Not applied: {0}', describeError(error)), false);
      return;
    }
    const text = document.getText();
    const parsed = kind.parse(text);
    if (!parsed.ok) {
      const first = parsed.problems[0]!;
      const line = positionAt(text, first.offset).line + 1;
      this.refusalItems.show(
        uri,
        vscode.l10n.t('{0} not applied: line {1}', file, line),
        parsed.problems.length === 1
          ? vscode.l10n.t('Not applied: the document has a problem on line {0}: {1}. Your text is kept as a draft.', line, first.message)
          : vscode.l10n.t('Not applied: the document has {0} problems (see the Problems panel), the first on line {1}: {2}. Your text is kept as a draft.', parsed.problems.length, line, first.message),
        true,
      );
      return;
    }
    const id = this.resourceId(uri);
    if (id === undefined) return this.createFrom(document, found, session, parsed.value);
    const { client, store } = session;
    let current: { state: unknown; name: string };
    try {
      current = await this.progress(vscode.l10n.t('Reading {0}…', kind.noun()), () => kind.read(client, id));
    } catch (error) {
      const message = vscode.l10n.t('Not applied: could not read the {0} from Stacklet Cloud: {1} Your text is kept as a draft.', kind.noun(), describeError(error));
      this.refusalItems.show(uri, vscode.l10n.t('{0} not applied', file), message, false);
      return;
    }
    const what = `${kind.noun()} ${current.name}`;
    const change = kind.diff(current.state, parsed.value);
    if (kind.isEmpty(change)) {
      // The text means what the service has: no draft to keep.
      fs.setBase(uri, kind.render(current.state, { id, name: current.name }));
      await this.drafts.discard(uri);
      notify.statusMessage('check', vscode.l10n.t('Nothing to apply: {0} already matches the document.', what), 5000);
      return;
    }
    const base = fs.base(uri);
    const baseState = base !== undefined ? kind.parse(base) : undefined;
    const changedSince = baseState?.ok === true && !kind.isEmpty(kind.diff(baseState.value, current.state));
    // Through the kind's update definition, as every door's change: planned (and refused) before the question.
    const sent = await this.runDefined(document, kind, session, 'update', kind.updateInput(parsed.value, id), changedSince);
    if (sent === undefined) return;
    store.invalidate(kind.listing, ...staleAfterEdit(kind.listing));
    if ('failed' in sent) {
      this.deps.log.info(`${kind.id} ${id}: ${sent.failed}`);
      this.tell('error', sent.failed);
      return this.followService(document, found, session, id, false);
    }
    const outcome = 'outcome' in sent ? sent.outcome : appliedOutcome(sent.data);
    const report = reportOutcome(outcome, what);
    this.deps.log.info(`${kind.id} ${id}: ${report.message}`);
    this.tell(report.level, report.message);
    await this.followService(document, found, session, id, isComplete(outcome));
  }

  private async createFrom(document: vscode.TextDocument, { kind }: Opened, session: ActiveSession, next: unknown): Promise<void> {
    // Through the kind's create definition: its checks and words, its request; it remembers the new resource and
    // follows its task (made, src/actions/answers.ts).
    const sent = await this.runDefined(document, kind, session, 'create', kind.createInput(next), false);
    if (sent === undefined) return;
    if (!('data' in sent)) {
      session.store.invalidate(kind.listing);
      this.tell('error', 'failed' in sent ? sent.failed : reportOutcome(sent.outcome, kind.nameOf(next)).message);
      return;
    }
    const resource = sent.data['resource'] as { id: string | number; name: string };
    const created = { id: String(resource.id), name: resource.name };
    await this.drafts.linkCreated(document.uri, created.id);
    const others = staleAfterEdit(kind.listing);
    if (others.length > 0) session.store.invalidate(...others);
    this.deps.log.info(`Created ${kind.id} ${created.name} (${created.id}) from ${document.uri.toString()}`);
    this.tell('info', vscode.l10n.t('Created {0}.', `${kind.noun()} ${created.name}`));
    await this.followService(document, (await this.kindOf(document.uri))!, session, created.id, true);
  }

  /**
   * A save through the document kind's `update` or `create` definition (src/kinds/<kind>/operations.ts), by the
   * runner every door takes: planned with every refusal a command gives, before anything is asked (said in the
   * status bar, as a document's problem is; nothing sent), confirmed in the plan's words with Show Changes first,
   * then sent through the gate, recorded and followed. What the service answered; when it did not take it whole,
   * the outcome step by step; when it refused the one request, what failed in the plan's words; undefined when
   * nothing was sent.
   */
  private async runDefined(document: vscode.TextDocument, kind: AnyDocumentKind, session: ActiveSession, action: 'update' | 'create', input: Record<string, unknown>, changedSince: boolean): Promise<{ data: AnswerData } | { outcome: ApplyOutcome } | { failed: string } | undefined> {
    // The definitions load with the first save, not at activation.
    const [{ definitionOf }, runner] = await Promise.all([import('../kinds/operations.js'), import('../actions/runner.js')]);
    const ctx = this.actionContext(session);
    const showChanges = vscode.l10n.t('Show Changes');
    let compare = false;
    let planned: ActionPlan | undefined;
    const door: Door = {
      name: 'document',
      confirm: async ([plan]) => {
        planned = plan!;
        const words = plan!.words((text) => text);
        const lines = [words.detail];
        if (changedSince) lines.push('', vscode.l10n.t('Stacklet Cloud has changed since this document was opened: applying also undoes those changes. Show Changes compares first.'));
        lines.push('', whichButton(words.button, showChanges));
        const choice = await this.deps.prompter().choose(words.question, lines.join('\n'), [showChanges, words.button]);
        compare = choice === showChanges;
        return choice === words.button ? {} : undefined;
      },
      progress: (title, work) => this.progress(title, () => work(() => undefined)),
    };
    try {
      const result = await runner.run(ctx, definitionOf(kind.listing, action), input, door);
      if (result.status === 'sent') return { data: result.data };
      if (compare) await this.compare(document);
      return undefined;
    } catch (error) {
      if (error instanceof IncompleteApply) return { outcome: error.outcome };
      if (runner.isRefusal(error)) {
        const file = segments(document.uri).at(-1) ?? kind.id;
        // A refusal names the resource it is about (a stacklet the document names is busy); a bad input its field.
        const message = error instanceof ActionRefusal ? vscode.l10n.t('{0}: {1}', error.resource.name, error.message) : error.message;
        const said = /[.!?]$/.test(message) ? message : `${message}.`;
        this.refusalItems.show(document.uri, vscode.l10n.t('{0} not applied', file), vscode.l10n.t('Not applied: {0} Your text is kept as a draft.', said), false);
        return undefined;
      }
      // The service refused or failed: said in the plan's words ("Could not create firewall web-fw: …").
      return { failed: vscode.l10n.t('{0}: {1} Your text is kept.', planned?.failure ?? kind.noun(), describeError(error)) };
    }
  }

  /**
   * After an apply: the service's state becomes the document's base. When everything went through and nobody
   * typed meanwhile, the document shows the service's answer (the draft is gone); otherwise the text stays.
   */
  private async followService(document: vscode.TextDocument, { kind, fs }: Opened, session: ActiveSession, id: string, complete: boolean): Promise<void> {
    const version = document.version;
    let rendered: string;
    try {
      const { state, name } = await kind.read(session.client, id);
      rendered = kind.render(state, { id, name });
    } catch (error) {
      this.deps.log.warn(`Could not read ${kind.id} ${id} after applying: ${describeError(error)}`);
      return;
    }
    fs.setBase(document.uri, rendered);
    // A comparison open on it shows the service's new state, not the one the apply replaced; a new resource's
    // comparison ("not on Stacklet Cloud yet") shows what was created.
    this.deps.readOnly.refresh(this.serviceSide(kind, document.uri, id), rendered);
    if (segments(document.uri)[0] === NEW_SEGMENT) this.deps.readOnly.refresh(this.serviceSide(kind, document.uri, undefined), rendered);
    if (complete && document.version === version && !document.isClosed) await this.replaceQuietly(document, rendered);
  }

  /** Where compare() puts the service's side of a document: the resource's state, or before it exists, nothing. */
  private serviceSide(kind: AnyDocumentKind, uri: vscode.Uri, id: string | undefined): string {
    const file = segments(uri)[1] ?? fileName(kind.id, kind);
    return `/stacklet-cloud/${kind.id}/${id === undefined ? NEW_SEGMENT : idSegment(id)}/${file}`;
  }

  /** Opens a diff: the service's current state (read-only, left) against the document (right). */
  async compare(document: vscode.TextDocument): Promise<void> {
    const found = await this.kindOf(document.uri);
    if (!found) return;
    const { kind } = found;
    const id = this.resourceId(document.uri);
    const file = segments(document.uri)[1] ?? fileName(kind.id, kind);
    let left = '';
    let title = vscode.l10n.t('{0}: not on Stacklet Cloud yet ↔ your document', file);
    if (id !== undefined) {
      const { client } = await this.sessionFor(document.uri);
      const { state, name } = await this.progress(vscode.l10n.t('Reading {0}…', kind.noun()), () => kind.read(client, id));
      left = kind.render(state, { id, name });
      title = vscode.l10n.t('{0}: Stacklet Cloud ↔ your document', name);
    }
    const leftUri = this.deps.readOnly.put(this.serviceSide(kind, document.uri, id), left);
    await vscode.commands.executeCommand('vscode.diff', leftUri, document.uri, title);
  }

  /** Throws the draft away: the document shows the service's state again. */
  async discardDraft(document: vscode.TextDocument): Promise<void> {
    const found = await this.kindOf(document.uri);
    if (!found) return;
    const text = await this.serviceText(found.kind, document.uri);
    found.fs.setBase(document.uri, text);
    await this.drafts.discard(document.uri);
    this.refusalItems.clear(document.uri);
    await this.replaceQuietly(document, text);
  }

  /** The definitions' context on the session: where its answers come from, the history, the tasks followed. */
  private actionContext(session: ActiveSession): ActionContext {
    return actionContext({ account: session.account, client: session.client, store: session.store, history: this.deps.history, log: (line) => this.deps.log.info(line), tasks: this.deps.tasks });
  }

  private tell(level: 'info' | 'warning' | 'error', message: string): void {
    if (level === 'info') void notify.info(message);
    else if (level === 'warning') void notify.warning(message);
    else void notify.error(message);
  }

  private progress<T>(title: string, work: () => Promise<T>): Promise<T> {
    return Promise.resolve(notify.withProgress('window', title, work));
  }
}

/**
 * The dialog's last line, naming the button that sends: Show Changes keeps the focus (Enter never sends), and
 * the platform decides where the other button goes (on Linux and in the browser, far left and grey), so the
 * words say which one it is.
 */
function whichButton(send: string, showChanges: string): string {
  return vscode.l10n.t('Choose {0} to send this to Stacklet Cloud now. {1}, the first choice, compares first; nothing is sent until you choose {0}.', send, showChanges);
}
