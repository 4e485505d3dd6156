/** The vpc kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, addresses, byUuid, named, regionFacts } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const vpcKind = {
  label: () => l10n.t('VPC'),
  key: byUuid,
  name: named,
  list: (client, _params, call) => client.listVpcs(call),
  get: (client, id, call) => client.getVpc(String(id), call),
  known: {},
  actions: [...COMMON, 'copyAsCurl', 'rename', 'openAsDocument', 'delete'],
  bulk: ['delete', 'openAsDocument'],
  search: (vpc) => ({ addresses: addresses(vpc.cidr), regions: regionFacts(vpc.region) }),
} as const satisfies KindSpec<'vpc'>;
