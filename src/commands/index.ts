import * as vscode from 'vscode';
import { VIEW_IDS } from '../kinds/viewIds';
import { addNodePool } from './addNodePool';
import { addSshKey } from './addSshKey';
import { attachFirewall } from './attachFirewall';
import { attachVolume } from './attachVolume';
import { connectSsh } from './connectSsh';
import { copyAsCurl } from './copyAsCurl';
import { copyId, copyIp, copyName } from './copyResource';
import { createKubernetesCluster } from './createKubernetesCluster';
import { createLoadBalancer } from './createLoadBalancer';
import { createStacklet } from './createStacklet';
import { createVpc } from './createVpc';
import { deleteStacklet } from './deleteStacklet';
import { deleteUserdata } from './deleteUserdata';
import type { CommandHandler } from './deps';
import { detachVolume } from './detachVolume';
import { applyDocument } from './applyDocument';
import { applyAccountDocument } from './applyAccountDocument';
import { openAccountDocument } from './openAccountDocument';
import { openSelectionAsDocument } from './openSelectionAsDocument';
import { planAccountDocument } from './planAccountDocument';
import { showAccountDifferences } from './showAccountDifferences';
import { compareDocument } from './compareDocument';
import { createVolume } from './createVolume';
import { deleteBackup } from './deleteBackup';
import { deleteCluster } from './deleteCluster';
import { deleteFirewall } from './deleteFirewall';
import { deleteLoadBalancer } from './deleteLoadBalancer';
import { deleteNodePool } from './deleteNodePool';
import { deleteSnapshot } from './deleteSnapshot';
import { deleteSshKey } from './deleteSshKey';
import { deleteTag } from './deleteTag';
import { deleteVolume } from './deleteVolume';
import { deleteVpc } from './deleteVpc';
import { discardDraft } from './discardDraft';
import { editFirewall, newFirewall } from './editFirewall';
import { editLoadBalancer, newLoadBalancerDocument } from './editLoadBalancer';
import { editUserdata, newUserdata } from './editUserdata';
import { enablePrivateNetworking } from './enablePrivateNetworking';
import { goToResource } from './goToResource';
import { groupStacklets } from './groupStacklets';
import { openInRemoteWindow } from './openInRemoteWindow';
import { powerCycle } from './powerCycle';
import { powerOff } from './powerOff';
import { powerOn } from './powerOn';
import { rebuildStacklet } from './rebuildStacklet';
import { renameCluster } from './renameCluster';
import { renameFirewall } from './renameFirewall';
import { renameNodePool } from './renameNodePool';
import { renameSnapshot } from './renameSnapshot';
import { renameStacklet } from './renameStacklet';
import { renameVolume } from './renameVolume';
import { renameVpc } from './renameVpc';
import { resetEmulator } from './resetEmulator';
import { resetPassword } from './resetPassword';
import { resizeNodePool } from './resizeNodePool';
import { resizeStacklet } from './resizeStacklet';
import { resizeVolume } from './resizeVolume';
import { restoreStacklet } from './restoreStacklet';
import { showTasks } from './showTasks';
import { signIn } from './signIn';
import { signOut } from './signOut';
import { snapshotStacklet } from './snapshotStacklet';
import { switchAccount } from './switchAccount';
import { newTag } from './newTag';
import { tagStacklets } from './tagStacklets';
import { testConnection } from './testConnection';
import { transferSnapshot } from './transferSnapshot';
import { tryEmulator } from './tryEmulator';
import { untagStacklet } from './untagStacklet';
import { clearFilter, filterByName, filterByRegion, filterByTag, refreshAll, refreshView } from './viewCommands';
import { viewProperties } from './viewProperties';

