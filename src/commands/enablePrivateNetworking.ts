import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import { stackletState } from '../model/format';
import { itemAction } from './action';

const hasPrivateNetworking = (stacklet: Stacklet) => stacklet.networks.v4.some((network) => network.type === 'private');

/** Enable Private Networking: only offered (and only sent) when the stacklet has no private network yet. */
export const enablePrivateNetworking = itemAction({
  kind: 'stacklet',
  pick: () => ({
    title: vscode.l10n.t('Enable private networking on which stacklet?'),
    accept: (s) => stackletState(s) !== 'busy' && !hasPrivateNetworking(s),
    none: vscode.l10n.t('Every stacklet already has private networking, or is busy.'),
  }),
  refuse: (s) => (hasPrivateNetworking(s) ? vscode.l10n.t('{0} already has private networking.', s.name) : undefined),
  send: ({ client, item }) => client.enablePrivateNetworking(item.id),
  progress: (s) => vscode.l10n.t('Enabling private networking on {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not enable private networking on {0}', s.name),
  done: (s) => vscode.l10n.t('Enabling private networking on {0}.', s.name),
});
