import * as vscode from 'vscode';
import type { Limit } from '../api/schemas';
import { cell } from '../model/format';
import { refTo } from '../model/resourceKinds';
import { markdown, ResourceNode } from './resourceNode';
import type { ViewSpec } from './resourceTreeProvider';

export const accountView: ViewSpec = {
  id: 'account',
  kinds: ['profile'],
  async roots({ store, account }) {
    const profile = (await store.get('profile')).items[0]!;
    const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
    const nodes = [
      new ResourceNode({
        id: 'account/profile',
        label: profile.email || profile.uuid,
        description: account.isEmulator ? vscode.l10n.t('local emulator') : name || undefined,
        icon: new vscode.ThemeIcon(account.isEmulator ? 'beaker' : 'account'),
        contextValue: 'profile:',
        resource: refTo('profile', profile),
        tooltip: () => markdown([
          `**$(account) ${cell(profile.email || profile.uuid)}**`, '', '| | |', '|---|---|',
          `| ${vscode.l10n.t('Name')} | ${cell(name || '—')} |`,
          `| ${vscode.l10n.t('Company')} | ${cell(profile.company || '—')} |`,
          `| ${vscode.l10n.t('API')} | ${cell(account.isEmulator ? vscode.l10n.t('local emulator (demo data)') : account.apiUrl)} |`,
          `| ${vscode.l10n.t('Verified')} | ${cell(profile.is_verified ? vscode.l10n.t('yes') : vscode.l10n.t('no'))} |`,
        ]),
      }),
    ];
    for (const [limit, value] of Object.entries(profile.limits)) nodes.push(limitNode(limit, value));
    return nodes;
  },
};

/** A limit as far as the service gave it: used and available, or either one alone. */
function limitNode(limit: string, { used, available }: Limit): ResourceNode {
  const full = used !== undefined && available !== undefined;
  const description = full
    ? vscode.l10n.t('{0} used / {1} available', used, available)
    : available !== undefined ? vscode.l10n.t('{0} available', available) : vscode.l10n.t('{0} used', used ?? '?');
  return new ResourceNode({
    id: `account/limit/${limit}`,
    label: limit,
    description,
    icon: new vscode.ThemeIcon(full && used >= available ? 'warning' : 'dashboard'),
    contextValue: 'limit:',
    accessibilityLabel: full ? vscode.l10n.t('{0}: {1} used of {2} available', limit, used, available) : `${limit}: ${description}`,
  });
}
