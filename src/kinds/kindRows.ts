/**
 * Each kind's tree row (src/kinds/<kind>/row.ts): its icon, and the look its rows have. `satisfies` makes the
 * compiler ask a new kind for its row; the views, pickers and tests read them here. No vscode import.
 */
import { ADDRESS_ICON, addressLook } from './address/row';
import { BACKUP_ICON, backupLook } from './backup/row';
import { CLUSTER_ICON, clusterLook } from './cluster/row';
import { CONTAINER_ICON, containerLook } from './container/row';
import { CONTAINER_IMAGE_ICON, containerImageLook } from './containerImage/row';
import { FIREWALL_ICON, firewallLook } from './firewall/row';
import { KUBERNETES_NODE_ICON, kubernetesNodeLook } from './kubernetesNode/row';
import { LOAD_BALANCER_ICON, loadBalancerLook } from './loadBalancer/row';
import { NODE_POOL_ICON, nodePoolLook } from './nodePool/row';
import { PROFILE_ICON, profileLook } from './profile/row';
import type { Kind, KindItems } from './kindSpec';
import type { RowLook } from './rowLook';
import { SNAPSHOT_ICON, snapshotLook } from './snapshot/row';
import { SSH_KEY_ICON, sshKeyLook } from './sshKey/row';
import { STACKLET_ICON, stackletLook } from './stacklet/row';
import { TAG_ICON, tagLook } from './tag/row';
import { USERDATA_ICON, userdataLook } from './userdata/row';
import { VOLUME_ICON, volumeLook } from './volume/row';
import { VPC_ICON, vpcLook } from './vpc/row';

export interface KindRow<K extends Kind> {
  /** The kind's codicon, in pickers and wherever an item is named without its state. */
  readonly icon: string;
  /** An item's row; some kinds' rows need more than the item (a node pool its cluster), which the view passes. */
  readonly look: (item: KindItems[K], ...context: never[]) => RowLook;
}

export const KIND_ROWS = {
  stacklet: { icon: STACKLET_ICON, look: stackletLook },
  volume: { icon: VOLUME_ICON, look: volumeLook },
  snapshot: { icon: SNAPSHOT_ICON, look: snapshotLook },
  backup: { icon: BACKUP_ICON, look: backupLook },
  firewall: { icon: FIREWALL_ICON, look: firewallLook },
  loadBalancer: { icon: LOAD_BALANCER_ICON, look: loadBalancerLook },
  vpc: { icon: VPC_ICON, look: vpcLook },
  cluster: { icon: CLUSTER_ICON, look: clusterLook },
  nodePool: { icon: NODE_POOL_ICON, look: nodePoolLook },
  kubernetesNode: { icon: KUBERNETES_NODE_ICON, look: kubernetesNodeLook },
  userdata: { icon: USERDATA_ICON, look: userdataLook },
  sshKey: { icon: SSH_KEY_ICON, look: sshKeyLook },
  tag: { icon: TAG_ICON, look: tagLook },
  container: { icon: CONTAINER_ICON, look: containerLook },
  containerImage: { icon: CONTAINER_IMAGE_ICON, look: containerImageLook },
  address: { icon: ADDRESS_ICON, look: addressLook },
  profile: { icon: PROFILE_ICON, look: profileLook },
} as const satisfies { readonly [K in Kind]: KindRow<K> };

/** The codicon of `kind`. */
export function kindIcon(kind: Kind): string {
  return KIND_ROWS[kind].icon;
}
