/**
 * The file system of one kind of document (`stacklet-firewall:` …). It only moves text: reading gives the
 * draft when there is one, else what the source renders from the service; writing keeps the text as a draft
 * (or drops the draft when the text is what the service has). It never applies anything and never fails a
 * write, so no auto-save can reach the cloud or raise VS Code's "Unable to write file".
 */
import * as vscode from 'vscode';
import type { Drafts } from './drafts';
import { describeError } from '../api/errorText';

/** Where a document's text comes from when it has no draft: the service's state, rendered (or a template). */
export type TextSource = (uri: vscode.Uri) => Promise<string>;

interface Entry {
  /** The text as the editor last read or wrote it. */
  content: Uint8Array;
  /** The text rendered from the service (or the template); a write of exactly this is not a draft. */
  base: string;
  ctime: number;
  mtime: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class DocumentFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private lastMtime = 0;

  constructor(
    readonly scheme: string,
    private readonly drafts: Drafts,
    private readonly source: TextSource,
  ) {}

  /** The text last rendered from the service, when this document was read in this session. */
  base(uri: vscode.Uri): string | undefined {
    return this.entries.get(uri.toString())?.base;
  }

  /** Sets what the service has (after an open or an apply); the editor's text is left alone. */
  setBase(uri: vscode.Uri, base: string): void {
    const entry = this.entries.get(uri.toString());
    if (entry) entry.base = base;
    else this.put(uri, this.drafts.text(uri)?.text ?? base, base);
  }

  /** True when the document's saved text is not what the service had when last read. */
  hasDraft(uri: vscode.Uri): boolean {
    return this.drafts.text(uri) !== undefined;
  }

  private nextMtime(): number {
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    return this.lastMtime;
  }

  private put(uri: vscode.Uri, text: string, base: string): Entry {
    const previous = this.entries.get(uri.toString());
    const now = this.nextMtime();
    const entry = { content: encoder.encode(text), base, ctime: previous?.ctime ?? now, mtime: now };
    this.entries.set(uri.toString(), entry);
    return entry;
  }

  private async entry(uri: vscode.Uri): Promise<Entry> {
    const known = this.entries.get(uri.toString());
    if (known) return known;
    let base: string;
    try {
      base = await this.source(uri);
    } catch (error) {
      // A draft is still worth showing when the service cannot be reached.
      if (!this.drafts.text(uri)) throw vscode.FileSystemError.Unavailable(describeError(error));
      base = '';
    }
    return this.entries.get(uri.toString()) ?? this.put(uri, this.drafts.text(uri)?.text ?? base, base);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (uri.path.split('/').filter(Boolean).length < 2) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const entry = await this.entry(uri);
    return { type: vscode.FileType.File, ctime: entry.ctime, mtime: entry.mtime, size: entry.content.byteLength };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.entry(uri)).content;
  }

  /** Keeps the text: as a draft, unless it is exactly what the service has. Never applies, never fails. */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const text = decoder.decode(content);
    const base = this.entries.get(uri.toString())?.base;
    this.put(uri, text, base ?? '');
    if (text === base) await this.drafts.discard(uri);
    else await this.drafts.save(uri, text);
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

  dispose(): void {
    this.changed.dispose();
    this.entries.clear();
  }
}
