/**
 * How a kind takes part in the account document (issue 48): the entries it writes for its live resources, and
 * the steps that would make the live ones what the document says. Each kind plugs in from its own folder
 * (src/kinds/<kind>/declared.ts), listed in src/kinds/declared.ts; this framework never imports them. A step is
 * data: the definition it runs (the kind's tool and action, src/kinds/<kind>/operations.ts) and its input, where
 * an ID of what the same plan creates is a placeholder until that step answered. No vscode import.
 */
import type * as z from 'zod/mini';
import type { Kind, ListedKind, KindItems } from '../../kinds/registry';
import type * as s from '../../api/schemas';

/** An ID in a step's input: known, or the ID the step `created` will answer with. */
export type PlannedId = string | number | { readonly created: string };

/** A document's path to a value, as jsonc-parser takes it: ["stacklets", 2, "size"]. */
export type DocPath = readonly (string | number)[];

/** One field that changes, for the plan's words (old → new). */
export interface FieldChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

/** A step as a kind asks for it; the planner adds its key, order and cost. */
export interface StepRequest {
  /** The tool's kind and the action of the definition that runs it. */
  readonly kind: string;
  readonly action: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** The resource's name, as the plan says it. */
  readonly name: string;
  readonly op: 'create' | 'change' | 'rebuild' | 'delete';
  readonly changes: readonly FieldChange[];
  /** The monthly change in US dollars, when the kind can say it before anything runs. */
  readonly monthlyChangeUsd?: number | undefined;
  /** What destroys data (a rebuild, the deletion of what holds data): its name is typed once to apply. */
  readonly destroysData?: boolean;
}

/** The catalog the document's enums and a plan's prices come from, read once per plan. */
export interface Catalog {
  readonly sizes: readonly s.Size[];
  readonly regions: readonly s.Region[];
  readonly images: readonly s.Distribution[];
}

/** What a kind reads and says while it is planned. */
export interface PlanScope {
  readonly catalog: Catalog;
  /** Whether the document deletes what it lacks ("prune": true): a kind's own parts (a cluster's pools) too. */
  readonly prune: boolean;
  /**
   * The ID of the resource of `kind` that `reference` (a name, or an ID where names repeat) names: a live one, or
   * one the document creates (a placeholder). An unknown one is a problem at `path`, and undefined.
   */
  ref(kind: ListedKind, reference: unknown, path: DocPath): PlannedId | undefined;
  /** Asks for a step; answers its key, for the steps that come after it on the same resource. */
  step(request: StepRequest, path: DocPath, after?: readonly string[]): string;
  /** A part of a resource the entry lacks and the plan keeps, since the document does not prune (a cluster's pool). */
  leaveAlone(kind: Kind, id: string | number, name: string): void;
  /** What the document asks that the service cannot do (a region changed): nothing is planned. */
  problem(path: DocPath, message: string): void;
}

/** What a kind reads while an entry is written for a live resource. */
export interface ExportScope {
  /** How the document refers to the live resource of `kind` with that ID: its name, or its ID where the name repeats. */
  refer(kind: ListedKind, id: string | number | null | undefined): string | number | undefined;
}

/** One kind in the account document. */
export interface DeclaredKind<K extends ListedKind = ListedKind> {
  readonly kind: K;
  /** Its array in the document ("stacklets"). */
  readonly field: string;
  /** An entry as the document holds it (its `id` binds it to a live resource; none: a new one). */
  readonly entry: z.ZodMiniType;
  /** What the document's header says of the kind (what is written only at creation, and why). */
  readonly note?: () => string;
  /** The entry for a live resource: nothing derived, nothing secret. */
  exported(item: KindItems[K], scope: ExportScope): Record<string, unknown>;
  /** The steps that make `item` what `entry` says (none when it does). */
  change(entry: Readonly<Record<string, unknown>>, item: KindItems[K], scope: PlanScope, path: DocPath): void;
  /** The steps that create what `entry` says; the create's key, which later steps wait on. */
  create(entry: Readonly<Record<string, unknown>>, scope: PlanScope, path: DocPath): string | undefined;
  /** The step that deletes `item` (only under "prune"). */
  remove(item: KindItems[K], scope: PlanScope): void;
  /** Whether the export's scope holds `item` (a tag, a region); those without either take part in the whole account only. */
  readonly scopeFacts?: (item: KindItems[K]) => { readonly tags?: readonly string[]; readonly region?: string | undefined };
  /** The order deletions run in (lower first: a volume goes before the stacklet it was on, a stacklet before its VPC). */
  readonly deleteRank: number;
}
