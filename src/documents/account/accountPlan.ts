/**
 * The plan of an account document (issue 48): what it would take to make the live account what the document
 * says, read from both and never sent. Each kind says its own steps (./declaring.ts); here, what every kind
 * shares: the document's shape, its names and references, which live resources it binds, the scope it prunes,
 * the order steps run in (what a step needs first, deletions last), the cost, and every problem on its line.
 * No vscode import.
 */
import { createHash } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import * as z from 'zod/mini';
import { kindSpec, sameId, type Kind, type KindItems, type KindSpec, type ListedKind } from '../../kinds/registry';
import type { ResourceStore } from '../../kinds/resourceStore';
import { addChanges } from '../../model/cost';
import { parseJsonDocument, problemLocator } from '../jsonDocument';
import type { DocumentProblem } from '../documentKind';
import { kindWord } from './kindWords';
import type { Catalog, DeclaredKind, DocPath, FieldChange, PlannedId, PlanScope, StepRequest } from './declaring';

/** What the document's top says besides the kinds: where it prunes, and whether it deletes what it lacks. */
export interface DocumentScope {
  readonly tag?: string | undefined;
  readonly region?: string | undefined;
  /** Written for a selection: only what the document lists takes part, so nothing is left alone or pruned. */
  readonly selection?: boolean | undefined;
}

/** One step of a plan, in the order it runs. */
export interface PlannedStep extends StepRequest {
  readonly key: string;
  /** Where its resource is in the document (empty for a deletion). */
  readonly path: DocPath;
  /** The steps it waits on: their resource first, or what it needs created. */
  readonly after: readonly string[];
  /**
   * A prune's step (a deletion, or what goes first, as a volume's detach): it also waits on every step that is not a
   * prune's, and on the prunes of a lower rank (a volume's before its stacklet's). Said once by the rank, not listed
   * in `after`: thousands of prunes beside thousands of changes made lists of n·m keys.
   */
  readonly pruneRank?: number;
  /** Steps of one level run together (at most 8 at a time); a level starts once the one before ended. */
  readonly level: number;
  /** Where its resource's entry starts in the document's text (absent for a deletion): for a CodeLens, say. */
  readonly offset?: number;
}

export interface AccountPlan {
  /** The live account's state the plan was made from, as a digest: a plan applies only to that state. */
  readonly fingerprint: string;
  readonly readAt: string;
  readonly steps: readonly PlannedStep[];
  /** In the document's scope, not in the document, and not pruned: resources, and parts an entry lacks (a cluster's pools). */
  readonly leftAlone: readonly { readonly kind: Kind; readonly id: string | number; readonly name: string }[];
  /** What the estimated steps add up to (see notEstimated). */
  readonly monthlyChangeUsd: number;
  /** Steps whose monthly change could not be estimated before they run. */
  readonly notEstimated: number;
  readonly problems: readonly (DocumentProblem & { readonly path: DocPath })[];
}

/** The live account as the planner reads it: each kind's listing, and the catalog. */
export interface LiveAccount {
  readonly items: ReadonlyMap<ListedKind, readonly unknown[]>;
  readonly catalog: Catalog;
}

/** Reads the account again (never from a cache older than this call), kind by kind, and the catalog. */
export async function readLive(store: ResourceStore, kinds: readonly DeclaredKind[]): Promise<LiveAccount> {
  store.invalidate(...kinds.map((declared) => declared.kind));
  const listings = await Promise.all(kinds.map((declared) => store.get(declared.kind)));
  const [sizes, regions, images] = await Promise.all([store.get('size'), store.get('region'), store.get('distribution')]);
  return {
    items: new Map(kinds.map((declared, i) => [declared.kind, listings[i]!.items as readonly unknown[]])),
    catalog: { sizes: sizes.items, regions: regions.items, images: images.items },
  };
}

