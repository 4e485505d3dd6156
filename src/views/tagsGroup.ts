/**
 * The Tags group of the Account view: the account's tags (GET /v1/tags), each a row whose children are the
 * stacklets carrying it, built by the Stacklets view's own row builder so they keep their menus. Tags belong to
 * the account, beside its SSH keys, rather than to one view of resources; the Stacklets view can still group by
 * tag (stacklet.groupStacklets).
 */
import * as vscode from 'vscode';
import type { Stacklet, Tag } from '../api/schemas';
import { refTo } from '../kinds/registry';
import { groupRow } from '../kinds/groupRow';
import { resourceCount } from '../kinds/rowWords';
import { tagLook } from '../kinds/tag/row';
import type { ResourceStore } from '../kinds/resourceStore';
import { carriersOf } from '../kinds/tags';
import { describeError } from '../api/errorText';
import { listingNodes, optionalListingGroup } from './listing';
import { lookNode, messageNode, type ResourceNode } from './resourceNode';
import { stackletNode } from './stackletsView';

export function tagsGroup(store: ResourceStore): ResourceNode {
  return optionalListingGroup(store, 'tag', {
    id: 'account/tags',
    label: vscode.l10n.t('Tags'),
    icon: 'tag',
    contextValue: groupRow.context('tags'),
    expanded: true,
    unsupported: () => vscode.l10n.t('This service does not list tags.'),
    rows: (listing) => listingNodes<Tag>({
      id: 'tags',
      listing,
      name: (tag) => tag.name,
      build: (tag) => tagNode(tag, store),
      empty: vscode.l10n.t('No tags: New Tag makes one, on stacklets or on none.'),
    }),
  });
}

/**
 * How many resources carry the tag: the service's count when it gives one, else the stacklets listed with it
 * (when the stacklets are listed already).
 */
function carried(tag: Tag, store: ResourceStore): number | undefined {
  const counted = tag.resources?.count;
  if (typeof counted === 'number') return counted;
  const stacklets = store.peek('stacklet')?.items;
  return stacklets ? carriersOf(stacklets, tag.name).length : undefined;
}

function tagNode(tag: Tag, store: ResourceStore): ResourceNode {
  // The name goes into the id encoded: a tag may hold '/', and the id must stay that tag's alone.
  const base = `tag/${encodeURIComponent(tag.name)}`;
  const count = carried(tag, store);
  return lookNode(tagLook(tag, count), { id: base, resource: refTo('tag', tag), children: () => tagChildren(tag, store, base, count) });
}

/** The stacklets carrying the tag, and a line for what else the service counts on it. */
async function tagChildren(tag: Tag, store: ResourceStore, base: string, count: number | undefined): Promise<ResourceNode[]> {
  let stacklets: Stacklet[];
  try {
    stacklets = carriersOf((await store.get('stacklet')).items, tag.name);
  } catch (error) {
    return [messageNode(`${base}/error`, vscode.l10n.t('The stacklets could not be listed: {0}', describeError(error)), 'warning')];
  }
  const rows = stacklets.map((s) => stackletNode(s, store, `${base}/stacklet`));
  const others = (count ?? 0) - stacklets.length;
  if (others > 0) rows.push(messageNode(`${base}/others`, vscode.l10n.t('and {0} of other kinds, not shown here', resourceCount(others)), 'info'));
  if (rows.length === 0) rows.push(messageNode(`${base}/empty`, vscode.l10n.t('Nothing carries this tag.'), 'info'));
  return rows;
}
