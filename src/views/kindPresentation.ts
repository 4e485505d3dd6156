/**
 * What the edges add to each kind of the registry (src/kinds/registry.ts): the view that shows its items, and
 * what a picker row says besides the name (its icon is its row's: src/kinds/kindRows.ts). `satisfies` makes the
 * compiler ask for a new kind.
 */
import * as vscode from 'vscode';
import { formatBytes, shortTimestamp, stackletDescription, stackletState } from '../model/format';
import type { Kind, KindItems } from '../kinds/registry';
import { containerDescription } from '../kinds/container/row';
import { firewallRuleCounts } from '../kinds/firewall/row';
import { nodePoolDescription } from '../kinds/nodePool/row';
import { userdataDescription } from '../kinds/userdata/row';
import { volumeDescription } from '../kinds/volume/row';
import type { ViewId } from '../kinds/viewIds';
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
    pick: (volume) => ({ description: volumeDescription(volume) }),
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
    pick: (firewall) => ({ description: firewallRuleCounts(firewall) }),
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
    pick: (pool) => ({ description: nodePoolDescription(pool) }),
  },
  kubernetesNode: {
    view: 'kubernetes',
    pick: (node) => (node.status ? { description: node.status } : {}),
  },
  userdata: {
    view: 'userdata',
    pick: (script) => ({ description: userdataDescription(script) }),
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
    pick: (family) => ({ description: containerDescription(family) }),
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
