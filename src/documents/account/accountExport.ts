/**
 * The account as a document (issue 48): each kind's live resources as entries (./declaring.ts), referring to each
 * other by name, or by ID where a name repeats (the header says which). The whole account, a tag's or a region's
 * resources, or a selection. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { kindSpec, type KindSpec, type ListedKind } from '../../kinds/registry';
import { findNodeAtLocation, getNodeValue, parseTree } from 'jsonc-parser';
import { renderJsonDocument } from '../jsonDocument';
import type { DocumentScope, LiveAccount } from './accountPlan';
import type { DeclaredKind, ExportScope } from './declaring';

/** What a document holds: the scope, or the resources chosen (kind and ID). */
export type ExportChoice =
  | { readonly scope: Omit<DocumentScope, 'selection'> }
  | { readonly selection: readonly { readonly kind: ListedKind; readonly id: string | number }[] };

function specOf(kind: ListedKind): KindSpec<ListedKind> {
  return kindSpec(kind) as unknown as KindSpec<ListedKind>;
}

/** The body of the document: `scope`, `prune` and each kind's entries. */
export function accountBody(live: LiveAccount, kinds: readonly DeclaredKind[], choice: ExportChoice): { body: Record<string, unknown>; byId: string[] } {
  const byId: string[] = [];
  // Names that repeat within a kind: those are referred to by ID.
  const repeated = new Map<ListedKind, Set<string>>();
  const nameOf = new Map<ListedKind, Map<string, string>>();
  for (const [kind, items] of live.items) {
    const spec = specOf(kind);
    const seen = new Set<string>();
    const twice = new Set<string>();
    const names = new Map<string, string>();
    for (const item of items) {
      const name = spec.name(item as never);
      names.set(String(spec.key(item as never)), name);
      if (seen.has(name)) twice.add(name);
      seen.add(name);
    }
    repeated.set(kind, twice);
    nameOf.set(kind, names);
  }
  const told = new Set<string>();
  const scope: ExportScope = {
    refer: (kind, id) => {
      if (id === null || id === undefined) return undefined;
      const name = nameOf.get(kind)?.get(String(id));
      if (name === undefined) return id;
      if (!repeated.get(kind)?.has(name)) return name;
      const said = `${kind}\u0000${name}`;
      if (!told.has(said)) {
        told.add(said);
        byId.push(l10n.t('{0} {1} is not the only one of that name: it is referred to by its ID.', specOf(kind).label(), JSON.stringify(name)));
      }
      return id;
    },
  };
  const chosen = 'selection' in choice ? choice.selection : undefined;
  const body: Record<string, unknown> = {
    scope: 'scope' in choice ? { ...choice.scope } : { selection: true },
    prune: false,
  };
  for (const declared of kinds) {
    const spec = specOf(declared.kind);
    const items = (live.items.get(declared.kind) ?? []).filter((item) => {
      const id = spec.key(item as never);
      if (chosen) return chosen.some((pick) => pick.kind === declared.kind && String(pick.id) === String(id));
      const { tag, region } = 'scope' in choice ? choice.scope : {};
      if (tag === undefined && region === undefined) return true;
      const facts = declared.scopeFacts?.(item as never);
      return facts !== undefined && (tag === undefined || (facts.tags ?? []).includes(tag)) && (region === undefined || facts.region === region);
    });
    if (items.length > 0 || !chosen) body[declared.field] = items.map((item) => declared.exported(item as never, scope));
  }
  return { body, byId };
}

/** The document's text: a header that says how it is read, then the body. */
export function exportAccount(live: LiveAccount, kinds: readonly DeclaredKind[], choice: ExportChoice, account: { readonly email: string; readonly readAt: Date }): string {
  const { body, byId } = accountBody(live, kinds, choice);
  const header = [
    l10n.t('Stacklet Cloud account {0} as read at {1}.', account.email, account.readAt.toISOString()),
    l10n.t('Stacklet: Plan shows what it would take to make the account match this document; only Stacklet: Apply changes it. Saving never does.'),
    l10n.t('An entry\'s "id" binds it to the live resource; one without an "id" is bound to the one resource of its name, or created when there is none. Resources refer to each other by name.'),
    l10n.t('What the account has in this document\'s scope and the document lacks is left alone, unless "prune" is true: then it is deleted.'),
    ...kinds.map((declared) => declared.note?.()).filter((note): note is string => note !== undefined),
    ...byId,
  ];
  return renderJsonDocument(header, body);
}

/** What a document speaks for, read from its text: its scope, or for a selection the resources it binds by ID. */
export function choiceOfDocument(text: string, kinds: readonly DeclaredKind[]): ExportChoice {
  const root = parseTree(text);
  const value = (path: (string | number)[]) => {
    const node = root ? findNodeAtLocation(root, path) : undefined;
    return node ? getNodeValue(node) as unknown : undefined;
  };
  const scope = value(['scope']) as { tag?: unknown; region?: unknown; selection?: unknown } | undefined;
  if (scope?.selection === true) {
    return {
      selection: kinds.flatMap((declared) => {
        const entries = value([declared.field]);
        return Array.isArray(entries) ? entries.flatMap((entry: { id?: unknown }) => (typeof entry?.id === 'string' || typeof entry?.id === 'number' ? [{ kind: declared.kind, id: entry.id }] : [])) : [];
      }),
    };
  }
  return {
    scope: {
      ...(typeof scope?.tag === 'string' ? { tag: scope.tag } : {}),
      ...(typeof scope?.region === 'string' ? { region: scope.region } : {}),
    },
  };
}
