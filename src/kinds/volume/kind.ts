/** The volume kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, named, regionFacts, same } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const volumeKind = {
  label: () => l10n.t('Volume'),
  key: same,
  name: named,
  list: (client, params, call) => client.listVolumes({ ...(params.region ? { region: params.region } : {}), ...call }),
  get: (client, id, call) => client.getVolume(String(id), call),
  names: { stacklet: (volume) => (typeof volume.stacklet?.id === 'number' ? [volume.stacklet.id] : []) },
  tasks: {},
  invalidates: { afterCreate: () => ['stacklet'], afterTask: { create: ['stacklet'], attach: ['stacklet'], detach: ['stacklet'] } },
  limit: { key: 'volumes', plural: () => l10n.t('volumes') },
  actions: [...COMMON, 'copyAsCurl', 'resize', 'attach', 'detach', 'rename', 'openAsDocument', 'delete'],
  bulk: ['delete', 'openAsDocument'],
  search: (volume) => ({ regions: regionFacts(volume.region) }),
} as const satisfies KindSpec<'volume'>;
