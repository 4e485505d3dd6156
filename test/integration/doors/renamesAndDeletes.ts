// Doors table rows: the renames (a stacklet's, a snapshot's, a firewall's, a VPC's, a cluster's) and the deletions
// (a snapshot's and a cluster's by the name typed, a backup's by its ID typed; a VPC's, an SSH key's, a load
// balancer's and a userdata script's by a question whose first answer is Keep). Each row works on resources of its
// own, made around the extension: a rename's is named back before each door; a deletion's is made anew before each.
import type { Backup } from '../../../src/api/schemas';
import { kindSpec, type ListedKind, type TaskKind } from '../../../src/kinds/registry';
import type { ViewId } from '../../../src/kinds/viewIds';
import { control } from '../emulatorAccess';
import type { DoorKit, DoorRow, Prepared } from './row';

/** A resource as its listing gives it: a number or a uuid, and a name. */
interface Item {
  id?: number | string;
  uuid?: string;
  name: string;
}

const keyOf = (item: Item) => (item.uuid ?? item.id)!;

/** How a kind is reached around the extension: its listing, its address, and where the tasks on it are read. */
interface KindAccess {
  readonly listed: ListedKind;
  readonly view: ViewId;
  /** The listing's path and the key of its array. */
  readonly list: readonly [path: string, key: string];
  /** The item's path and the key it is answered under, for what runs tasks. */
  readonly task?: readonly [kind: TaskKind, path: string, key: string];
}

const items = async <T extends Item>(kit: DoorKit, access: KindAccess) => (await kit.get<Record<string, T[]>>(`${access.list[0]}?per_page=200`))[access.list[1]]!;
const named = async <T extends Item>(kit: DoorKit, access: KindAccess, name: string) => (await items<T>(kit, access)).find((item) => item.name === name);

/** Waits for no task to run on the item (nothing to wait for on a kind without tasks). */
async function idle(kit: DoorKit, access: KindAccess, item: Item): Promise<void> {
  if (access.task) await kit.idle(access.task[0], keyOf(item), `${access.task[1]}/${keyOf(item)}`, access.task[2]);
}

const STACKLETS: KindAccess = { listed: 'stacklet', view: 'stacklets', list: ['/v1/stacklets', 'stacklets'], task: ['stacklet', '/v1/stacklets', 'stacklet'] };
const SNAPSHOTS: KindAccess = { listed: 'snapshot', view: 'snapshots', list: ['/v1/snapshots', 'snapshots'], task: ['snapshot', '/v1/snapshots', 'snapshot'] };
const FIREWALLS: KindAccess = { listed: 'firewall', view: 'networking', list: ['/v1/firewalls', 'firewalls'] };
const VPCS: KindAccess = { listed: 'vpc', view: 'networking', list: ['/v1/vpcs', 'vpcs'] };
const CLUSTERS: KindAccess = { listed: 'cluster', view: 'kubernetes', list: ['/v1/kubernetes', 'kubernetes_clusters'], task: ['cluster', '/v1/kubernetes', 'kubernetes'] };
const SSH_KEYS: KindAccess = { listed: 'sshKey', view: 'account', list: ['/v1/ssh_keys', 'ssh_keys'] };
const LOAD_BALANCERS: KindAccess = { listed: 'loadBalancer', view: 'networking', list: ['/v1/load_balancers', 'load_balancers'], task: ['loadBalancer', '/v1/load_balancers', 'load_balancer'] };
const USERDATA: KindAccess = { listed: 'userdata', view: 'userdata', list: ['/v1/userdata', 'userdata'] };

const BASE = 'doors-base';

/**
 * The rows' own stacklet (fra, which offers volumes), made once around the extension and idle: the snapshots are
 * taken of it, the backup and the new volume made on it.
 */
export async function baseStacklet(kit: DoorKit): Promise<{ id: number; name: string }> {
  if (!(await named(kit, STACKLETS, BASE))) await MAKE.stacklet!(kit, BASE);
  await idle(kit, STACKLETS, (await named(kit, STACKLETS, BASE))!);
  return (await named<{ id: number; name: string }>(kit, STACKLETS, BASE))!;
}

