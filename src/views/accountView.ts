import * as vscode from 'vscode';
import type { SshKey, Stacklet } from '../api/schemas';
import { isLocalEmulator } from '../auth/accountPlace';
import { breakdown, total } from '../model/cost';
import { refTo } from '../kinds/registry';
import { costBucketLook, costTotalLook } from '../kinds/costRow';
import { groupRow } from '../kinds/groupRow';
import { limitLook, profileLook } from '../kinds/profile/row';
import { sshKeyLook } from '../kinds/sshKey/row';
import type { ResourceStore } from '../kinds/resourceStore';
import { describeError } from '../api/errorText';
import { listingNodes, optionalListingGroup } from './listing';
import { lookNode, messageNode, ResourceNode } from './resourceNode';
import { tagsGroup } from './tagsGroup';
import type { ViewSpec } from './resourceTreeProvider';

export const accountView: ViewSpec = {
  id: 'account',
  kinds: ['profile', 'sshKey', 'tag', 'stacklet'],
  async roots({ store, account }) {
    const profile = (await store.get('profile')).items[0]!;
    const nodes = [lookNode(profileLook(profile, account, isLocalEmulator(account)), { id: 'account/profile', resource: refTo('profile', profile) })];
    for (const [limit, value] of Object.entries(profile.limits)) nodes.push(lookNode(limitLook(limit, value), { id: `account/limit/${limit}` }));
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
  const breakdownNode = (by: 'region' | 'tag', label: string, keys: (s: Stacklet) => readonly string[], icon: string) => new ResourceNode({
    id: `account/cost/${by}`,
    label,
    icon: new vscode.ThemeIcon(icon),
    contextValue: groupRow.context('cost'),
    expanded: true,
    tooltip: by === 'tag' ? vscode.l10n.t('A stacklet with several tags counts under each of them.') : label,
    children: () => breakdown(stacklets, keys, '').map((bucket) => lookNode(
      costBucketLook(bucket.key === '' ? vscode.l10n.t('No tag') : bucket.key, bucket, icon),
      { id: `account/cost/${by}/${bucket.key}` },
    )),
  });
  return lookNode(costTotalLook(all), {
    id: 'account/cost',
    children: () => [
      breakdownNode('region', vscode.l10n.t('By region'), (s) => [s.region.slug], 'globe'),
      breakdownNode('tag', vscode.l10n.t('By tag'), (s) => s.tags, 'tag'),
    ],
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
  return lookNode(sshKeyLook(key), { id: `sshKey/${key.id}`, resource: refTo('sshKey', key) });
}
