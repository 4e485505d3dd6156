// Doors table rows: a snapshot's transfer, a volume's attach, detach and resize, and deletions (a volume's by its
// name typed, a firewall's by Keep-first question, a stacklet's with its volume along). What cannot be undone (a transfer, a growth, a deletion) is
// done each time on a resource the row makes anew around the extension, the one the door before used gone first.
import { FRESH_MS } from '../../../src/mcp/server';
import { sleep } from '../../harness/processes';
import type { DoorKit, DoorRow } from './row';

interface Volume {
  id: string;
  name: string;
  size_gigabytes: number;
  stacklet?: { id?: number } | null;
}

const volumes = async (kit: DoorKit) => (await kit.get<{ volumes: Volume[] }>('/v1/volumes?per_page=200')).volumes;
const stackletId = async (kit: DoorKit, name: string) => (await kit.get<{ stacklets: { id: number; name: string }[] }>('/v1/stacklets?per_page=200')).stacklets.find((s) => s.name === name)!.id;
const idleVolume = (kit: DoorKit, id: string) => kit.idle('volume', id, `/v1/volumes/${id}`, 'volume');

/** The volume `name`, idle, attached to the stacklet `on` or to none, brought there around the extension. */
async function volumeOn(kit: DoorKit, name: string, on: string | undefined): Promise<Volume> {
  const find = async () => (await volumes(kit)).find((v) => v.name === name)!;
  const volume = await find();
  await idleVolume(kit, volume.id);
  const want = on === undefined ? undefined : await stackletId(kit, on);
  const now = (await find()).stacklet?.id ?? undefined;
  if (now !== want) {
    if (now !== undefined) {
      await kit.change('PUT', `/v1/volumes/${volume.id}`, { action: 'detach', stacklet_id: now });
      await idleVolume(kit, volume.id);
    }
    if (want !== undefined) {
      await kit.change('PUT', `/v1/volumes/${volume.id}`, { action: 'attach', stacklet_id: want });
      await idleVolume(kit, volume.id);
    }
  }
  await kit.invalidate('volume', 'stacklet');
  return find();
}

/** A new volume `name` of 10 GB made on the stacklet `on` (the one the door before used deleted first), then detached when `detached`. */
async function newVolume(kit: DoorKit, name: string, on: string, detached: boolean): Promise<Volume> {
  const old = (await volumes(kit)).find((v) => v.name === name);
  if (old) {
    await volumeOn(kit, name, undefined);
    await kit.change('DELETE', `/v1/volumes/${old.id}`);
  }
  await kit.change('POST', '/v1/volumes', { name, stacklet_id: await stackletId(kit, on), size_gigabytes: 10 });
  const made = (await volumes(kit)).find((v) => v.name === name)!;
  await idleVolume(kit, made.id);
  return detached ? volumeOn(kit, name, undefined) : (await kit.invalidate('volume', 'stacklet'), made);
}

const SNAPSHOT = 'doors-snapshot';
/** How many times the volume deletion's row was prepared: the doors come in order, the MCP tool's third. */
let deletions = 0;
/** How many times the stacklet deletion's row was prepared (each door deletes a stacklet of its own). */
let stackletDeletions = 0;
/** The stacklet the detach row's volume is attached to, as its prepare found it. */
let detachedFrom: number | undefined;

