import * as vscode from 'vscode';
import type { Limit, SshKey, Stacklet } from '../api/schemas';
import { isLocalEmulator } from '../auth/localAccounts';
import { breakdown, formatMonthly, notEstimatedWords, total, type CostBucket } from '../model/cost';
import { cell } from '../model/format';
import { refTo } from '../kinds/registry';
import { groupRow } from '../kinds/groupRow';
import { profileRow } from '../kinds/profile/row';
import { sshKeyRow } from '../kinds/sshKey/row';
import type { ResourceStore } from '../model/resourceStore';
import { describeError } from '../model/errorText';
import { listingNodes, optionalListingGroup } from './listing';
import { markdown, messageNode, ResourceNode } from './resourceNode';
import { tagsGroup } from './tagsGroup';
import { stackletCount } from './words';
import type { ViewSpec } from './resourceTreeProvider';

export const accountView: ViewSpec = {
  id: 'account',
  kinds: ['profile', 'sshKey', 'tag', 'stacklet'],
  async roots({ store, account }) {
    const profile = (await store.get('profile')).items[0]!;
    const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
    const emulator = isLocalEmulator(account);
    const nodes = [
      new ResourceNode({
        id: 'account/profile',
        label: profile.email || profile.uuid,
        description: emulator ? vscode.l10n.t('local emulator') : name || undefined,
        icon: new vscode.ThemeIcon(emulator ? 'beaker' : 'account'),
        contextValue: profileRow.context(''),
        resource: refTo('profile', profile),
        tooltip: () => markdown([
          `**$(account) ${cell(profile.email || profile.uuid)}**`, '', '| | |', '|---|---|',
          `| ${vscode.l10n.t('Name')} | ${cell(name || '—')} |`,
          `| ${vscode.l10n.t('Company')} | ${cell(profile.company || '—')} |`,
          `| ${vscode.l10n.t('API')} | ${cell(account.isEmulator ? vscode.l10n.t('local emulator (demo data)') : emulator ? vscode.l10n.t('local emulator at {0}', account.apiUrl) : account.apiUrl)} |`,
          `| ${vscode.l10n.t('Verified')} | ${cell(profile.is_verified ? vscode.l10n.t('yes') : vscode.l10n.t('no'))} |`,
        ]),
      }),
    ];
    for (const [limit, value] of Object.entries(profile.limits)) nodes.push(limitNode(limit, value));
    nodes.push(sshKeysGroup(store));
    nodes.push(tagsGroup(store));
    nodes.push(await costNode(store));
    return nodes;
  },
};

/**
 * The account's estimated monthly cost: its stacklets' sizes and images (src/model/cost.ts), by region and by
 * tag. What the service gives no price for is said, not guessed.
 */
async function costNode(store: ResourceStore): Promise<ResourceNode> {
  let stacklets: Stacklet[];
  try {
    stacklets = (await store.get('stacklet')).items;
  } catch (error) {
    return messageNode('account/cost', vscode.l10n.t('The monthly estimate needs the stacklets, which could not be listed: {0}', describeError(error)), 'warning');
  }
  const all = total(stacklets);
  const about = vscode.l10n.t('An estimate in US dollars, not a bill: each stacklet\'s size price plus its image\'s extra price, whether it is on or off. Volumes, snapshots, backups, load balancers, Kubernetes clusters and bandwidth are not included.');
  const unpriced = (bucket: CostBucket) => notEstimatedWords(bucket.unpriced);
  const row = (id: string, label: string, bucket: CostBucket, icon: string) => new ResourceNode({
    id,
    label,
    description: [formatMonthly(bucket.dollars), stackletCount(bucket.count), unpriced(bucket)].filter(Boolean).join(' · '),
    icon: new vscode.ThemeIcon(icon),
    contextValue: 'cost:',
    accessibilityLabel: vscode.l10n.t('{0}: estimated {1} a month for {2} stacklets', label, formatMonthly(bucket.dollars), bucket.count),
  });
  const breakdownNode = (by: 'region' | 'tag', label: string, keys: (s: Stacklet) => readonly string[], icon: string) => new ResourceNode({
    id: `account/cost/${by}`,
    label,
    icon: new vscode.ThemeIcon(icon),
    contextValue: groupRow.context('cost'),
    expanded: true,
    tooltip: by === 'tag' ? vscode.l10n.t('A stacklet with several tags counts under each of them.') : label,
    children: () => breakdown(stacklets, keys, '').map((bucket) => row(
      `account/cost/${by}/${bucket.key}`,
      bucket.key === '' ? vscode.l10n.t('No tag') : bucket.key,
      bucket,
      icon,
    )),
  });
  return new ResourceNode({
    id: 'account/cost',
    label: vscode.l10n.t('Estimated monthly cost'),
    description: [vscode.l10n.t('{0} (estimate, US dollars)', formatMonthly(all.dollars)), unpriced(all)].filter(Boolean).join(' · '),
    icon: new vscode.ThemeIcon('credit-card'),
    contextValue: 'cost:',
    tooltip: () => markdown([`**$(credit-card) ${vscode.l10n.t('Estimated monthly cost')}: ${cell(formatMonthly(all.dollars))}**`, '', cell(about)]),
    accessibilityLabel: vscode.l10n.t('Estimated monthly cost: {0} for {1} stacklets, an estimate in US dollars', formatMonthly(all.dollars), all.count),
    children: () => [
      breakdownNode('region', vscode.l10n.t('By region'), (s) => [s.region.slug], 'globe'),
      breakdownNode('tag', vscode.l10n.t('By tag'), (s) => s.tags, 'tag'),
    ],
  });
}

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
    contextValue: groupRow.context('sshKeys'),
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
    contextValue: sshKeyRow.context('ready'),
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