function specOf(kind: ListedKind): KindSpec<ListedKind> {
  return kindSpec(kind) as unknown as KindSpec<ListedKind>;
}

/** The document as a schema: its scope, `prune`, and each kind's array of entries. */
export function documentSchema(kinds: readonly DeclaredKind[]) {
  return z.strictObject({
    $schema: z.optional(z.string()).check(z.meta({ description: 'The JSON schema of this document (ignored by a plan).' })),
    scope: z.optional(z.strictObject({
      tag: z.optional(z.string()).check(z.meta({ description: 'Only resources carrying this tag take part.' })),
      region: z.optional(z.string()).check(z.meta({ description: 'Only resources in this region take part.' })),
      selection: z.optional(z.boolean()).check(z.meta({ description: 'Only the resources listed take part: nothing else is left alone or pruned.' })),
    })).check(z.meta({ description: 'Which of the account\'s resources this document speaks for. Absent: the whole account.' })),
    prune: z.optional(z.boolean()).check(z.meta({ description: 'true: what the account has in scope and this document lacks is deleted by Apply. false or absent: it is left alone.' })),
    ...Object.fromEntries(kinds.map((declared) => [declared.field, z.optional(z.array(declared.entry))])),
  });
}

type Entries = Record<string, readonly Record<string, unknown>[] | undefined> & { scope?: DocumentScope; prune?: boolean };

/** Whether `item` is in the document's scope: the whole account, a tag's, a region's, or (a selection) none left out. */
function inScope(declared: DeclaredKind, item: unknown, scope: DocumentScope | undefined): boolean {
  if (scope?.selection) return false;
  if (scope?.tag === undefined && scope?.region === undefined) return true;
  const facts = declared.scopeFacts?.(item as never);
  if (!facts) return false;
  return (scope.tag === undefined || (facts.tags ?? []).includes(scope.tag)) && (scope.region === undefined || facts.region === scope.region);
}

/** A digest of what the document can say of the live account: it moves when a resource the plan reads does. */
export function fingerprintOf(live: LiveAccount, kinds: readonly DeclaredKind[]): string {
  const hash = createHash('sha256');
  for (const declared of kinds) {
    const spec = specOf(declared.kind);
    const items = [...(live.items.get(declared.kind) ?? [])].map((item) => [String(spec.key(item as never)), item] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [key, item] of items) hash.update(`${declared.kind}\u0000${key}\u0000${JSON.stringify(declared.exported(item as never, { refer: (_kind, id) => (id === null ? undefined : id) }))}\u0001`);
  }
  return hash.digest('hex');
}

/**
 * The plan of the document `text` against `live`. Problems (the document's shape, names, references, what the
 * service cannot do) are each placed on their line, and a document with any is planned no further.
 */
