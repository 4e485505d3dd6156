/** The firewall kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, byUuid, named } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const firewallKind = {
  label: () => l10n.t('Firewall'),
  key: byUuid,
  name: named,
  list: (client, _params, call) => client.listFirewalls(call),
  get: (client, id, call) => client.getFirewall(String(id), call),
  known: {},
  names: { stacklet: (firewall) => firewall.resources?.stacklet_ids ?? [] },
  // A stacklet names its firewall.
  invalidates: {
    afterCreate: (firewall) => (firewall.resources.stacklet_ids.length > 0 ? ['stacklet'] : []),
    afterDelete: (firewall) => (firewall.resources.stacklet_ids.length > 0 ? ['stacklet'] : []),
    // A document's stacklet_ids attach and detach stacklets, whose rows show their firewall.
    afterEdit: ['stacklet'],
  },
  actions: [...COMMON, 'copyAsCurl', 'edit', 'rename', 'openAsDocument', 'delete'],
  bulk: ['delete', 'openAsDocument'],
  search: () => ({}),
} as const satisfies KindSpec<'firewall'>;
