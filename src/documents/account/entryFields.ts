/**
 * The fields kinds' entries share in the account document, each described for completion and hover. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import * as v from '../../api/validators';
import type * as s from '../../api/schemas';
import type { DocPath, PlannedId, PlanScope } from './declaring';

/** Another resource, by name; by ID where its name repeats in the account. */
export const reference = (description: string) => z.union([z.string(), z.int()]).check(z.meta({ description }));

/** What binds an entry to a live resource: absent for one the document creates. */
export const boundId = (kind: string, type: 'int' | 'string') =>
  z.optional(type === 'int' ? z.int() : z.string()).check(z.meta({ description: `The ${kind}'s ID: it binds the entry to the live ${kind}. Leave it out to create a new one.` }));

/**
 * A name as the account has it: any text, since a co-tenant may have named it beyond what the UI lets one type. A
 * name the document gives anew (a create, a rename) is checked as the UI checks it (`newName`).
 */
export const resourceName = (kind: string) =>
  z.string().check(z.minLength(1), z.meta({ description: `The ${kind}'s name, unique among them. Changing it renames the ${kind}.` }));

/** Whether a name the document gives anew passes the UI's check; a problem on its line when not. */
export function newName(scope: Pick<PlanScope, 'problem'>, path: DocPath, name: string, check: (value: unknown, what: string) => v.Problem = v.checkResourceName): boolean {
  const problem = check(name, 'name');
  if (problem) scope.problem([...path, 'name'], problem);
  return !problem;
}

/** The entry's `key` as the document holds it, for an input: a string or a number. */
export function idIn(entry: Readonly<Record<string, unknown>>): string | number {
  return entry['id'] as string | number;
}

/** The catalog's region `slug` names in a new entry; a problem on the entry's `region` when there is none. */
export function regionIn(scope: Pick<PlanScope, 'catalog' | 'problem'>, path: DocPath, slug: string): s.Region | undefined {
  const region = scope.catalog.regions.find((candidate) => candidate.slug === slug);
  if (!region) scope.problem([...path, 'region'], l10n.t('no region is {0}', JSON.stringify(slug)));
  return region;
}

/** The IDs a list of references names (each unknown one a problem on its line): a firewall's or a load balancer's stacklets. */
export function refs(scope: Pick<PlanScope, 'ref'>, kind: Parameters<PlanScope['ref']>[0], references: readonly unknown[], path: DocPath): PlannedId[] {
  return references.map((reference, i) => scope.ref(kind, reference, [...path, i])).filter((id): id is PlannedId => id !== undefined);
}

/** Whether planned IDs are the live ones, in any order (a placeholder of a create never is). */
export function sameIds(planned: readonly PlannedId[], live: readonly (string | number)[]): boolean {
  return planned.length === live.length && planned.every((id) => live.some((other) => JSON.stringify(other) === JSON.stringify(id)));
}

/** The names of `items`, sorted the same way every time, for a diff that does not move. */
export function sortedNames(names: readonly string[]): string[] {
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A create of `kind` named `name` from `input`: its step's key, which what refers to it waits on. Free unless
 * `options` says its price, or says it is not estimated (`monthlyChangeUsd: undefined`, which a parameter's
 * default would have turned into 0).
 */
export function createStep(scope: Pick<PlanScope, 'step'>, path: DocPath, kind: string, name: string, input: Readonly<Record<string, unknown>>, options: { monthlyChangeUsd?: number | undefined } = {}): string {
  return scope.step({ kind, action: 'create', name, op: 'create', input, changes: [], monthlyChangeUsd: 'monthlyChangeUsd' in options ? options.monthlyChangeUsd : 0 }, path);
}

/** The deletion of a live resource (only under "prune"); what holds data has its name typed once to apply. */
export function deleteStep(scope: Pick<PlanScope, 'step'>, kind: string, name: string, id: string | number, options: { destroysData?: boolean; monthlyChangeUsd?: number | undefined; after?: readonly string[] } = {}): void {
  scope.step({ kind, action: 'delete', name, op: 'delete', input: { id }, changes: [], monthlyChangeUsd: 'monthlyChangeUsd' in options ? options.monthlyChangeUsd : 0, destroysData: options.destroysData ?? false }, [], options.after);
}

/** A rename, when the entry's name is not the live one's and passes the UI's check. */
export function renameStep(scope: Pick<PlanScope, 'step' | 'problem'>, path: DocPath, kind: string, live: string, entry: Readonly<Record<string, unknown>>, check?: (value: unknown, what: string) => v.Problem): void {
  const name = entry['name'] as string;
  if (name === live || !newName(scope, path, name, check)) return;
  scope.step({ kind, action: 'rename', name: live, op: 'change', input: { id: idIn(entry), name }, changes: [{ field: 'name', from: live, to: name }], monthlyChangeUsd: 0 }, path);
}
