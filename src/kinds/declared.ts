/**
 * Every kind the account document holds (src/kinds/<kind>/declared.ts), in the order the document lists them and
 * creates them: what a kind refers to comes before it (a VPC, a key and a script before the stacklets made with
 * them; a stacklet before its volume, its firewall and its load balancer). Here, beside the kinds, so the document's framework
 * (src/documents/account/) never imports its plug-ins. No vscode import.
 */
import type { DeclaredKind } from '../documents/account/declaring';
import { clusterDeclared } from './cluster/declared';
import { firewallDeclared } from './firewall/declared';
import { loadBalancerDeclared } from './loadBalancer/declared';
import { snapshotDeclared } from './snapshot/declared';
import { sshKeyDeclared } from './sshKey/declared';
import { stackletDeclared } from './stacklet/declared';
import { tagDeclared } from './tag/declared';
import { userdataDeclared } from './userdata/declared';
import { volumeDeclared } from './volume/declared';
import { vpcDeclared } from './vpc/declared';

export const DECLARED_KINDS: readonly DeclaredKind[] = [
  vpcDeclared, sshKeyDeclared, tagDeclared, userdataDeclared, stackletDeclared, volumeDeclared, firewallDeclared, loadBalancerDeclared, snapshotDeclared, clusterDeclared,
] as readonly DeclaredKind[];
