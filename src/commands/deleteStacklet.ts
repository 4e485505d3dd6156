import * as vscode from 'vscode';
import type { ListingKind } from '../model/resourceKinds';
import { itemAction } from './action';
import { idleStacklets } from './idlePick';
import { askText } from './askText';

/** Delete: the user types the stacklet's exact name to confirm; the listings it appeared in are fetched again. */
export const deleteStacklet = itemAction<'stacklet', Record<string, never>, true>({
  kind: 'stacklet',
  pick: () => idleStacklets(vscode.l10n.t('Delete which stacklet?')),
  ask: async ({ item: stacklet }, deps) => {
    const typed = await askText(deps, {
      title: vscode.l10n.t('Delete {0}', stacklet.name),
      prompt: vscode.l10n.t('This destroys {0} and everything on its disk. Type its name to confirm.', stacklet.name),
      placeHolder: stacklet.name,
      validate: (text) => (text === stacklet.name ? undefined : vscode.l10n.t('Type {0} exactly to confirm the deletion', stacklet.name)),
    });
    return typed === stacklet.name ? {} : undefined;
  },
  send: async ({ client, item }) => {
    await client.deleteStacklet(item.id);
    return true as const;
  },
  settle: (_deps, { store, item: stacklet }) => {
    const related: ListingKind[] = ['stacklet', 'loadBalancer'];
    if (stacklet.volume_uuid) related.push('volume');
    if (stacklet.firewall_uuid) related.push('firewall');
    if (stacklet.vpc_uuid) related.push('vpc');
    store.invalidate(...related);
  },
  progress: (s) => vscode.l10n.t('Deleting {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not delete {0}', s.name),
  done: (s) => vscode.l10n.t('Deleted {0}.', s.name),
});
