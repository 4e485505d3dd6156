/** The profile kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const profileKind = {
  label: () => l10n.t('Account'),
  key: (profile) => profile.uuid,
  name: (profile) => profile.email || profile.uuid,
  list: async (client, _params, call) => ({ items: [await client.getProfile(call)], total: 1, pages: 1 }),
  actions: [...COMMON, 'copyAsCurl'],
} as const satisfies KindSpec<'profile'>;