export function planAccount(text: string, live: LiveAccount, kinds: readonly DeclaredKind[], now: Date = new Date()): AccountPlan {
  const fingerprint = fingerprintOf(live, kinds);
  const empty = (problems: AccountPlan['problems']): AccountPlan => ({ fingerprint, readAt: now.toISOString(), steps: [], leftAlone: [], monthlyChangeUsd: 0, notEstimated: 0, problems });
  const parsed = parseJsonDocument(text, documentSchema(kinds));
  if (!parsed.ok) return empty(parsed.problems.map((problem) => ({ ...problem, path: [] })));
  const doc = parsed.value as Entries;
  const problems: (DocumentProblem & { path: DocPath })[] = [];
  const locate = problemLocator(text);
  const problem = (path: DocPath, message: string) => problems.push({ ...locate(path, message), path });

  // Each kind's live resources by ID and by name, made once: a plan of 10,000 stacklets looks each up in constant time.
  const indexes = new Map<ListedKind, { byId: Map<string, unknown>; byName: Map<string, unknown[]> }>();
  const index = (kind: ListedKind) => {
    let made = indexes.get(kind);
    if (!made) {
      const spec = specOf(kind);
      made = { byId: new Map(), byName: new Map() };
      for (const item of live.items.get(kind) ?? []) {
        made.byId.set(String(spec.key(item as never)), item);
        const name = spec.name(item as never);
        made.byName.set(name, [...(made.byName.get(name) ?? []), item]);
      }
      indexes.set(kind, made);
    }
    return made;
  };

  // Each entry bound to its live resource by `id`; one without is bound by its name to the one live resource of
  // that name no other entry binds (so that applying a document's creates twice creates once), else created.
  // Names must tell a kind's entries apart.
  const bound = new Map<ListedKind, Map<string, unknown>>();
  const byName = new Map<ListedKind, Map<string, { path: DocPath; id?: string | number }>>();
  for (const declared of kinds) {
    const spec = specOf(declared.kind);
    const { byId, byName: liveNames } = index(declared.kind);
    const names = new Map<string, { path: DocPath; id?: string | number }>();
    const seenIds = new Map<string, number>();
    const binding = new Map<string, unknown>();
    const entries = doc[declared.field] ?? [];
    entries.forEach((entry, i) => {
      const path = [declared.field, i];
      const name = String(entry['name'] ?? '');
      if (names.has(name)) problem([...path, 'name'], l10n.t('another {0} in this document is named {1}: each needs its own name', kindWord(declared.kind), JSON.stringify(name)));
      names.set(name, { path });
      const id = entry['id'] as string | number | undefined;
      if (id === undefined) return;
      if (seenIds.has(String(id))) problem([...path, 'id'], l10n.t('this ID is bound by another entry too ({0}): each resource is written once', `${declared.field}[${seenIds.get(String(id))}]`));
      seenIds.set(String(id), i);
      const item = byId.get(String(id));
      if (item === undefined) problem([...path, 'id'], l10n.t('no {0} of the account has this ID: take the ID out to create it', kindWord(declared.kind)));
      else {
        binding.set(String(id), item);
        names.set(name, { path, id: spec.key(item as never) as string | number });
      }
    });
    entries.forEach((entry, i) => {
      if (entry['id'] !== undefined) return;
      const name = String(entry['name'] ?? '');
      const free = (liveNames.get(name) ?? []).filter((item) => !binding.has(String(spec.key(item as never))));
      if (free.length > 1) problem([declared.field, i, 'name'], l10n.t('{0} {1} are named so: give the ID of the one this entry is', free.length, kindWord(declared.kind)));
      if (free.length !== 1) return;
      const id = spec.key(free[0] as never) as string | number;
      binding.set(String(id), free[0]);
      names.set(name, { path: [declared.field, i], id });
    });
    bound.set(declared.kind, binding);
    byName.set(declared.kind, names);
  }

  const steps: (StepRequest & { key: string; path: DocPath; after: string[] })[] = [];
  const leftAlone: { kind: Kind; id: string | number; name: string }[] = [];
  const creates = new Map<string, string>();
  let counter = 0;
  const planScope: PlanScope = {
    catalog: live.catalog,
    prune: doc.prune === true,
    ref: (kind, reference, path) => resolveRef(kind, reference, path),
    step: (request, path, after = []) => {
      const key = `${request.kind}.${request.action}.${++counter}`;
      steps.push({ ...request, key, path, after: [...after] });
      return key;
    },
    leaveAlone: (kind, id, name) => leftAlone.push({ kind, id, name }),
    problem: (path, message) => problem(path, message),
  };

  /** A reference by name (as the document has it), or by ID. */
  function resolveRef(kind: ListedKind, reference: unknown, path: DocPath): PlannedId | undefined {
    const spec = specOf(kind);
    const { byId, byName: liveNames } = index(kind);
    const declaredNames = byName.get(kind);
    // An ID (a number, or a string that is an ID and no name the document gives).
    if (typeof reference === 'number' || (typeof reference === 'string' && byId.has(reference) && !declaredNames?.has(reference))) {
      const item = byId.get(String(reference));
      if (item !== undefined) return spec.key(item as never) as string | number;
      problem(path, l10n.t('no {0} has the ID {1}', kindWord(kind), String(reference)));
      return undefined;
    }
    if (typeof reference !== 'string') {
      problem(path, l10n.t('expected the name of a {0}', kindWord(kind)));
      return undefined;
    }
    const declared = declaredNames?.get(reference);
    if (declared) {
      if (declared.id !== undefined) return declared.id;
      const key = creates.get(`${kind}\u0000${reference}`);
      if (key) return { created: key };
      problem(path, l10n.t('{0} is created by this document but cannot be referred to before it is created', JSON.stringify(reference)));
      return undefined;
    }
    // A live resource the document does not list (or lists under another name): by its name when that is unique.
    const named = liveNames.get(reference) ?? [];
    if (named.length === 1 && !bound.get(kind)?.has(String(spec.key(named[0] as never)))) return spec.key(named[0] as never) as string | number;
    if (named.length === 1) {
      const renamed = [...(byName.get(kind) ?? [])].find(([, entry]) => entry.id !== undefined && sameId(entry.id, spec.key(named[0] as never)));
      problem(path, l10n.t('this document renames {0} to {1}: refer to it by its new name', JSON.stringify(reference), JSON.stringify(renamed?.[0] ?? '')));
    } else if (named.length > 1) problem(path, l10n.t('{0} {1} is not unique in the account: refer to it by its ID', kindWord(kind), JSON.stringify(reference)));
    else problem(path, l10n.t('no {0} is named {1}, in this document or the account', kindWord(kind), JSON.stringify(reference)));
    return undefined;
  }

  // Creates first, kind by kind in the document's order, so that later kinds may refer to what earlier ones make.
  const idOf = (declared: DeclaredKind, entry: Record<string, unknown>) => byName.get(declared.kind)?.get(String(entry['name']))?.id;
  for (const declared of kinds) {
    (doc[declared.field] ?? []).forEach((entry, i) => {
      if (idOf(declared, entry) !== undefined) return;
      const key = declared.create(entry, planScope, [declared.field, i]);
      if (key) creates.set(`${declared.kind}\u0000${String(entry['name'])}`, key);
    });
  }
  for (const declared of kinds) {
    (doc[declared.field] ?? []).forEach((entry, i) => {
      const id = idOf(declared, entry);
      if (id === undefined) return;
      const item = bound.get(declared.kind)?.get(String(id));
      if (item !== undefined) declared.change(entry, item as never, planScope, [declared.field, i]);
    });
  }
  const deletions: typeof steps = [];
  for (const declared of kinds) {
    const spec = specOf(declared.kind);
    for (const item of live.items.get(declared.kind) ?? []) {
      const id = spec.key(item as never) as string | number;
      if (bound.get(declared.kind)?.has(String(id)) || !inScope(declared, item, doc.scope)) continue;
      if (doc.prune) {
        const before = steps.length;
        declared.remove(item as never, planScope);
        deletions.push(...steps.splice(before).map((step) => ({ ...step, rank: declared.deleteRank })));
      } else {
        leftAlone.push({ kind: declared.kind, id, name: spec.name(item as KindItems[ListedKind] as never) });
      }
    }
  }
  if (problems.length > 0) return empty(problems);
  return {
    fingerprint,
    readAt: now.toISOString(),
    steps: ordered(steps, deletions as (typeof steps[number] & { rank: number })[]),
    leftAlone,
    ...costOf([...steps, ...deletions]),
    problems: [],
  };
}

