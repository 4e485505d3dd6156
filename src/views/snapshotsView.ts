import * as vscode from 'vscode';
import type { Backup, Snapshot } from '../api/schemas';
import { cell, formatBytes } from '../model/format';
import { kindSpec, refTo } from '../kinds/registry';
import { backupRow } from '../kinds/backup/row';
import { groupRow } from '../kinds/groupRow';
import { snapshotRow } from '../kinds/snapshot/row';
import type { ResourceStore } from '../model/resourceStore';
import { stateIcon } from './icons';
import { listingNodes, optionalListingGroup } from './listing';
import { markdown, ResourceNode } from './resourceNode';
import type { ViewFilter, ViewSpec } from './resourceTreeProvider';
import { stateName } from './words';
import { progressText } from '../tasks/taskText';

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
  const size = s.size_gigabytes !== undefined ? `${s.size_gigabytes} GB` : formatBytes(s.size);
  return new ResourceNode({
    id: `${idPrefix}/${s.id}`,
    label: s.name,
    description: [s.regions.join(', '), size].filter(Boolean).join(' · '),
    icon: s.task ? stateIcon('busy') : new vscode.ThemeIcon('device-camera'),
    ...(s.task ? { state: stateName('busy') } : {}),
    contextValue: snapshotRow.context(s.task ? 'busy' : 'ready'),
    resource: refTo('snapshot', s),
    tooltip: () => markdown([
      `**$(device-camera) ${cell(s.name)}**`, '', '| | |', '|---|---|',
      `| ${vscode.l10n.t('Regions')} | ${cell(s.regions.join(', '))} |`,
      `| ${vscode.l10n.t('Size')} | ${cell(size)} |`,
      `| ${vscode.l10n.t('From stacklet')} | ${cell(s.stacklet?.name ?? s.stacklet?.id)} |`,
      `| ${vscode.l10n.t('Created')} | ${cell(s.created_at)} |`,
      ...(s.task ? [`| ${vscode.l10n.t('Task')} | ${cell(progressText(s.task))} |`] : []),
      `| ID | ${cell(s.id)} |`,
    ]),
  });
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
  const size = b.size_gigabytes !== undefined ? `${b.size_gigabytes} GB` : undefined;
  return new ResourceNode({
    id: `backup/${b.id}`,
    label: backupLabel(b),
    ...(size ? { description: size } : {}),
    icon: b.task ? stateIcon('busy') : new vscode.ThemeIcon('history'),
    ...(b.task ? { state: stateName('busy') } : {}),
    contextValue: backupRow.context(b.task ? 'busy' : 'ready'),
    resource: refTo('backup', b),
    tooltip: () => markdown([
      `**$(history) ${cell(backupLabel(b))}**`, '', '| | |', '|---|---|',
      `| ${vscode.l10n.t('From stacklet')} | ${cell(b.stacklet?.name ?? b.stacklet?.id)} |`,
      `| ${vscode.l10n.t('Created')} | ${cell(b.created_at)} |`,
      ...(size ? [`| ${vscode.l10n.t('Size')} | ${cell(size)} |`] : []),
      `| ID | ${cell(b.id)} |`,
    ]),
  });
}
