import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import type { Backup, Snapshot, Stacklet } from '../api/schemas';
import { isApiError } from '../api/errors';
import { formatBytes, shortTimestamp } from '../model/format';
import type { PickItem } from '../ui/prompter';
import { actionCommand } from './actionCommand';
import { idleStacklets } from './idlePick';
import { isBack } from './wizard';

function imageItem(image: Snapshot, description: string): PickItem<number> {
  const size = image.size_gigabytes !== undefined ? `${image.size_gigabytes} GB` : formatBytes(image.size);
  return {
    label: image.name,
    icon: 'device-camera',
    description,
    detail: [shortTimestamp(image.created_at), image.regions.join(', '), size].filter(Boolean).join(' · '),
    value: image.id,
  };
}

/** A backup has no name: it is labelled by the date it was taken. */
function backupItem(backup: Backup, stacklet: Stacklet): PickItem<number> {
  const of = backup.stacklet?.id === stacklet.id
    ? vscode.l10n.t('backup of this stacklet')
    : vscode.l10n.t('backup of {0}', backup.stacklet?.name ?? String(backup.stacklet?.id ?? '?'));
  return {
    label: shortTimestamp(backup.created_at) ?? vscode.l10n.t('Backup {0}', backup.id),
    icon: 'history',
    description: of,
    ...(backup.size_gigabytes !== undefined ? { detail: `${backup.size_gigabytes} GB` } : {}),
    value: backup.id,
  };
}

/** Newest first; a backup without a date last. */
const byDate = (a: Backup, b: Backup): number => (b.created_at ?? '').localeCompare(a.created_at ?? '');

/**
 * Restore: the stacklet's own snapshots first, then the account's other snapshots, then its backups by date
 * (a service without the backups listing just offers none). The disk is replaced, so the definition
 * (src/kinds/stacklet/operations.ts) has the stacklet's name typed to confirm.
 */
export const restoreStacklet = actionCommand<'stacklet', { from: number }>({
  kind: 'stacklet',
  action: 'restore',
  pick: () => idleStacklets(vscode.l10n.t('Restore which stacklet?')),
  input: async ({ item: stacklet, client, store }, deps) => {
    const [own, all, backups] = await Promise.all([
      client.listStackletSnapshots(stacklet.id),
      store.get('snapshot'),
      client.listBackups().catch((error: unknown) => {
        if (isApiError(error) && error.kind === 'unsupported') return undefined;
        throw error;
      }),
    ]);
    const ownIds = new Set(own.items.map((snapshot) => snapshot.id));
    const items = [
      ...own.items.map((snapshot) => imageItem(snapshot, vscode.l10n.t('snapshot of this stacklet'))),
      ...all.items.filter((snapshot) => !ownIds.has(snapshot.id)).map((snapshot) =>
        imageItem(snapshot, vscode.l10n.t('snapshot of {0}', snapshot.stacklet?.name ?? String(snapshot.stacklet?.id ?? '?')))),
      ...[...(backups?.items ?? [])].sort(byDate).map((backup) => backupItem(backup, stacklet)),
    ];
    if (items.length === 0) {
      void notify.info(vscode.l10n.t('There are no snapshots or backups to restore {0} from.', stacklet.name));
      return undefined;
    }
    const from = await deps.prompter.pick<number>({
      title: vscode.l10n.t('Restore {0}', stacklet.name),
      placeHolder: vscode.l10n.t('The snapshot or backup to restore {0} from', stacklet.name),
      items,
    });
    return from === undefined || isBack(from) ? undefined : { from };
  },
  // The snapshot or backup as the plan calls it (the resource it restores from, which stays).
  done: (s, { from }, plan) => vscode.l10n.t('Restoring {0} from {1}.', s.name, plan?.resources.find((resource) => resource.role === 'stays')?.name ?? String(from)),
});