function costOf(steps: readonly StepRequest[]): { monthlyChangeUsd: number; notEstimated: number } {
  const change = addChanges(steps.map((step) => step.monthlyChangeUsd));
  return { monthlyChangeUsd: change.dollars, notEstimated: change.unestimated };
}

/**
 * The plan's steps with where each one's entry starts in `text` (for a CodeLens, a row that opens it): a syntax tree
 * of the whole text, so only an editor asks for it, not a terminal's plan.
 */
export function locateSteps(plan: AccountPlan, text: string): AccountPlan {
  if (plan.steps.length === 0) return plan;
  const root = parseTree(text);
  if (!root) return plan;
  return {
    ...plan,
    steps: plan.steps.map((step) => {
      const offset = step.path.length > 0 ? findNodeAtLocation(root, [...step.path])?.offset : undefined;
      return offset === undefined ? step : { ...step, offset };
    }),
  };
}

/** The keys of steps whose answer an input waits on (an ID the plan creates). */
export function createdKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(createdKeys);
  if (value !== null && typeof value === 'object') {
    const created = (value as { created?: unknown }).created;
    if (typeof created === 'string' && Object.keys(value).length === 1) return [created];
    return Object.values(value).flatMap(createdKeys);
  }
  return [];
}

/**
 * The steps in the order they run, each with its level: after what it waits on (its `after`, and the creates its
 * input needs); prunes after every other step (what is deleted may be what a change detached), by their kind's
 * rank (a volume before its stacklet, a stacklet before its VPC).
 */
