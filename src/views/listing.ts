import * as vscode from 'vscode';
import type { ListProblem } from '../api/envelope';
import { isApiError } from '../api/errors';
import { matchesName } from '../model/format';
import type { ListingItems } from '../kinds/registry';
import type { Listing, ResourceStore } from '../kinds/resourceStore';
import { messageNode, ResourceNode } from './resourceNode';
import type { ViewSpec } from './resourceTreeProvider';
import type { ViewId } from '../kinds/viewIds';

export interface ListingView<T> {
  readonly id: string;
  readonly listing: Listing<T>;
  readonly name: (item: T) => string;
  readonly build: (item: T) => ResourceNode;
  /** Rows for the items shown, when they are grouped rather than one row each (see `build`). */
  readonly group?: (items: T[]) => ResourceNode[];
  readonly nameFilter?: string;
  /** Shown when the account has none. */
  readonly empty: string;
}

/** An item the service sent that could not be read: what it is, where the answer breaks and why. */
function problemNode(viewId: string, problem: ListProblem): ResourceNode {
  const where = `${problem.fieldPath}: ${problem.reason}`;
  const label = problem.index === undefined
    ? vscode.l10n.t('The paging information could not be read ({0}); only the first page is shown.', where)
    : problem.name !== undefined
      ? vscode.l10n.t('"{0}" could not be read: {1}', problem.name, where)
      : problem.id !== undefined
        ? vscode.l10n.t('Item {0} could not be read: {1}', String(problem.id), where)
        : vscode.l10n.t('An item could not be read: {0}', where);
  return messageNode(`${viewId}/problem/${problem.page ?? 1}/${problem.index ?? 'meta'}`, label, 'error');
}

/**
 * The rows of one listing: filtered by name, with a warning row when the listing is partial, an error row
 * for each item the service sent that could not be read (the rest still shows), a marker when it comes from
 * what the extension knows rather than from the service, and a message when it is empty.
 */
export function listingNodes<T>(view: ListingView<T>): ResourceNode[] {
  const items = view.listing.items.filter((item) => matchesName(view.name(item), view.nameFilter));
  const nodes = view.group && items.length > 0 ? view.group(items) : items.map(view.build);
  const notes: ResourceNode[] = [];
  if (view.listing.warning) notes.push(messageNode(`${view.id}/warning`, view.listing.warning, 'warning'));
  // A name filter hides the unreadable items it can tell are not wanted; one without a name always shows.
  const problems = (view.listing.problems ?? []).filter((problem) => problem.name === undefined || matchesName(problem.name, view.nameFilter));
  for (const problem of problems) notes.push(problemNode(view.id, problem));
  if (view.listing.source === 'known') {
    notes.push(messageNode(`${view.id}/known`, vscode.l10n.t('The service cannot list these; shown from what this account created or uses.'), 'info'));
  }
  if (nodes.length === 0 && problems.length === 0) {
    const text = view.nameFilter && view.listing.items.length > 0 ? vscode.l10n.t('Nothing matches "{0}".', view.nameFilter) : view.empty;
    notes.push(messageNode(`${view.id}/empty`, text, 'info'));
  }
  return [...notes, ...nodes];
}

/** A view that shows one listing of the account, filtered by name: most views of the container. */
export function singleListingView<K extends 'userdata' | 'container' | 'cluster' | 'snapshot'>(
  id: ViewId,
  kind: K,
  build: (item: ListingItems[K]) => ResourceNode,
  empty: () => string,
): ViewSpec {
  return {
    id,
    kinds: [kind],
    async roots({ store, filter }) {
      return listingNodes<ListingItems[K]>({
        id,
        listing: await store.get(kind),
        name: (item) => item.name,
        build,
        ...(filter.name ? { nameFilter: filter.name } : {}),
        empty: empty(),
      });
    },
  };
}

/**
 * A group row of a listing the service may not offer (an undocumented one: SSH keys, backups, tags): its rows, the
 * count once loaded, or one row saying that this service does not list them.
 */
export function optionalListingGroup<K extends 'sshKey' | 'backup' | 'tag'>(
  store: ResourceStore,
  kind: K,
  group: {
    readonly id: string;
    readonly label: string;
    readonly icon: string;
    readonly contextValue: string;
    readonly expanded?: boolean;
    readonly unsupported: () => string;
    readonly rows: (listing: Listing<ListingItems[K]>) => ResourceNode[];
  },
): ResourceNode {
  return new ResourceNode({
    id: group.id,
    label: group.label,
    counts: kind,
    icon: new vscode.ThemeIcon(group.icon),
    contextValue: group.contextValue,
    ...(group.expanded ? { expanded: true } : {}),
    children: async () => {
      try {
        return group.rows(await store.get(kind));
      } catch (error) {
        if (isApiError(error) && error.kind === 'unsupported') return [messageNode(`${group.id}/unsupported`, group.unsupported(), 'info')];
        throw error;
      }
    },
  });
}
