import * as vscode from 'vscode';
import { matchesName } from '../model/format';
import type { ListingItems } from '../model/resourceKinds';
import type { Listing } from '../model/resourceStore';
import { messageNode, type ResourceNode } from './resourceNode';
import type { ViewId, ViewSpec } from './resourceTreeProvider';

export interface ListingView<T> {
  readonly id: string;
  readonly listing: Listing<T>;
  readonly name: (item: T) => string;
  readonly build: (item: T) => ResourceNode;
  readonly nameFilter?: string;
  /** Shown when the account has none. */
  readonly empty: string;
}

/**
 * The rows of one listing: filtered by name, with a warning row when the listing is partial, a marker when
 * it comes from what the extension knows rather than from the service, and a message when it is empty.
 */
export function listingNodes<T>(view: ListingView<T>): ResourceNode[] {
  const items = view.listing.items.filter((item) => matchesName(view.name(item), view.nameFilter));
  const nodes = items.map(view.build);
  const notes: ResourceNode[] = [];
  if (view.listing.warning) notes.push(messageNode(`${view.id}/warning`, view.listing.warning, 'warning'));
  if (view.listing.source === 'known') {
    notes.push(messageNode(`${view.id}/known`, vscode.l10n.t('The service cannot list these; shown from what this account created or uses.'), 'info'));
  }
  if (nodes.length === 0) {
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
