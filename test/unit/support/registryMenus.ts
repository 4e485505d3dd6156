// The registry of kinds against package.json's context menus, both ways (test/unit/packageManifest.test.ts runs
// it on the registry; test/unit/kindRecipe.test.ts on a kind being added, to show what it still lacks).
import type { Kind } from '../../../src/kinds/registry';

interface MenuEntry {
  command: string;
  when?: string;
}

/** The command of each action, by `kind.action`, or by `*.action` where every kind uses the same one. */
export const ACTION_COMMANDS: Readonly<Record<string, string>> = {
  '*.viewProperties': 'stacklet.viewProperties',
  '*.copyId': 'stacklet.copyId',
  '*.copyName': 'stacklet.copyName',
  '*.copyAddress': 'stacklet.copyIp',
  '*.copyAsCurl': 'stacklet.copyAsCurl',
  '*.openAsDocument': 'stacklet.openSelectionAsDocument',
  'stacklet.connectSsh': 'stacklet.connectSsh',
  'stacklet.openInRemoteWindow': 'stacklet.openInRemoteWindow',
  'stacklet.powerOn': 'stacklet.powerOn',
  'stacklet.powerOff': 'stacklet.powerOff',
  'stacklet.powerCycle': 'stacklet.powerCycle',
  'stacklet.resize': 'stacklet.resizeStacklet',
  'stacklet.rebuild': 'stacklet.rebuildStacklet',
  'stacklet.restore': 'stacklet.restoreStacklet',
  'stacklet.resetPassword': 'stacklet.resetPassword',
  'stacklet.enablePrivateNetworking': 'stacklet.enablePrivateNetworking',
  'stacklet.snapshot': 'stacklet.snapshotStacklet',
  'stacklet.rename': 'stacklet.renameStacklet',
  'stacklet.addVolume': 'stacklet.addVolume',
  'stacklet.tag': 'stacklet.tagStacklets',
  'stacklet.untag': 'stacklet.untagStacklet',
  'stacklet.attachFirewall': 'stacklet.attachFirewall',
  'stacklet.delete': 'stacklet.deleteStacklet',
  'volume.resize': 'stacklet.resizeVolume',
  'volume.attach': 'stacklet.attachVolume',
  'volume.detach': 'stacklet.detachVolume',
  'volume.rename': 'stacklet.renameVolume',
  'volume.delete': 'stacklet.deleteVolume',
  'snapshot.transfer': 'stacklet.transferSnapshot',
  'snapshot.rename': 'stacklet.renameSnapshot',
  'snapshot.delete': 'stacklet.deleteSnapshot',
  'backup.delete': 'stacklet.deleteBackup',
  'firewall.edit': 'stacklet.editFirewall',
  'firewall.rename': 'stacklet.renameFirewall',
  'firewall.delete': 'stacklet.deleteFirewall',
  'loadBalancer.edit': 'stacklet.editLoadBalancer',
  'loadBalancer.delete': 'stacklet.deleteLoadBalancer',
  'vpc.rename': 'stacklet.renameVpc',
  'vpc.delete': 'stacklet.deleteVpc',
  'cluster.rename': 'stacklet.renameCluster',
  'cluster.addNodePool': 'stacklet.addNodePool',
  'cluster.delete': 'stacklet.deleteCluster',
  'nodePool.rename': 'stacklet.renameNodePool',
  'nodePool.changeNodeCount': 'stacklet.resizeNodePool',
  'nodePool.delete': 'stacklet.deleteNodePool',
  'userdata.open': 'stacklet.editUserdata',
  'userdata.delete': 'stacklet.deleteUserdata',
  'sshKey.delete': 'stacklet.deleteSshKey',
  'stacklet.newTag': 'stacklet.newTag',
  'tag.delete': 'stacklet.deleteTag',
};
export const commandOf = (kind: string, action: string): string | undefined => ACTION_COMMANDS[`${kind}.${action}`] ?? ACTION_COMMANDS[`*.${action}`];

/**
 * The contextValues of each kind's rows when any action is possible (the views build them; the integration
 * tier's menu test derives them from the views' own functions).
 */
export const ROWS: Readonly<Record<Kind, readonly string[]>> = {
  stacklet: ['stacklet:active hasIp', 'stacklet:active hasIp hasTags', 'stacklet:off'],
  volume: ['volume:free', 'volume:attached'],
  snapshot: ['snapshot:ready'],
  backup: ['backup:ready'],
  firewall: ['firewall:ready'],
  loadBalancer: ['loadBalancer:active hasIp'],
  vpc: ['vpc:ready'],
  cluster: ['cluster:active hasIp'],
  nodePool: ['nodePool:active'],
  kubernetesNode: ['kubernetesNode:'],
  userdata: ['userdata:script'],
  sshKey: ['sshKey:ready'],
  tag: ['tag:ready'],
  container: ['container:family'],
  containerImage: ['containerImage:available'],
  address: ['address:public'],
  profile: ['profile:'],
};

/** The context-menu entries that name a row pattern. */
function rowMenus(menus: readonly MenuEntry[]): { command: string; item: RegExp }[] {
  return menus.flatMap((menu) => {
    const match = /viewItem =~ \/(.*?)\/(\s|$)/.exec(menu.when ?? '');
    return match ? [{ command: menu.command, item: new RegExp(match[1]!) }] : [];
  });
}

/** The kinds' rows as ROWS has them, or a problem for a kind it does not know. */
function rowsOf(kind: string, problems: string[]): readonly string[] {
  const rows = (ROWS as Readonly<Record<string, readonly string[]>>)[kind];
  if (!rows) problems.push(`${kind}: no contextValues of its rows in ROWS (test/unit/support/registryMenus.ts)`);
  return rows ?? [];
}

/** Every action a kind lists whose command is not in the context menu of that kind's rows. */
export function actionsMissingFromMenus(kinds: Readonly<Record<string, { readonly actions: readonly string[] }>>, commands: ReadonlySet<string>, menus: readonly MenuEntry[]): string[] {
  const problems: string[] = [];
  const entries = rowMenus(menus);
  for (const [kind, spec] of Object.entries(kinds)) {
    const rows = rowsOf(kind, problems);
    for (const action of spec.actions) {
      const command = commandOf(kind, action);
      if (!command) problems.push(`${kind}.${action}: no command named in ACTION_COMMANDS`);
      else if (!commands.has(command)) problems.push(`${kind}.${action}: ${command} is not contributed`);
      else if (!entries.some((menu) => menu.command === command && rows.some((row) => menu.item.test(row)))) problems.push(`${kind}.${action}: ${command} is in no context menu of a ${kind} row`);
    }
  }
  return problems;
}

/** Every command a kind's rows offer that is not the command of an action the kind lists. */
export function menusNotInRegistry(kinds: Readonly<Record<string, { readonly actions: readonly string[] }>>, menus: readonly MenuEntry[]): string[] {
  const problems: string[] = [];
  const entries = rowMenus(menus);
  for (const [kind, spec] of Object.entries(kinds)) {
    const rows = rowsOf(kind, problems);
    const listed = new Set(spec.actions.map((action) => commandOf(kind, action)));
    for (const menu of entries) {
      if (rows.some((row) => menu.item.test(row)) && !listed.has(menu.command)) problems.push(`${menu.command} on a ${kind} row, an action the registry does not list for ${kind}`);
    }
  }
  return [...new Set(problems)];
}
