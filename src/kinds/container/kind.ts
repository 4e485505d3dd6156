/** The container kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, named } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const containerKind = {
  label: () => l10n.t('Container image family'),
  key: named,
  name: named,
  list: (client, _params, call) => client.listContainers(call),
  actions: [...COMMON, 'copyAsCurl'],
  search: () => ({}),
} as const satisfies KindSpec<'container'>;
