/** The stacklet kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { stackletPrice } from '../../model/cost';
import { publicIPv4 } from '../../model/format';
import { COMMON, named, regionFacts, same } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const stackletKind = {
  label: () => l10n.t('Stacklet'),
  key: same,
  name: named,
  address: (stacklet) => publicIPv4(stacklet.networks),
  list: (client, params, call) => client.listStacklets({ ...params, ...call }),
  get: (client, id, call) => client.getStacklet(Number(id), call),
  names: {
    volume: (stacklet) => (stacklet.volume_uuid ? [stacklet.volume_uuid] : []),
    firewall: (stacklet) => (stacklet.firewall_uuid ? [stacklet.firewall_uuid] : []),
    vpc: (stacklet) => (stacklet.vpc_uuid ? [stacklet.vpc_uuid] : []),
    snapshot: (stacklet) => stacklet.snapshot_ids,
  },
  tasks: {},
  invalidates: {
    afterCreate: (stacklet) => [
      ...(stacklet.firewall_uuid ? (['firewall'] as const) : []),
      ...(stacklet.vpc_uuid ? (['vpc'] as const) : []),
    ],
    afterTask: { snapshot: ['snapshot'] },
    afterDelete: (stacklet) => [
      'loadBalancer',
      ...(stacklet.volume_uuid ? (['volume'] as const) : []),
      ...(stacklet.firewall_uuid ? (['firewall'] as const) : []),
      ...(stacklet.vpc_uuid ? (['vpc'] as const) : []),
    ],
  },
  limit: { key: 'stacklets', plural: () => l10n.t('stacklets') },
  actions: [...COMMON, 'copyAsCurl', 'copyAddress', 'connectSsh', 'openInRemoteWindow', 'powerOn', 'powerOff', 'powerCycle', 'resize', 'rebuild', 'restore', 'resetPassword', 'enablePrivateNetworking', 'snapshot', 'rename', 'addVolume', 'tag', 'untag', 'newTag', 'attachFirewall', 'openAsDocument', 'delete'],
  bulk: ['powerOn', 'powerOff', 'powerCycle', 'resize', 'snapshot', 'tag', 'newTag', 'attachFirewall', 'delete', 'openAsDocument'],
  search: (stacklet) => ({
    addresses: [...stacklet.networks.v4, ...stacklet.networks.v6].map((network) => network.address),
    tags: stacklet.tags,
    regions: regionFacts(stacklet.region),
  }),
  monthly: (stacklet) => stackletPrice(stacklet)?.total,
} as const satisfies KindSpec<'stacklet'>;
