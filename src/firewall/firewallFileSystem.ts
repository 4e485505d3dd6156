/**
 * Firewalls as JSON documents on the `stacklet-firewall` scheme: `/<uuid>/<name>.json` edits a firewall,
 * `/new/<name>.json` creates one. Saving validates (problems become diagnostics at their exact place and
 * nothing is sent), confirms with a summary of the change, applies it, and replaces the text with the
 * service's answer. Any failure throws, so VS Code keeps the document dirty with the user's text.
 */
import * as vscode from 'vscode';
import type { Log } from '../ui/log';
import * as notify from '../ui/notify';
import type * as s from '../api/schemas';
import { isApiError } from '../api/errors';
import type { SessionManager } from '../auth/session';
import type { Prompter } from '../ui/prompter';
import type { Notifier } from '../ui/notifier';
import { documentState, FIREWALL_HEADER, newFirewallTemplate, parseFirewallDocument, renderFirewallDocument, type DocumentProblem } from './document';
import { diffFirewall, isEmptyChange, normaliseRules, rulesChanged, summariseChange, summariseCreate, type FirewallState, type NormalRule } from './rules';

export const FIREWALL_SCHEME = 'stacklet-firewall';
const DIAGNOSTIC_SOURCE = 'Stacklet';

export interface FirewallFileSystemDeps {
  readonly session: SessionManager;
  readonly notifier: Notifier;
  readonly log: Log;
  /** Read at every save: tests swap in scripted answers. */
  readonly prompter: () => Prompter;
}

interface Entry {
  content: Uint8Array;
  ctime: number;
  mtime: number;
  /** The firewall this document edits (set for /new/ documents once created). */
  uuid?: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `{ line, character }` of an offset in `text`. */
function positionAt(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}

export function toDiagnostics(text: string, problems: readonly DocumentProblem[]): vscode.Diagnostic[] {
  return problems.map((p) => {
    const diagnostic = new vscode.Diagnostic(new vscode.Range(positionAt(text, p.offset), positionAt(text, p.offset + p.length)), p.message, vscode.DiagnosticSeverity.Error);
    diagnostic.source = DIAGNOSTIC_SOURCE;
    return diagnostic;
  });
}

/** A rule as the request sends it: nulls (all) left out. */
const requestRule = (rule: NormalRule) => ({ address: rule.address, ...(rule.port !== null ? { port: rule.port } : {}), ...(rule.protocol !== null ? { protocol: rule.protocol } : {}) });

const fileName = (name: string) => `${name.replace(/[/\\:*?"<>|]/g, '-') || 'firewall'}.json`;

export function firewallState(firewall: s.Firewall): FirewallState {
  return { name: firewall.name, inbound_rules: firewall.inbound_rules, outbound_rules: firewall.outbound_rules, stacklet_ids: firewall.resources.stacklet_ids };
}

export class FirewallFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  readonly diagnostics = vscode.languages.createDiagnosticCollection('stacklet-firewall');
  private readonly disposables: vscode.Disposable[] = [];
  private lastMtime = 0;
  private newCount = 0;

