/** The address kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { KindSpec } from '../kindSpec';

export const addressKind = {
  label: () => l10n.t('IP address'),
  key: (address) => address.address,
  name: (address) => address.address,
  address: (address) => address.address,
  actions: ['copyAddress'],
} as const satisfies KindSpec<'address'>;
