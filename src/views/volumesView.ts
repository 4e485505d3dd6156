import * as vscode from 'vscode';
import type { Volume } from '../api/schemas';
import { refTo } from '../kinds/registry';
import { volumeLook } from '../kinds/volume/row';
import { listingNodes } from './listing';
import { lookNode, type ResourceNode } from './resourceNode';
import type { ViewSpec } from './resourceTreeProvider';

export const volumesView: ViewSpec = {
  id: 'volumes',
  kinds: ['volume'],
  async roots({ store, filter }) {
    const listing = await store.get('volume', filter.region ? { region: filter.region } : {});
    return listingNodes({
      id: 'volumes',
      listing,
      name: (v) => v.name,
      build: (v) => volumeNode(v, 'volume'),
      ...(filter.name ? { nameFilter: filter.name } : {}),
      empty: filter.region ? vscode.l10n.t('No volumes in region {0}.', filter.region) : vscode.l10n.t('No volumes in this account.'),
    });
  },
};

/** A volume's row (src/kinds/volume/row.ts), here or under its stacklet. */
export function volumeNode(v: Volume, idPrefix: string): ResourceNode {
  return lookNode(volumeLook(v), { id: `${idPrefix}/${v.id}`, resource: refTo('volume', v) });
}
