/**
 * View Properties documents that follow their resource. A document shows the resource as its kind's cached
 * listing has it; when that listing changes (an action's answer, a finished task, a refresh) the document's
 * text changes with it, with no request of its own unless the listing was dropped while a document of its kind
 * is open, when it is read again once. A resource gone from its listing says so on the document's first line,
 * with when that was seen, above its properties as last read.
 */
import * as vscode from 'vscode';
import type { SessionManager } from '../auth/session';
import { propertiesPath } from '../documents/documentPaths';
import { kindSpec, sameId, type KindSpec, type ListedKind, type ResourceRef } from '../kinds/registry';
import { boundedJson } from '../model/boundedJson';
import { Disposable } from '../model/lifecycle';
import type { ResourceStore } from '../kinds/resourceStore';
import { literalText } from '../model/serviceText';
import type { ResourceDocuments } from '../ui/resourceDocuments';

/** The document's text for the resource's data: bounded, since a service can nest deep or send megabytes. */
function propertiesText(data: unknown): string {
  return `${boundedJson(data).text}\n`;
}

interface Followed {
  readonly accountId: string;
  readonly kind: ListedKind;
  readonly id: string | number;
  readonly name: string;
  readonly path: string;
  /** What the document shows now. */
  text: string;
  /** The resource's properties as last read (what a deleted resource's document keeps showing). */
  data: unknown;
  gone: boolean;
}

export class PropertiesDocuments extends Disposable {
  /** Open properties documents, by URI. */
  private readonly followed = new Map<string, Followed>();
  private bound: { store: ResourceStore; subscription: vscode.Disposable } | undefined;

  constructor(
    private readonly session: SessionManager,
    private readonly documents: ResourceDocuments,
  ) {
    super();
    this._register(vscode.workspace.onDidCloseTextDocument((document) => this.followed.delete(document.uri.toString())));
    this._register(session.onDidChange(() => this.rebind()));
    this._register({ dispose: () => this.unbind() });
  }

  /** Opens (or reveals) the resource's properties, and follows its listing while the document is open. */
  async show(ref: ResourceRef<ListedKind>): Promise<void> {
    const path = propertiesPath(ref);
    const text = propertiesText(ref.data);
    const { account, store } = await this.session.current();
    const editor = await this.documents.show(path, text, 'json');
    this.followed.set(editor.document.uri.toString(), { accountId: account.id, kind: ref.kind, id: ref.id, name: ref.name, path, text, data: ref.data, gone: false });
    this.bind(store);
    // The listing may have moved on since the row was drawn.
    this.follow(store, ref.kind);
  }

  private rebind(): void {
    this.unbind();
    const state = this.session.state;
    if (state.kind !== 'active' || ![...this.followed.values()].some((f) => f.accountId === state.account.id)) return;
    this.session.current().then((session) => this.bind(session.store), () => undefined);
  }

  private bind(store: ResourceStore): void {
    if (this.bound?.store === store || store.isDisposed) return;
    this.unbind();
    const changes = store.onDidChange(({ kind }) => this.follow(store, kind));
    const loads = store.onDidLoad((kind) => this.follow(store, kind));
    this.bound = { store, subscription: { dispose: () => [changes, loads].forEach((s) => s.dispose()) } };
  }

  private unbind(): void {
    this.bound?.subscription.dispose();
    this.bound = undefined;
  }

  /** Brings the open documents of `kind` up to the cached listing, or reads it again when it was dropped. */
  private follow(store: ResourceStore, kind: string): void {
    const account = this.session.state.kind === 'active' ? this.session.state.account.id : undefined;
    const open = [...this.followed.entries()].filter(([, f]) => f.kind === kind && f.accountId === account);
    if (open.length === 0 || store.isDisposed) return;
    const listing = store.peek(kind as ListedKind);
    if (!listing) {
      // Invalidated: read it again (once, shared with any view reading it); its load comes back here.
      store.get(kind as ListedKind).catch(() => undefined);
      return;
    }
    const spec = kindSpec(kind as ListedKind) as KindSpec<ListedKind>;
    for (const [uri, followed] of open) {
      const item = (listing.items as readonly unknown[]).find((candidate) => sameId(spec.key(candidate as never), followed.id));
      if (item !== undefined) {
        followed.data = item;
        followed.gone = false;
        this.put(uri, followed, propertiesText(item), 'json');
      } else if (!followed.gone && !store.isDeleting(followed.kind, followed.id)) {
        followed.gone = true;
        const when = new Date().toLocaleTimeString();
        const note = vscode.l10n.t('// {0} no longer exists on Stacklet Cloud (seen at {1}). Its properties as last read:', literalText(followed.name, 200), when);
        this.put(uri, followed, `${note}\n${propertiesText(followed.data)}`, 'jsonc');
      }
    }
  }

  private put(uri: string, followed: Followed, text: string, language: string): void {
    if (followed.text === text) return;
    followed.text = text;
    this.documents.put(followed.path, text);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (document && document.languageId !== language) void vscode.languages.setTextDocumentLanguage(document, language);
  }
}
