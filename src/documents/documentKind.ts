/**
 * What a kind of document is (a firewall, a load balancer, a userdata script): how its text is parsed and
 * checked, how the service's current state is read and rendered, how two states differ, and the input of the
 * kind's `update` and `create` definitions a save goes through. No vscode here: the edge
 * (src/editors/documentEditors.ts) moves text, asks and shows.
 */
import type { StackletClient } from '../api/client';
import type { ListedKind } from '../kinds/registry';
import type { DOCUMENT_SCHEMES } from '../kinds/schemes';

export interface DocumentProblem {
  readonly offset: number;
  readonly length: number;
  readonly message: string;
  /**
   * A syntax error. VS Code's JSON editor reports these itself, so the edge leaves them out of its own
   * diagnostics (one diagnostic per problem); a save still refuses them.
   */
  readonly syntax?: boolean;
}

export type Parsed<T> =
  | { readonly ok: true; readonly value: T; readonly problems: readonly [] }
  | { readonly ok: false; readonly problems: readonly DocumentProblem[] };

/** The resource a document edits, as its header names it. */
export interface ResourceName {
  readonly id: string;
  readonly name: string;
}

/** 'firewall' | 'loadBalancer' | 'userdata': the kinds that have a scheme, so a new one cannot lack its own. */
export type DocumentKindId = keyof typeof DOCUMENT_SCHEMES;

export interface DocumentKind<S, C> {
  readonly id: DocumentKindId;
  /** The URI scheme of its documents (one per kind, so `jsonValidation` can tell their schemas apart). */
  readonly scheme: string;
  /** The file extension of its documents' paths. */
  readonly extension: '.jsonc' | '.sh';
  /** The editor language its documents are shown in. */
  readonly language: 'jsonc' | 'shellscript';
  /** The cached listing its resources appear in. */
  readonly listing: ListedKind;
  /** How a new resource's documents are named: `new-firewall` → new-firewall-1.jsonc. */
  readonly newName: string;
  /** "firewall", in the user's language. */
  noun(): string;
  parse(text: string): Parsed<S>;
  /** The resource's name as the document states it. */
  nameOf(state: S): string;
  /** The service's current state of the resource `id`. */
  read(client: StackletClient, id: string): Promise<{ readonly state: S; readonly name: string }>;
  /** The document text of a resource as the service has it. */
  render(state: S, resource: ResourceName): string;
  /** What a new document starts with. */
  template(name: string): string;
  diff(current: S, next: S): C;
  isEmpty(change: C): boolean;
  /**
   * The input of the kind's `update` definition (src/kinds/<kind>/operations.ts) that makes the resource `id` what
   * the document states. A save is planned, confirmed and sent through it as every door's change is.
   */
  updateInput(next: S, id: string): Record<string, unknown>;
  /** The input of the kind's `create` definition for a new resource's document. */
  createInput(next: S): Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDocumentKind = DocumentKind<any, any>;