  constructor(private readonly deps: FirewallFileSystemDeps) {
    this.disposables.push(
      vscode.workspace.registerFileSystemProvider(FIREWALL_SCHEME, this, { isCaseSensitive: true }),
      vscode.workspace.onDidOpenTextDocument((d) => this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.check(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => d.uri.scheme === FIREWALL_SCHEME && this.diagnostics.delete(d.uri)),
    );
    for (const document of vscode.workspace.textDocuments) this.check(document);
  }

  // ── opening ────────────────────────────────────────────────────────────────

  /** Opens the document of an existing firewall with its current state. */
  async openFirewall(firewall: s.Firewall): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: FIREWALL_SCHEME, path: `/${firewall.uuid}/${fileName(firewall.name)}` });
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!open?.isDirty) this.put(uri, renderFirewallDocument(firewallState(firewall), [`Firewall ${firewall.name} (${firewall.uuid}).`, ...FIREWALL_HEADER]), firewall.uuid, open !== undefined);
    return this.show(uri);
  }

  /** Opens a new firewall's document, pre-filled with a template. */
  async openNew(): Promise<vscode.TextEditor> {
    let uri: vscode.Uri;
    do {
      const name = `new-firewall-${++this.newCount}`;
      uri = vscode.Uri.from({ scheme: FIREWALL_SCHEME, path: `/new/${name}.json` });
    } while (this.entries.has(uri.toString()));
    this.put(uri, newFirewallTemplate(uri.path.split('/')[2]!.replace(/\.json$/, '')));
    return this.show(uri);
  }

  private async show(uri: vscode.Uri): Promise<vscode.TextEditor> {
    let document = await vscode.workspace.openTextDocument(uri);
    // The header is a comment: JSON with Comments, so VS Code's JSON service does not flag it.
    if (document.languageId !== 'jsonc') document = await vscode.languages.setTextDocumentLanguage(document, 'jsonc');
    return vscode.window.showTextDocument(document, { preview: false });
  }

  private nextMtime(): number {
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    return this.lastMtime;
  }

  private put(uri: vscode.Uri, text: string, uuid?: string, notify = false): void {
    const key = uri.toString();
    const previous = this.entries.get(key);
    const now = this.nextMtime();
    this.entries.set(key, { content: encoder.encode(text), ctime: previous?.ctime ?? now, mtime: now, uuid: uuid ?? previous?.uuid });
    if (notify) this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** Live diagnostics while typing: the exact place of every problem. */
  private check(document: vscode.TextDocument): void {
    if (document.uri.scheme !== FIREWALL_SCHEME) return;
    const text = document.getText();
    this.diagnostics.set(document.uri, toDiagnostics(text, parseFirewallDocument(text).problems));
  }

  // ── FileSystemProvider ─────────────────────────────────────────────────────

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const entry = await this.entry(uri);
    if (entry) return { type: vscode.FileType.File, ctime: entry.ctime, mtime: entry.mtime, size: entry.content.byteLength };
    if (uri.path.split('/').filter(Boolean).length <= 1) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    throw vscode.FileSystemError.FileNotFound(uri);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const entry = await this.entry(uri);
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    return entry.content;
  }

  /** The entry, loaded from the service for a firewall document not opened in this session (a restored editor). */
  private async entry(uri: vscode.Uri): Promise<Entry | undefined> {
    const known = this.entries.get(uri.toString());
    if (known) return known;
    const [first, second] = uri.path.split('/').filter(Boolean);
    if (!first || !second) return undefined;
    if (first === 'new') {
      this.put(uri, newFirewallTemplate(second.replace(/\.json$/, '')));
    } else {
      try {
        const firewall = await (await this.deps.session.current()).client.getFirewall(first);
        this.put(uri, renderFirewallDocument(firewallState(firewall), [`Firewall ${firewall.name} (${firewall.uuid}).`, ...FIREWALL_HEADER]), first);
      } catch {
        return undefined;
      }
    }
    return this.entries.get(uri.toString());
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  /** Save: validate, confirm, apply, then show the service's answer. Throws to keep the document dirty. */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const text = decoder.decode(content);
    const parsed = parseFirewallDocument(text);
    this.diagnostics.set(uri, toDiagnostics(text, parsed.problems));
    if (!parsed.ok) {
      const count = parsed.problems.length;
      throw vscode.FileSystemError.Unavailable(
        count === 1 ? vscode.l10n.t('Not saved: the firewall document has a problem ({0}).', parsed.problems[0]!.message) : vscode.l10n.t('Not saved: the firewall document has {0} problems.', count),
      );
    }
    const next = documentState(parsed.value);
    const { client, store } = await this.deps.session.current();
    const known = this.entries.get(uri.toString());
    const [first] = uri.path.split('/').filter(Boolean);
    const uuid = known?.uuid ?? (first !== 'new' ? first : undefined);
    const prompter = this.deps.prompter();
    const refused = (error: unknown, what: string): never => {
      this.deps.notifier.error(error, what);
      store.invalidate('firewall');
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('{0}: {1}', what, isApiError(error) ? error.message : String(error)));
    };

    let saved: s.Firewall;
    if (uuid === undefined) {
      const ok = await prompter.confirm(vscode.l10n.t('Create firewall {0}?', next.name), summariseCreate(next), vscode.l10n.t('Create'));
      if (!ok) throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Not saved: cancelled.'));
      try {
        saved = await client.createFirewall({
          name: next.name,
          inbound_rules: normaliseRules(next.inbound_rules).map(requestRule),
          outbound_rules: normaliseRules(next.outbound_rules).map(requestRule),
          ...(next.stacklet_ids?.length ? { stacklet_ids: [...next.stacklet_ids] } : {}),
        });
      } catch (error) {
        return refused(error, vscode.l10n.t('Could not create firewall {0}', next.name));
      }
      store.rememberCreated('firewall', saved.uuid);
      this.deps.log.info(`Created firewall ${saved.name} (${saved.uuid}) from a document`);
    } else {
      let current: s.Firewall;
      try {
        current = await client.getFirewall(uuid);
      } catch (error) {
        return refused(error, vscode.l10n.t('Could not read firewall {0}', next.name));
      }
      const change = diffFirewall(firewallState(current), next);
      if (!isEmptyChange(change)) {
        const ok = await prompter.confirm(vscode.l10n.t('Apply these changes to firewall {0}?', current.name), summariseChange(change), vscode.l10n.t('Apply'));
        if (!ok) throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Not saved: cancelled.'));
        const failure = vscode.l10n.t('Could not update firewall {0}', current.name);
        try {
          if (change.rename !== undefined) await client.renameFirewall(uuid, change.rename);
          if (rulesChanged(change)) {
            try {
              if (change.inbound.removed.length + change.outbound.removed.length > 0) {
                await client.removeFirewallRules(uuid, { inbound_rules: change.inbound.removed.map(requestRule), outbound_rules: change.outbound.removed.map(requestRule) });
              }
              if (change.inbound.added.length + change.outbound.added.length > 0) {
                await client.addFirewallRules(uuid, { inbound_rules: change.inbound.added.map(requestRule), outbound_rules: change.outbound.added.map(requestRule) });
              }
            } catch (error) {
              if (isApiError(error) && error.kind === 'unsupported') {
                store.invalidate('firewall');
                const message = change.rename !== undefined
                  ? vscode.l10n.t('This service does not support editing firewall rules: only the name was changed (to {0}). The rules were not changed.', change.rename)
                  : vscode.l10n.t('This service does not support editing firewall rules: only the name can be changed. Nothing was changed.');
                void notify.warning(message);
                this.deps.log.warn(message);
                throw vscode.FileSystemError.Unavailable(message);
              }
              throw error;
            }
          }
          if (change.stackletsRemoved.length > 0) await client.removeFirewallStacklets(uuid, change.stackletsRemoved);
          if (change.stackletsAdded.length > 0) await client.addFirewallStacklets(uuid, change.stackletsAdded);
        } catch (error) {
          if (error instanceof vscode.FileSystemError) throw error;
          return refused(error, failure);
        }
        this.deps.log.info(`Updated firewall ${current.name} (${uuid}): ${summariseChange(change)}`);
      }
      try {
        saved = await client.getFirewall(uuid);
      } catch (error) {
        return refused(error, vscode.l10n.t('Could not read firewall {0}', next.name));
      }
    }

    // The save completes with the user's text; then the document shows the service's answer.
    this.put(uri, text, saved.uuid);
    store.invalidate('firewall');
    const answer = renderFirewallDocument(firewallState(saved), [`Firewall ${saved.name} (${saved.uuid}).`, ...FIREWALL_HEADER]);
    setTimeout(() => {
      if (this.entries.get(uri.toString())?.uuid === saved.uuid) this.put(uri, answer, saved.uuid, true);
    }, 100);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.diagnostics.dispose();
    this.changed.dispose();
    this.entries.clear();
  }
}
