/**
 * Drafts: the text of a document as last saved when it was not (yet) applied, kept in the extension's global
 * state so that it survives auto-save, closing the editor and a window reload. Keyed by the resource the
 * document edits (`stacklet-firewall://<account>/<uuid>`; a new resource's document by its whole URI), so a
 * rename does not orphan a draft, and by the account: another account never sees them, and signing out drops
 * them.
 */
import type * as vscode from 'vscode';
import { NEW_SEGMENT } from '../documents/documentPaths';

const KEY = 'stacklet.documentDrafts';

interface Entry {
  /** Unapplied text; absent when the document matches what was last read from the service. */
  readonly text?: string;
  readonly savedAt?: number;
  /** For a new resource's document: the resource its first apply created (later saves edit it). */
  readonly created?: string;
}

export class Drafts {
  constructor(private readonly state: vscode.Memento) {}

  private all(): Record<string, Entry> {
    return this.state.get<Record<string, Entry>>(KEY) ?? {};
  }

  private async write(uri: vscode.Uri, change: (entry: Entry) => Entry): Promise<void> {
    const all = { ...this.all() };
    const next = change(all[keyOf(uri)] ?? {});
    if (next.text === undefined && next.created === undefined) delete all[keyOf(uri)];
    else all[keyOf(uri)] = next;
    await this.state.update(KEY, all);
  }

  text(uri: vscode.Uri): { readonly text: string; readonly savedAt: number } | undefined {
    const entry = this.all()[keyOf(uri)];
    return entry?.text !== undefined ? { text: entry.text, savedAt: entry.savedAt ?? 0 } : undefined;
  }

  save(uri: vscode.Uri, text: string): Promise<void> {
    return this.write(uri, (entry) => ({ ...entry, text, savedAt: Date.now() }));
  }

  discard(uri: vscode.Uri): Promise<void> {
    return this.write(uri, ({ created }) => (created !== undefined ? { created } : {}));
  }

  created(uri: vscode.Uri): string | undefined {
    return this.all()[keyOf(uri)]?.created;
  }

  linkCreated(uri: vscode.Uri, id: string): Promise<void> {
    return this.write(uri, (entry) => ({ ...entry, created: id }));
  }

  /** True when a document of `scheme` in `account` has the path `path` (to number new documents). */
  knows(scheme: string, account: string, path: string): boolean {
    return `${scheme}://${account}${path}` in this.all();
  }

  /** Drops every entry of accounts not in `keep` (signed out). */
  async keepOnly(keep: ReadonlySet<string>): Promise<void> {
    const all = this.all();
    const kept = Object.fromEntries(Object.entries(all).filter(([key]) => keep.has(authorityOf(key))));
    if (Object.keys(kept).length !== Object.keys(all).length) await this.state.update(KEY, kept);
  }
}

/** `scheme://account/<id>` for a resource's document (`/<id>/<name>.ext`), the whole URI for `/new/…`. */
export function keyOf(uri: vscode.Uri): string {
  const [first] = uri.path.split('/').filter(Boolean);
  return first === undefined || first === NEW_SEGMENT ? uri.toString() : `${uri.scheme}://${uri.authority}/${first}`;
}

function authorityOf(uri: string): string {
  return /^[\w+.-]+:\/\/([^/]*)/.exec(uri)?.[1] ?? '';
}
