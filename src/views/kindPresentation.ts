/**
 * What the edges add to each kind of the registry (src/kinds/registry.ts): the view that shows its items, and
 * what a picker row says besides the name (its icon is its row's: src/kinds/kindRows.ts). `satisfies` makes the
 * compiler ask for a new kind.
 */
import * as vscode from 'vscode';
import { formatBytes, shortTimestamp, stackletDescription, stackletState } from '../model/format';
import type { Kind, KindItems } from '../kinds/registry';
import type { ViewId } from './viewIds';
import { resourceCount, stateName } from '../kinds/rowWords';

export interface PickDetails {
  readonly description?: string;
  readonly detail?: string;
}

export interface Presentation<K extends Kind> {
  /** The view that shows items of this kind (nested kinds: their parent's view). */
  readonly view: ViewId;
  /** A picker row is the item's name; this tells two items apart. */
  readonly pick: (item: KindItems[K]) => PickDetails;
}

const sizeOf = (gigabytes: number | undefined, bytes: number | undefined) => (gigabytes !== undefined ? `${gigabytes} GB` : formatBytes(bytes));

export const PRESENTATION = {
  stacklet: {
    view: 'stacklets',
    pick: (stacklet) => ({ description: stackletDescription(stacklet), detail: stateName(stackletState(stacklet)) }),
  },
  volume: {
    view: 'volumes',
    pick: (volume) => ({
      description: [
        volume.region.slug,
        `${volume.size_gigabytes} GB`,
        volume.stacklet
          ? volume.stacklet.name ?? volume.stacklet.id
            ? vscode.l10n.t('on {0}', volume.stacklet.name ?? `#${volume.stacklet.id}`)
            : vscode.l10n.t('attached')
          : vscode.l10n.t('free'),
      ].join(' · '),
    }),
  },
  snapshot: {
    view: 'snapshots',
    pick: (snapshot) => ({ description: [snapshot.regions.join(', '), sizeOf(snapshot.size_gigabytes, snapshot.size)].join(' · ') }),
  },
  backup: {
    view: 'snapshots',
    pick: (backup) => ({ description: [shortTimestamp(backup.created_at), backup.size_gigabytes !== undefined ? `${backup.size_gigabytes} GB` : undefined].filter(Boolean).join(' · ') }),
  },
  firewall: {
    view: 'networking',
    pick: (firewall) => ({ description: vscode.l10n.t('{0} in · {1} out', firewall.inbound_rules.length, firewall.outbound_rules.length) }),
  },
  loadBalancer: {
    view: 'networking',
    pick: (lb) => ({ description: [lb.region?.slug, lb.ip].filter(Boolean).join(' · ') }),
  },
  vpc: {
    view: 'networking',
    pick: (vpc) => ({ description: [vpc.region?.slug, vpc.cidr].filter(Boolean).join(' · ') }),
  },
  cluster: {
    view: 'kubernetes',
    pick: (cluster) => ({ description: [cluster.region.slug, cluster.version.version ?? cluster.version.slug].join(' · ') }),
  },
  nodePool: {
    view: 'kubernetes',
    pick: (pool) => ({ description: vscode.l10n.t('{0} × {1}', pool.nodes.length, pool.size.slug) }),
  },
  kubernetesNode: {
    view: 'kubernetes',
    pick: (node) => (node.status ? { description: node.status } : {}),
  },
  userdata: {
    view: 'userdata',
    pick: (script) => {
      const lines = script.userdata.split('\n').length;
      return { description: lines === 1 ? vscode.l10n.t('1 line') : vscode.l10n.t('{0} lines', lines) };
    },
  },
  sshKey: {
    view: 'account',
    pick: (key) => (key.fingerprint ? { description: key.fingerprint } : {}),
  },
  tag: {
    view: 'account',
    pick: (tag) => (typeof tag.resources?.count === 'number' ? { description: resourceCount(tag.resources.count) } : {}),
  },
  container: {
    view: 'containers',
    pick: (family) => ({ description: family.images.length === 1 ? vscode.l10n.t('1 image') : vscode.l10n.t('{0} images', family.images.length) }),
  },
  containerImage: {
    view: 'containers',
    pick: (image) => (image.version ? { description: image.version } : {}),
  },
  address: {
    view: 'stacklets',
    pick: (address) => ({ description: vscode.l10n.t('{0} IP{1}', address.type, address.family) }),
  },
  profile: {
    view: 'account',
    pick: () => ({}),
  },
} satisfies { readonly [K in Kind]: Presentation<K> };

export function presentation<K extends Kind>(kind: K): Presentation<K> {
  return PRESENTATION[kind] as unknown as Presentation<K>;
}
