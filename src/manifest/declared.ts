/**
 * Everything `npm run manifest` writes into package.json, gathered: the commands of no kind, then each kind's
 * actions in the registry's order. Adding a kind to the registry makes the compiler ask for its actions here.
 * No vscode import.
 */
import { WRITE_TOOLS } from '../kinds/operations';
import { READ_TOOLS } from '../agent/readTools';
import { WRITE_ANSWERS } from '../actions/writeTool';
import { ACCOUNT_READ_TOOLS, APPLY_ACCOUNT } from '../kinds/accountTools';
import { addressActions } from '../kinds/address/actions';
import { backupActions } from '../kinds/backup/actions';
import { clusterActions } from '../kinds/cluster/actions';
import { COMMANDS } from '../kinds/commands';
import { containerActions } from '../kinds/container/actions';
import { containerImageActions } from '../kinds/containerImage/actions';
import type { KindActions } from '../kinds/declarations';
import { firewallActions } from '../kinds/firewall/actions';
import type { Kind } from '../kinds/kindSpec';
import { kubernetesNodeActions } from '../kinds/kubernetesNode/actions';
import { loadBalancerActions } from '../kinds/loadBalancer/actions';
import { nodePoolActions } from '../kinds/nodePool/actions';
import { profileActions } from '../kinds/profile/actions';
import { KINDS } from '../kinds/registry';
import { snapshotActions } from '../kinds/snapshot/actions';
import { sshKeyActions } from '../kinds/sshKey/actions';
import { stackletActions } from '../kinds/stacklet/actions';
import { tagActions } from '../kinds/tag/actions';
import { userdataActions } from '../kinds/userdata/actions';
import { volumeActions } from '../kinds/volume/actions';
import { vpcActions } from '../kinds/vpc/actions';
import type { Declared } from './generate';
import type { ToolManifestSpec } from './lmTools';

export const KIND_ACTIONS: { readonly [K in Kind]: KindActions<K> } = {
  stacklet: stackletActions,
  volume: volumeActions,
  snapshot: snapshotActions,
  backup: backupActions,
  firewall: firewallActions,
  loadBalancer: loadBalancerActions,
  vpc: vpcActions,
  cluster: clusterActions,
  nodePool: nodePoolActions,
  kubernetesNode: kubernetesNodeActions,
  userdata: userdataActions,
  sshKey: sshKeyActions,
  tag: tagActions,
  container: containerActions,
  containerImage: containerImageActions,
  address: addressActions,
  profile: profileActions,
};

export const DECLARED: Declared = {
  commands: COMMANDS,
  kinds: (Object.keys(KINDS) as Kind[]).map((kind) => KIND_ACTIONS[kind] as KindActions),
  bulk: (kind, action) => ((KINDS[kind] as { bulk?: readonly string[] }).bulk ?? []).includes(action),
  writeTools: WRITE_TOOLS,
};

/**
 * The tools package.json's languageModelTools describe by their specs (their entries written by hand): the read
 * tools and the account document's apply, which, as the write tools, says after its description how it answers
 * (VS Code gives a model no server's instructions); the write tools' entries are written whole from the action
 * catalog (DECLARED.writeTools, ./generate.ts).
 */
export const TOOL_SPECS: readonly ToolManifestSpec[] = [
  ...[...READ_TOOLS, ...ACCOUNT_READ_TOOLS].map(({ spec }) => spec),
  { ...APPLY_ACCOUNT, description: `${APPLY_ACCOUNT.description}\n${WRITE_ANSWERS}` },
];