function ordered(steps: readonly (StepRequest & { key: string; path: DocPath; after: string[] })[], deletions: readonly (StepRequest & { key: string; path: DocPath; after: string[]; rank: number })[]): PlannedStep[] {
  const waitsOn = (step: StepRequest & { after: string[] }) => [...new Set([...step.after, ...createdKeys(step.input)])];
  const waiting: (Omit<PlannedStep, 'level'>)[] = [
    ...steps.map((step) => ({ ...step, after: waitsOn(step) })),
    ...deletions.map(({ rank, ...step }) => ({ ...step, after: waitsOn(step), pruneRank: rank })),
  ];
  const all = new Map(waiting.map((step) => [step.key, step]));
  // The level above which each rank's prunes start: every other step's, then every prune's of a lower rank.
  const floors = new Map<number, number>();
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const cycle = (key: string) => new Error(`the steps wait on each other: ${key}`);
  const levelOf = (key: string): number => {
    const known = level.get(key);
    if (known !== undefined) return known;
    if (visiting.has(key)) throw cycle(key);
    visiting.add(key);
    const step = all.get(key)!;
    const floor = step.pruneRank === undefined ? -1 : floors.get(step.pruneRank);
    // A prune whose rank's floor is not known yet waits on what waits on it (a step, or a prune of a lower rank).
    if (floor === undefined) throw cycle(key);
    const value = step.after.reduce((top, other) => (all.has(other) ? Math.max(top, levelOf(other)) : top), floor) + 1;
    visiting.delete(key);
    level.set(key, value);
    return value;
  };
  let top = waiting.reduce((max, step) => (step.pruneRank === undefined ? Math.max(max, levelOf(step.key)) : max), -1);
  for (const rank of [...new Set(deletions.map((step) => step.rank))].sort((a, b) => a - b)) {
    floors.set(rank, top);
    top = waiting.reduce((max, step) => (step.pruneRank === rank ? Math.max(max, levelOf(step.key)) : max), top);
  }
  return waiting.map((step) => ({ ...step, level: levelOf(step.key) })).sort((a, b) => a.level - b.level);
}

/** A change of one field, or nothing when it is the same (arrays compared as sets where `asSet`). */
export function fieldChange(field: string, from: unknown, to: unknown, asSet = false): FieldChange | undefined {
  if (to === undefined) return undefined;
  const same = asSet && Array.isArray(from) && Array.isArray(to)
    ? from.length === to.length && from.every((value) => to.some((other) => JSON.stringify(other) === JSON.stringify(value)))
    : JSON.stringify(from) === JSON.stringify(to);
  return same ? undefined : { field, from, to };
}