export const ROWS: readonly DoorRow[] = [
  {
    tool: 'stacklet_manage_snapshot',
    action: 'transfer',
    command: 'stacklet.transferSnapshot',
    prepare: async (kit) => {
      // A snapshot of blog (sgp) taken anew, so that each door copies it to nyc, where it is not yet.
      const snapshots = async () => (await kit.get<{ snapshots: { id: number; name: string; regions: string[] }[] }>('/v1/snapshots?per_page=200')).snapshots;
      const old = (await snapshots()).find((s) => s.name === SNAPSHOT);
      if (old) {
        await kit.idle('snapshot', old.id, `/v1/snapshots/${old.id}`, 'snapshot');
        await kit.change('DELETE', `/v1/snapshots/${old.id}`);
      }
      const blog = await stackletId(kit, 'blog');
      await kit.idle('stacklet', blog, `/v1/stacklets/${blog}`, 'stacklet');
      await kit.change('POST', `/v1/stacklets/${blog}`, { action: 'snapshot', name: SNAPSHOT });
      await kit.idle('stacklet', blog, `/v1/stacklets/${blog}`, 'stacklet');
      const made = (await snapshots()).find((s) => s.name === SNAPSHOT)!;
      await kit.invalidate('snapshot', 'stacklet');
      // The region picked is the confirmation: no other question.
      return { input: { id: made.id, region: 'nyc' }, args: async () => [await kit.node('snapshots', 'snapshot', SNAPSHOT)], script: [{ pick: 'nyc' }] };
    },
    sends: () => [['POST', '/v1/snapshots/:id', { action: 'transfer', region: 'nyc' }]],
  },
  {
    tool: 'stacklet_manage_volume',
    action: 'attach',
    command: 'stacklet.attachVolume',
    prepare: async (kit) => {
      const archive = await volumeOn(kit, 'archive', undefined);
      const web1 = await stackletId(kit, 'web-1');
      // The stacklet picked is the confirmation.
      return { input: { id: archive.id, stacklet: web1 }, args: async () => [await kit.node('volumes', 'volume', 'archive')], script: [{ pick: 'web-1' }] };
    },
    sends: (prepared) => [['PUT', '/v1/volumes/:id', { action: 'attach', stacklet_id: prepared.input['stacklet'] }]],
  },
  {
    tool: 'stacklet_manage_volume',
    action: 'detach',
    command: 'stacklet.detachVolume',
    prepare: async (kit) => {
      // Not the volume the attach row used: the MCP server's cache has it busy with its own attach for a few seconds.
      const dbData = await volumeOn(kit, 'db-data', 'db-1');
      detachedFrom = dbData.stacklet?.id;
      return { input: { id: dbData.id }, args: async () => [await kit.node('volumes', 'volume', 'db-data')], script: [{ confirm: true }] };
    },
    sends: () => [['PUT', '/v1/volumes/:id', { action: 'detach', stacklet_id: detachedFrom }]],
  },
  {
    tool: 'stacklet_manage_volume',
    action: 'resize',
    command: 'stacklet.resizeVolume',
    prepare: async (kit) => {
      // A volume only grows: each door grows a new one from 10 GB to 20.
      const volume = await newVolume(kit, 'doors-grow', 'worker-1', false);
      return { input: { id: volume.id, sizeGigabytes: 20 }, args: async () => [await kit.node('volumes', 'volume', 'doors-grow')], script: [{ input: '20' }] };
    },
    sends: () => [['PUT', '/v1/volumes/:id', { action: 'resize', size_gigabytes: 20 }]],
  },
  {
    tool: 'stacklet_manage_volume',
    action: 'delete',
    command: 'stacklet.deleteVolume',
    prepare: async (kit) => {
      const volume = await newVolume(kit, 'doors-gone', 'web-2', true);
      // The MCP server answers from the volumes it read less than FRESH_MS ago, which lack this new one: its door
      // asks once they are older, as an agent's next call would find it.
      if (++deletions % 3 === 0) await sleep(FRESH_MS + 200);
      // Its name typed is the confirmation, at every door.
      return { input: { id: volume.id }, args: async () => [await kit.node('volumes', 'volume', 'doors-gone')], script: [{ input: 'doors-gone' }], typed: 'doors-gone' };
    },
    sends: () => [['DELETE', '/v1/volumes/:id', {}]],
  },
  {
    tool: 'stacklet_manage_firewall',
    action: 'delete',
    command: 'stacklet.deleteFirewall',
    prepare: async (kit) => {
      const firewalls = async () => (await kit.get<{ firewalls: { uuid: string; name: string }[] }>('/v1/firewalls?per_page=200')).firewalls;
      if (!(await firewalls()).some((f) => f.name === 'doors-firewall')) {
        await kit.change('POST', '/v1/firewalls', { name: 'doors-firewall', inbound_rules: [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }], outbound_rules: [] });
      }
      const firewall = (await firewalls()).find((f) => f.name === 'doors-firewall')!;
      await kit.invalidate('firewall');
      // A question whose first answer, Keep, is the default.
      return { input: { id: firewall.uuid }, args: async () => [await kit.node('networking', 'firewall', 'doors-firewall')], script: [{ choose: 'Delete' }] };
    },
    sends: () => [['DELETE', '/v1/firewalls/:uuid', {}]],
  },
  {
    tool: 'stacklet_manage_stacklet',
    action: 'delete',
    command: 'stacklet.deleteStacklet',
    prepare: async (kit) => {
      // A stacklet of its own for each door, with a volume that goes along (checked in the command's wizard).
      const name = `doors-gone-${++stackletDeletions}`;
      await kit.change('POST', '/v1/stacklets', { name, region: 'nyc', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64' });
      const id = await stackletId(kit, name);
      await kit.idle('stacklet', id, `/v1/stacklets/${id}`, 'stacklet');
      const volume = await newVolume(kit, `${name}-data`, name, false);
      await kit.invalidate('stacklet', 'volume');
      // The MCP server's cached stacklets lack this new one until they are older than FRESH_MS (see above).
      if (stackletDeletions % 3 === 0) await sleep(FRESH_MS + 200);
      return {
        input: { id, along: [volume.id] },
        args: async () => [await kit.node('stacklets', 'stacklet', name)],
        script: [{ many: [`${name}-data`] }, { input: name }],
        typed: name,
      };
    },
    sends: () => [['DELETE', '/v1/stacklets/:id', {}], ['DELETE', '/v1/volumes/:id', {}]],
  },
];
