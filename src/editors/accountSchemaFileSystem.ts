/**
 * The account document's schema as the editor reads it (package.json's jsonValidation names
 * `stacklet-schema:/account.schema.json`): the static schema the build writes (dist/account.schema.json, which the
 * command line and CI use as it is) with the signed-in account's catalog offered as enums
 * (src/documents/account/catalogSchema.ts). VS Code's JSON support reads a schema of any scheme but http(s)
 * through the editor's documents, and reads it again when it changes: after a plan has read a catalog other than
 * the one served, this file system says the schema changed. Read-only.
 */
import * as vscode from 'vscode';
import type { SessionManager } from '../auth/session';
import { SCHEMA_SCHEME } from '../kinds/schemes';

/** The schema's one address. */
export const ACCOUNT_SCHEMA_URI = vscode.Uri.from({ scheme: SCHEMA_SCHEME, path: '/account.schema.json' });

export class AccountSchemaFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  /** The catalog's slugs the schema was last read with, to tell the editor only of a change. */
  private served = '';
  private mtime = Date.now();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly session: Pick<SessionManager, 'state' | 'current'>,
  ) {}

  dispose(): void {
    this.changed.dispose();
  }

  /** After a plan read the catalog: the schema is read again when what it offers would differ. */
  async catalogRead(): Promise<void> {
    const catalog = await this.catalog();
    if (catalog && catalogKey(catalog) !== this.served) {
      this.mtime = Date.now();
      this.changed.fire([{ type: vscode.FileChangeType.Changed, uri: ACCOUNT_SCHEMA_URI }]);
    }
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    if (uri.path !== ACCOUNT_SCHEMA_URI.path) throw vscode.FileSystemError.FileNotFound(uri);
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.extensionUri, 'dist', 'account.schema.json'));
    const catalog = await this.catalog();
    if (!catalog) return bytes;
    this.served = catalogKey(catalog);
    const { catalogSchema } = await import('../documents/account/catalogSchema.js');
    return new TextEncoder().encode(JSON.stringify(catalogSchema(JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>, catalog)));
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    if (uri.path !== ACCOUNT_SCHEMA_URI.path) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: this.mtime, size: 0, permissions: vscode.FilePermission.Readonly };
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): never {
    throw vscode.FileSystemError.NoPermissions();
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions();
  }

  writeFile(): never {
    throw vscode.FileSystemError.NoPermissions();
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions();
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions();
  }

  /** The signed-in account's catalog as cached (no request is made for the schema), or undefined. */
  private async catalog() {
    if (this.session.state.kind !== 'active') return undefined;
    const { store } = await this.session.current().catch(() => ({ store: undefined }));
    const [sizes, regions, images] = [store?.peek('size'), store?.peek('region'), store?.peek('distribution')];
    return sizes && regions && images ? { sizes: sizes.items, regions: regions.items, images: images.items } : undefined;
  }
}

function catalogKey(catalog: { sizes: readonly { slug: string }[]; regions: readonly { slug: string }[]; images: readonly { images: readonly { slug: string }[] }[] }): string {
  return JSON.stringify([catalog.sizes.map((s) => s.slug), catalog.regions.map((r) => r.slug), catalog.images.flatMap((d) => d.images.map((i) => i.slug))]);
}
