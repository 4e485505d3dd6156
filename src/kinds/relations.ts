/**
 * Which resources name which, read from each kind's `names` (src/kinds/<kind>/kind.ts): describe's relations and
 * a stacklet's rows (its volumes, snapshots) ask here, so no reader switches on kind ids. No vscode import.
 */
import { kindSpec, sameId, type Kind, type KindItems, type KindSpec } from './registry';

type Names = (item: unknown) => readonly (string | number)[];

function namesOf(kind: Kind, other: Kind): Names | undefined {
  return (kindSpec(kind) as unknown as KindSpec<Kind>).names?.[other] as Names | undefined;
}

/** What an item names: each kind with the IDs, those it names none of left out. */
export function namedBy(kind: Kind, item: unknown): { kind: Kind; ids: readonly (string | number)[] }[] {
  const names = (kindSpec(kind) as unknown as KindSpec<Kind>).names ?? {};
  return (Object.keys(names) as Kind[]).map((other) => ({ kind: other, ids: namesOf(kind, other)!(item) })).filter(({ ids }) => ids.length > 0);
}

/** The kinds whose items may name one of `kind`. */
export function namingKinds(kind: Kind, among: readonly Kind[]): Kind[] {
  return among.filter((other) => other !== kind && namesOf(other, kind) !== undefined);
}

/** Whether `item` (of `kind`) names `other` (of `otherKind`), or is named by it. */
export function related<K extends Kind, O extends Kind>(kind: K, item: KindItems[K], otherKind: O, other: KindItems[O]): boolean {
  const key = (k: Kind, value: unknown) => (kindSpec(k) as unknown as KindSpec<Kind>).key(value as never);
  const names = (from: Kind, value: unknown, to: Kind, target: unknown) => (namesOf(from, to)?.(value) ?? []).some((id) => sameId(id, key(to, target)));
  return names(kind, item, otherKind, other) || names(otherKind, other, kind, item);
}