/** Every command of package.json, by id: loaded when the first command runs (./register.ts). */
export function commandTable(): Record<string, CommandHandler> {
  const table: Record<string, CommandHandler> = {
    'stacklet.signIn': signIn,
    'stacklet.tryEmulator': tryEmulator,
    'stacklet.resetEmulator': resetEmulator,
    'stacklet.signOut': signOut,
    'stacklet.switchAccount': switchAccount,
    'stacklet.showAccount': () => vscode.commands.executeCommand('stacklet.account.focus'),
    'stacklet.showLog': (deps) => deps.log.show(true),
    'stacklet.testConnection': testConnection,
    'stacklet.refreshAll': refreshAll,
    'stacklet.goToResource': goToResource,
    'stacklet.stacklets.filterByTag': (deps, value?: string) => filterByTag(deps, value),
    'stacklet.stacklets.groupBy': groupStacklets,
    'stacklet.volumes.filterByRegion': (deps, value?: string) => filterByRegion(deps, value),
    'stacklet.viewProperties': viewProperties,
    'stacklet.copyId': copyId,
    'stacklet.copyName': copyName,
    'stacklet.copyIp': copyIp,
    'stacklet.copyAsCurl': copyAsCurl,
    'stacklet.editUserdata': editUserdata,
    'stacklet.newUserdata': newUserdata,
    'stacklet.deleteUserdata': deleteUserdata,
    'stacklet.addSshKey': addSshKey,
    'stacklet.deleteSshKey': deleteSshKey,
    'stacklet.connectSsh': connectSsh,
    'stacklet.openInRemoteWindow': openInRemoteWindow,
    // Stacklets
    'stacklet.createStacklet': createStacklet,
    'stacklet.resizeStacklet': resizeStacklet,
    'stacklet.rebuildStacklet': rebuildStacklet,
    'stacklet.enablePrivateNetworking': enablePrivateNetworking,
    'stacklet.snapshotStacklet': snapshotStacklet,
    'stacklet.tagStacklets': tagStacklets,
    'stacklet.newTag': newTag,
    'stacklet.deleteTag': deleteTag,
    'stacklet.attachFirewall': attachFirewall,
    'stacklet.resetPassword': resetPassword,
    'stacklet.powerOn': powerOn,
    'stacklet.powerOff': powerOff,
    'stacklet.powerCycle': powerCycle,
    'stacklet.renameStacklet': renameStacklet,
    'stacklet.restoreStacklet': restoreStacklet,
    'stacklet.deleteStacklet': deleteStacklet,
    'stacklet.untagStacklet': untagStacklet,
    'stacklet.addVolume': createVolume,
    // Volumes, snapshots, firewalls
    'stacklet.createVolume': createVolume,
    'stacklet.resizeVolume': resizeVolume,
    'stacklet.attachVolume': attachVolume,
    'stacklet.detachVolume': detachVolume,
    'stacklet.renameVolume': renameVolume,
    'stacklet.deleteVolume': deleteVolume,
    'stacklet.renameSnapshot': renameSnapshot,
    'stacklet.transferSnapshot': transferSnapshot,
    'stacklet.deleteSnapshot': deleteSnapshot,
    'stacklet.deleteBackup': deleteBackup,
    'stacklet.renameFirewall': renameFirewall,
    'stacklet.editFirewall': editFirewall,
    'stacklet.newFirewall': newFirewall,
    'stacklet.deleteFirewall': deleteFirewall,
    // Documents
    'stacklet.applyDocument': applyDocument,
    'stacklet.openAccountDocument': openAccountDocument,
    'stacklet.openSelectionAsDocument': openSelectionAsDocument,
    'stacklet.planAccountDocument': planAccountDocument,
    'stacklet.applyAccountDocument': applyAccountDocument,
    'stacklet.showAccountDifferences': showAccountDifferences,
    'stacklet.compareDocument': compareDocument,
    'stacklet.discardDraft': discardDraft,
    // Kubernetes
    'stacklet.createKubernetesCluster': createKubernetesCluster,
    'stacklet.renameCluster': renameCluster,
    'stacklet.deleteCluster': deleteCluster,
    'stacklet.renameNodePool': renameNodePool,
    'stacklet.resizeNodePool': resizeNodePool,
    'stacklet.addNodePool': addNodePool,
    'stacklet.deleteNodePool': deleteNodePool,
    // Networking
    'stacklet.createVpc': createVpc,
    'stacklet.createLoadBalancer': createLoadBalancer,
    'stacklet.editLoadBalancer': editLoadBalancer,
    'stacklet.newLoadBalancerDocument': newLoadBalancerDocument,
    'stacklet.deleteLoadBalancer': deleteLoadBalancer,
    'stacklet.renameVpc': renameVpc,
    'stacklet.deleteVpc': deleteVpc,
    'stacklet.showTasks': showTasks,
  };
  for (const view of VIEW_IDS) {
    table[`stacklet.${view}.refresh`] = (deps) => refreshView(deps, view);
    if (view !== 'account') {
      table[`stacklet.${view}.filterByName`] = (deps, value?: string) => filterByName(deps, view, value);
      table[`stacklet.${view}.clearFilter`] = (deps) => clearFilter(deps, view);
    }
  }
  return table;
}
