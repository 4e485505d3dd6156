import * as vscode from 'vscode';
import type { Backup, Snapshot } from '../api/schemas';
import { kindSpec, refTo } from '../kinds/registry';
import { backupLook } from '../kinds/backup/row';
import { groupRow } from '../kinds/groupRow';
import { snapshotLook } from '../kinds/snapshot/row';
import type { ResourceStore } from '../kinds/resourceStore';
import { listingNodes, optionalListingGroup } from './listing';
import { lookNode, type ResourceNode } from './resourceNode';
import type { ViewFilter, ViewSpec } from './resourceTreeProvider';

/** The account's snapshots, then a group of its backups (by date). */
export const snapshotsView: ViewSpec = {
  id: 'snapshots',
  kinds: ['snapshot', 'backup'],
  async roots({ store, filter }) {
    const snapshots = listingNodes<Snapshot>({
      id: 'snapshots',
      listing: await store.get('snapshot'),
      name: (s) => s.name,
      build: (s) => snapshotNode(s, 'snapshot'),
      ...(filter.name ? { nameFilter: filter.name } : {}),
      empty: vscode.l10n.t('No snapshots in this account.'),
    });
    return [...snapshots, backupsGroup(store, filter)];
  },
};

export function snapshotNode(s: Snapshot, idPrefix: string): ResourceNode {
  return lookNode(snapshotLook(s), { id: `${idPrefix}/${s.id}`, resource: refTo('snapshot', s) });
}

/** The automatic backups, newest first; a service that cannot list them says so in the group. */
function backupsGroup(store: ResourceStore, filter: ViewFilter): ResourceNode {
  return optionalListingGroup(store, 'backup', {
    id: 'snapshots/backups',
    label: vscode.l10n.t('Backups'),
    icon: 'history',
    contextValue: groupRow.context('backups'),
    unsupported: () => vscode.l10n.t('This service does not list backups.'),
    rows: (listing) => listingNodes<Backup>({
      id: 'backups',
      listing: { ...listing, items: [...listing.items].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '')) },
      name: backupLabel,
      build: backupNode,
      ...(filter.name ? { nameFilter: filter.name } : {}),
      empty: vscode.l10n.t('No backups: they are taken of stacklets with automatic backups on.'),
    }),
  });
}

/** A backup has no name: it is known by the stacklet it was taken of and its date (the registry's name). */
const backupLabel = (b: Backup): string => kindSpec('backup').name(b);

function backupNode(b: Backup): ResourceNode {
  return lookNode(backupLook(b), { id: `backup/${b.id}`, resource: refTo('backup', b) });
}