/** A snapshot `name` of the rows' stacklet, taken around the extension (a task on the stacklet). */
async function takeSnapshot(kit: DoorKit, name: string): Promise<void> {
  const base = await baseStacklet(kit);
  await kit.change('POST', `/v1/stacklets/${base.id}`, { action: 'snapshot', name });
  await idle(kit, STACKLETS, base);
}

// Each VPC its own range: the service refuses one that overlaps another of its region (vpc.ts's is 10.77.0.0/16).
const VPC_RANGES: Readonly<Record<string, string>> = { 'doors-named-vpc': '10.78.0.0/16', 'doors-gone-vpc': '10.79.0.0/16' };

const CLUSTER = (name: string) => ({ name, version: '1.29.6-00', region: 'ams', node_pool: { name: `${name}-pool`, size: 'b-2vcpu-4gb', count: 1 } });

/** How a kind's item `name` is made around the extension. */
const MAKE: Partial<Record<ListedKind, (kit: DoorKit, name: string) => Promise<void>>> = {
  stacklet: (kit, name) => kit.change('POST', '/v1/stacklets', { name, region: 'fra', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64' }),
  snapshot: takeSnapshot,
  firewall: (kit, name) => kit.change('POST', '/v1/firewalls', { name, inbound_rules: [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }], outbound_rules: [] }),
  vpc: (kit, name) => kit.change('POST', '/v1/vpcs', { name, region: 'ams', cidr: VPC_RANGES[name] }),
  cluster: (kit, name) => kit.change('POST', '/v1/kubernetes', CLUSTER(name)),
  // A public half made with ssh-keygen for these tests (no private key exists anywhere).
  sshKey: (kit, name) => kit.change('POST', '/v1/ssh_keys', { name, public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBPYK0Br1ZhTtRzMOHasIfRT7MsMB8wQLzzn2x/HIMVL doors@ed25519' }),
  loadBalancer: (kit, name) => kit.change('POST', '/v1/load_balancers', {
    name, region: 'ams', algorithm: 'round_robin',
    rules: [{ protocol: 'tcp', source_port: 6379, target_port: 6379 }],
    health: { protocol: 'tcp', port: 6379, interval: 10, rise: 3, fall: 3 },
  }),
  userdata: (kit, name) => kit.change('POST', '/v1/userdata', { name, userdata: '#!/bin/sh\necho doors\n' }),
};

/** The item `name` made around the extension and idle. */
async function make(kit: DoorKit, access: KindAccess, name: string): Promise<Item> {
  await MAKE[access.listed]!(kit, name);
  const made = (await named(kit, access, name))!;
  await idle(kit, access, made);
  return made;
}

/**
 * A rename of the row's own `from`, to `to`, with the request the service gets: `rename` names it back around the
 * extension before each door. The new name typed is the confirmation: no other question.
 */
function renameRow(access: KindAccess, command: string, from: string, to: string, [method, route]: readonly [string, string], body: (name: string) => Record<string, unknown>): DoorRow {
  return {
    tool: `stacklet_manage_${access.listed}`,
    action: 'rename',
    command,
    prepare: async (kit): Promise<Prepared> => {
      let item = (await named(kit, access, from)) ?? (await named(kit, access, to)) ?? (await make(kit, access, from));
      // A rename that is a task changes the name when it ends: the name is read once it has.
      await idle(kit, access, item);
      item = (await items(kit, access)).find((other) => keyOf(other) === keyOf(item))!;
      if (item.name === to) {
        await kit.change(method, `${access.list[0]}/${keyOf(item)}`, body(from));
        await idle(kit, access, item);
      }
      await kit.invalidate(access.listed);
      return { input: { id: keyOf(item), name: to }, args: async () => [await kit.node(access.view, access.listed, from)], script: [{ input: to }] };
    },
    sends: () => [[method, route, body(to)]],
  };
}

/**
 * A deletion of an item `name` made anew around the extension before each door (the door before deleted its own):
 * by the name typed, for what destroys data, else by a question whose first answer, Keep, is the default.
 */
function deleteRow(access: KindAccess, command: string, name: string, route: string, typed: boolean): DoorRow {
  return {
    tool: `stacklet_manage_${access.listed}`,
    action: 'delete',
    command,
    prepare: async (kit): Promise<Prepared> => {
      const left = await named(kit, access, name);
      if (left) {
        await idle(kit, access, left);
        await kit.change('DELETE', `${access.list[0]}/${keyOf(left)}`);
      }
      const item = await make(kit, access, name);
      await kit.invalidate(access.listed);
      const args = async () => [await kit.node(access.view, access.listed, name)];
      return typed ? { input: { id: keyOf(item) }, args, script: [{ input: name }], typed: name } : { input: { id: keyOf(item) }, args, script: [{ choose: 'Delete' }] };
    },
    // The emulator records a DELETE without a body as {}.
    sends: () => [['DELETE', route, {}]],
  };
}

export const ROWS: readonly DoorRow[] = [
  renameRow(STACKLETS, 'stacklet.renameStacklet', 'doors-named', 'doors-renamed', ['POST', '/v1/stacklets/:id'], (name) => ({ action: 'rename', name })),
  renameRow(SNAPSHOTS, 'stacklet.renameSnapshot', 'doors-named-snap', 'doors-renamed-snap', ['POST', '/v1/snapshots/:id'], (name) => ({ action: 'rename', name })),
  renameRow(FIREWALLS, 'stacklet.renameFirewall', 'doors-named-fw', 'doors-renamed-fw', ['PUT', '/v1/firewalls/:uuid'], (name) => ({ name })),
  renameRow(VPCS, 'stacklet.renameVpc', 'doors-named-vpc', 'doors-renamed-vpc', ['PUT', '/v1/vpcs/:uuid'], (name) => ({ name })),
  renameRow(CLUSTERS, 'stacklet.renameCluster', 'doors-named-k8s', 'doors-renamed-k8s', ['PUT', '/v1/kubernetes/:uuid'], (name) => ({ name })),
  deleteRow(SNAPSHOTS, 'stacklet.deleteSnapshot', 'doors-gone-snap', '/v1/snapshots/:id', true),
  deleteRow(VPCS, 'stacklet.deleteVpc', 'doors-gone-vpc', '/v1/vpcs/:uuid', false),
  deleteRow(CLUSTERS, 'stacklet.deleteCluster', 'doors-gone-k8s', '/v1/kubernetes/:uuid', true),
  deleteRow(SSH_KEYS, 'stacklet.deleteSshKey', 'doors-gone-key', '/v1/ssh_keys/:id', false),
  deleteRow(LOAD_BALANCERS, 'stacklet.deleteLoadBalancer', 'doors-gone-lb', '/v1/load_balancers/:uuid', false),
  deleteRow(USERDATA, 'stacklet.deleteUserdata', 'doors-gone-script', '/v1/userdata/:uuid', false),
  {
    tool: 'stacklet_manage_backup',
    action: 'delete',
    command: 'stacklet.deleteBackup',
    prepare: async (kit) => {
      // The service takes backups on its schedule and has no route to take one: the emulator's control takes one
      // of the rows' stacklet for each door. A backup has no name: its ID typed confirms.
      const base = await baseStacklet(kit);
      const { backup } = await control<{ backup: { id: number } }>('/_emulator/backups', { email: kit.email, stacklet_id: base.id });
      await kit.invalidate('backup');
      const listed = (await kit.get<{ backups: Backup[] }>('/v1/backups?per_page=200')).backups.find((b) => b.id === backup.id)!;
      const name = kindSpec('backup').name(listed);
      return { input: { id: backup.id }, args: async () => [await kit.node('snapshots', 'backup', name)], script: [{ input: String(backup.id) }], typed: String(backup.id) };
    },
    sends: () => [['DELETE', '/v1/backups/:id', {}]],
  },
];
