import type * as vscode from 'vscode';
import type { SessionManager } from '../auth/session';
import type { AnyDocumentKind } from '../documents/documentKind';
import type { ExportChoice } from '../documents/account/accountExport';
import type { ListedKind, ResourceRef } from '../kinds/registry';
import type { ActionHistory } from '../model/actionHistory';
import type { TaskRegistry } from '../tasks/types';
import type { EmbeddedEmulator } from '../emulator/embedded';
import type { Log } from '../ui/log';
import type { Notifier } from '../ui/notifier';
import type { RefreshManager } from '../views/refreshManager';
import type { ResourceTreeProvider } from '../views/resourceTreeProvider';
import type { ViewId } from '../kinds/viewIds';
import type { ResourceDocuments } from '../ui/resourceDocuments';
import type { Prompter } from '../ui/prompter';

/**
 * What the commands ask of the documents' controller (src/editors/documentEditors.ts): said here, and the controller
 * passed in by the workbench, since no door imports another.
 */
export interface DocumentEditing {
  openExisting(kind: AnyDocumentKind, id: string): Promise<vscode.TextEditor>;
  openNew(kind: AnyDocumentKind): Promise<vscode.TextEditor>;
  apply(document: vscode.TextDocument): Promise<void>;
  compare(document: vscode.TextDocument): Promise<void>;
  discardDraft(document: vscode.TextDocument): Promise<void>;
}

/** What the commands ask of the account documents (src/editors/accountDocuments.ts), passed in likewise. */
export interface AccountDocumenting {
  open(choice: ExportChoice, name?: string): Promise<vscode.TextEditor>;
  plan(document: vscode.TextDocument): Promise<unknown>;
  apply(document: vscode.TextDocument): Promise<void>;
  showDifferences(document: vscode.TextDocument): Promise<void>;
}

/** What View Properties asks of its documents (src/editors/propertiesDocuments.ts), passed in likewise. */
export interface PropertiesShowing {
  show(ref: ResourceRef<ListedKind>): Promise<void>;
}

/** What command handlers are given: passed in, never reached through a global. */
export interface CommandDeps {
  readonly session: SessionManager;
  readonly notifier: Notifier;
  readonly log: Log;
  readonly views: ReadonlyMap<ViewId, ResourceTreeProvider>;
  /** Decides when views load again; a manual refresh goes through it. */
  readonly refresh: RefreshManager;
  readonly emulator: EmbeddedEmulator;
  readonly documents: ResourceDocuments;
  readonly tasks: TaskRegistry;
  /** View Properties documents, which follow their resource's listing. */
  readonly properties: PropertiesShowing;
  /** Resources as documents (firewalls, load balancers, userdata scripts): open, apply, compare. */
  readonly documentEditors: DocumentEditing;
  /** The account as a document: open, plan, apply, compare. */
  readonly accountDocuments: AccountDocumenting;
  /** Every action of this window with the requests it sent (its log entries; Copy as curl). */
  readonly history: ActionHistory;
  /** Read at every use: tests swap in scripted answers. */
  readonly prompter: Prompter;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CommandHandler = (deps: CommandDeps, ...args: any[]) => unknown;
