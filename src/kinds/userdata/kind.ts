/** The userdata kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, byUuid, named } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const userdataKind = {
  label: () => l10n.t('Userdata script'),
  key: byUuid,
  name: named,
  list: (client, _params, call) => client.listUserdata(call),
  get: (client, id, call) => client.getUserdata(String(id), call),
  actions: [...COMMON, 'copyAsCurl', 'open', 'openAsDocument', 'delete'],
  bulk: ['delete', 'openAsDocument'],
  search: () => ({}),
} as const satisfies KindSpec<'userdata'>;
