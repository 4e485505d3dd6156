import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import { stackletState } from '../model/format';
import { actionCommand } from './actionCommand';

const hasPrivateNetworking = (stacklet: Stacklet) => stacklet.networks.v4.some((network) => network.type === 'private');

/**
 * Enable Private Networking: only offered when the stacklet has no private network yet, and refused by its
 * definition (src/kinds/stacklet/operations.ts) when it has one. Choosing the command is the confirmation, as it
 * has always been: it adds an address, costs nothing and takes nothing away.
 */
export const enablePrivateNetworking = actionCommand({
  kind: 'stacklet',
  action: 'enablePrivateNetworking',
  confirm: 'prompt',
  pick: () => ({
    title: vscode.l10n.t('Enable private networking on which stacklet?'),
    accept: (s) => stackletState(s) !== 'busy' && !hasPrivateNetworking(s),
    none: vscode.l10n.t('Every stacklet already has private networking, or is busy.'),
  }),
});
