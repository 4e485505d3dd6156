import * as vscode from 'vscode';
import type { Limit, SshKey } from '../api/schemas';
import { cell } from '../model/format';
import { refTo } from '../model/resourceKinds';
import type { ResourceStore } from '../model/resourceStore';
import { listingNodes, optionalListingGroup } from './listing';
import { markdown, ResourceNode } from './resourceNode';
import type { ViewSpec } from './resourceTreeProvider';

export const accountView: ViewSpec = {
  id: 'account',
  kinds: ['profile', 'sshKey'],
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
    nodes.push(sshKeysGroup(store));
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

/** The account's SSH keys with their fingerprints; a service that cannot list them says so in the group. */
function sshKeysGroup(store: ResourceStore): ResourceNode {
  return optionalListingGroup(store, 'sshKey', {
    id: 'account/sshKeys',
    label: vscode.l10n.t('SSH Keys'),
    icon: 'key',
    contextValue: 'group:sshKeys',
    expanded: true,
    unsupported: () => vscode.l10n.t('This service does not list SSH keys.'),
    rows: (listing) => listingNodes<SshKey>({
      id: 'sshKeys',
      listing,
      name: (key) => key.name,
      build: sshKeyNode,
      empty: vscode.l10n.t('No SSH keys: add one to log in to new stacklets without a password.'),
    }),
  });
}

function sshKeyNode(key: SshKey): ResourceNode {
  const type = key.public_key?.split(/\s+/)[0];
  return new ResourceNode({
    id: `sshKey/${key.id}`,
    label: key.name,
    ...(key.fingerprint ? { description: key.fingerprint } : {}),
    icon: new vscode.ThemeIcon('key'),
    contextValue: 'sshKey:ready',
    resource: refTo('sshKey', key),
    tooltip: () => markdown([
      `**$(key) ${cell(key.name)}**`, '', '| | |', '|---|---|',
      `| ${vscode.l10n.t('Fingerprint')} | ${cell(key.fingerprint ?? '—')} |`,
      ...(type ? [`| ${vscode.l10n.t('Type')} | ${cell(type)} |`] : []),
      `| ${vscode.l10n.t('Added')} | ${cell(key.created_at ?? '—')} |`,
      `| ID | ${cell(key.id)} |`,
    ]),
  });
}
