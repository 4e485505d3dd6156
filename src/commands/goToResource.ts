import * as vscode from 'vscode';
import { SEARCH_KINDS, type ResourceRef } from '../kinds/registry';
import type { ResourceStore } from '../kinds/resourceStore';
import { ResourceIndex, type SearchMatch, type SearchResult } from '../kinds/resourceSearch';
import * as notify from '../ui/notify';
import type { PickItem } from '../ui/prompter';
import { presentation } from '../views/kindPresentation';
import { kindIcon } from '../kinds/kindRows';
import { kindName } from '../kinds/rowWords';
import type { CommandDeps } from './deps';

/** A listing older than this is read again while the picker already shows what the cache has. */
export const STALE_AFTER_MS = 5 * 60_000;

/**
 * Go to Resource…: one picker over every resource the views list, matched by name, id, any IP address, tag
 * and region as the user types (src/kinds/resourceSearch.ts). The rows come from the cache at once; listings
 * not loaded yet, or older than STALE_AFTER_MS, are read again meanwhile and the rows follow. The chosen
 * resource is revealed and selected in its view, its parents expanded.
 */
export async function goToResource(deps: CommandDeps): Promise<boolean> {
  const { store } = await deps.session.current();
  const index = new ResourceIndex({ perKeystroke: true });
  index.replace(cachedListings(store));
  const picked = await deps.prompter.search<ResourceRef>({
    title: vscode.l10n.t('Go to Resource'),
    placeHolder: vscode.l10n.t('Name, ID, IP address, tag or region'),
    filter: searchRows(index),
    ...refreshStale(deps, store, index),
  });
  return picked ? revealResource(deps, picked) : false;
}

function cachedListings(store: ResourceStore) {
  return SEARCH_KINDS.flatMap((kind) => {
    const listing = store.peek(kind);
    return listing ? [{ kind, items: listing.items as readonly unknown[] }] : [];
  });
}

/** Reads again the listings not loaded or stale, then rebuilds the index; nothing when all are fresh. */
function refreshStale(deps: CommandDeps, store: ResourceStore, index: ResourceIndex): { refreshed?: Promise<unknown> } {
  const now = Date.now();
  const stale = SEARCH_KINDS.filter((kind) => {
    const listing = store.peek(kind);
    return !listing || now - listing.loadedAt > STALE_AFTER_MS;
  });
  if (stale.length === 0) return {};
  const refreshed = Promise.allSettled(stale.map((kind) => {
    if (store.peek(kind)) store.invalidate(kind);
    return store.get(kind);
  })).then((results) => {
    results.forEach((result, i) => {
      if (result.status === 'rejected') deps.log.warn(`Go to Resource could not list ${stale[i]}s: ${String(result.reason)}`);
    });
    index.replace(cachedListings(store));
  });
  return { refreshed };
}

/** The picker's rows for a query: what the command filters on every keystroke (the benchmark times it). */
export function searchRows(index: ResourceIndex): (query: string) => PickItem<ResourceRef>[] {
  return (query) => index.find(query).map(searchRow);
}

function searchRow({ ref, match }: SearchResult): PickItem<ResourceRef> {
  const shown = presentation(ref.kind);
  return {
    label: ref.name,
    icon: kindIcon(ref.kind),
    description: [kindName(ref.kind), shown.pick(ref.data as never).description].filter(Boolean).join(' · '),
    ...(match ? { detail: matchWords(match) } : {}),
    value: ref,
  };
}

function matchWords({ field, value }: SearchMatch): string {
  switch (field) {
    case 'id':
      return vscode.l10n.t('ID {0}', value);
    case 'address':
      return vscode.l10n.t('IP address {0}', value);
    case 'tag':
      return vscode.l10n.t('tag {0}', value);
    case 'region':
      return vscode.l10n.t('region {0}', value);
  }
}

/** Reveals and selects the resource in its view; a filter that hides it is cleared first, and said so. */
export async function revealResource(deps: CommandDeps, ref: ResourceRef): Promise<boolean> {
  const view = deps.views.get(presentation(ref.kind).view);
  if (!view) return false;
  if (await view.reveal(ref.kind, ref.id)) return true;
  if (Object.keys(view.filter).length > 0) {
    view.setFilter({});
    notify.statusMessage('filter', vscode.l10n.t('Cleared the filter of {0} to show {1}.', view.view.title ?? view.spec.id, ref.name), 5000);
    if (await view.reveal(ref.kind, ref.id)) return true;
  }
  void notify.info(vscode.l10n.t('{0} is not shown in the explorer now.', ref.name));
  return false;
}
