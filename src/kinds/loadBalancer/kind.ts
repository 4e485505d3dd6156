/** The loadBalancer kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, addresses, byUuid, named, regionFacts } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const loadBalancerKind = {
  label: () => l10n.t('Load balancer'),
  key: byUuid,
  name: named,
  address: (lb) => lb.ip ?? undefined,
  list: (client, _params, call) => client.listLoadBalancers(call),
  get: (client, id, call) => client.getLoadBalancer(String(id), call),
  names: { stacklet: (lb) => lb.stacklet_ids ?? [] },
  tasks: {},
  actions: [...COMMON, 'copyAsCurl', 'copyAddress', 'edit', 'delete'],
  bulk: ['delete'],
  search: (lb) => ({ addresses: addresses(lb.ip), regions: regionFacts(lb.region) }),
} as const satisfies KindSpec<'loadBalancer'>;
