/**
 * What a kind of document is (a firewall, a load balancer, a userdata script): how its text is parsed and
 * checked, how the service's current state is read and rendered, how two states differ, and the pure apply
 * step that sends a difference through the client. No vscode here: the edge (src/editors/documentEditors.ts)
 * moves text, asks and shows; everything a save decides is here and runs in plain Node against the emulator.
 */
import type { StackletClient } from '../api/client';
import type { Task } from '../api/schemas';
import type { ListedKind } from '../kinds/registry';
import type { DOCUMENT_SCHEMES } from '../kinds/schemes';
import type { ApplyOutcome } from './outcome';

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

/** What the service answered to a create: the new resource, and its task when it has one. */
export interface Created extends ResourceName {
  readonly task?: Task | null | undefined;
}

/** 'firewall' | 'loadBalancer' | 'userdata': the kinds that have a scheme, so a new one cannot lack its own. */
export type DocumentKindId = keyof typeof DOCUMENT_SCHEMES;

/** An action of the kind's definitions (src/kinds/<kind>/operations.ts) and its input: what a save sends through. */
export interface DefinedSend {
  readonly action: string;
  readonly input: Readonly<Record<string, unknown>>;
}

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
  /** The change in words, one line a part, for the confirmation. */
  describe(change: C): string[];
  /** A creation in words, for the confirmation. */
  describeCreate(next: S): string[];
  /** Sends `change` to the resource `id`: the pure apply step. Never throws for the service's refusals. */
  apply(change: C, client: StackletClient, id: string): Promise<ApplyOutcome>;
  /**
   * The action a save applies through, when the kind's change is defined once (src/kinds/<kind>/operations.ts):
   * the write tool's kind and action, and its input for the document's state. The definition plans the change
   * again, the gate sends it, and an incomplete apply comes back as IncompleteApply (./outcome.ts).
   */
  readonly defined?: { readonly kind: ListedKind; readonly action: string; input(next: S, id: string): Record<string, unknown> };
  /** Creates the resource the document describes (one request); throws the client's ApiError when refused. */
  create(next: S, client: StackletClient): Promise<Created>;
  /**
   * The kind's create definition and its input for the document: where there is one, a new resource's document is
   * planned, confirmed in the definition's words and sent through it (the same checks and request as the agents'
   * tool), and `create` is not used.
   */
  readonly defineCreate?: (next: S) => DefinedSend;
  /**
   * The kind's definition of a save to the resource `id`, where one definition covers the whole change: the save
   * asks as before (the document's lines, Show Changes first), the definition checks and plans it, and it is sent
   * through the definition as the one step `label` of `part` (reported as `apply`'s steps are); `apply` is not used.
   */
  readonly defineApply?: (id: string, next: S) => DefinedSend & { readonly label: string; readonly part: string };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDocumentKind = DocumentKind<any, any>;
