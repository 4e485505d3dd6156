// Doors table rows: a stacklet's other actions (reset password, restore, rebuild, private networking, snapshot,
// resize, tag, untag, attach a firewall) and its create with everything the wizard asks.
import type { PickItem } from '../../../src/ui/prompter';
import type { DoorKit, DoorRow, Prepared } from './row';

interface Stacklet {
  id: number;
  name: string;
  tags: string[];
  size: { slug: string };
  networks: { v4: { type: string }[] };
}

const byValue = (value: unknown) => (item: PickItem<unknown>) => item.value === value;

async function stacklets(kit: DoorKit): Promise<Stacklet[]> {
  return (await kit.get<{ stacklets: Stacklet[] }>('/v1/stacklets?per_page=200')).stacklets;
}

/** The stacklet `name` with no task running (the one the door before started has ended), read afresh. */
async function idle(kit: DoorKit, name: string): Promise<Stacklet> {
  const found = (await stacklets(kit)).find((s) => s.name === name)!;
  await kit.idle('stacklet', found.id, `/v1/stacklets/${found.id}`, 'stacklet');
  await kit.invalidate('stacklet');
  return (await stacklets(kit)).find((s) => s.name === name)!;
}

/** The row's stacklet's node in the Stacklets view, as the command's argument. */
const nodeOf = (kit: DoorKit, name: string) => async () => [await kit.node('stacklets', 'stacklet', name)];

const STACKLET_TOOL = 'stacklet_manage_stacklet';
const ACTION = '/v1/stacklets/:id';

/** An action on the stacklet `name`, idle, with `input` besides its ID; `typed` for what destroys data. */
function onStacklet(action: string, command: string, name: string, script: Prepared['script'], sent: Record<string, unknown>, input: Record<string, unknown> = {}, typed?: string): DoorRow {
  return {
    tool: STACKLET_TOOL,
    action,
    command,
    prepare: async (kit) => {
      const stacklet = await idle(kit, name);
      return { input: { id: stacklet.id, ...input }, args: nodeOf(kit, name), script, ...(typed !== undefined ? { typed } : {}) };
    },
    sends: () => [['POST', ACTION, sent]],
  };
}

// Rows that share a stacklet follow each other (attachFirewall before resize on blog, tag before untag with the same
// tag on web-1), each leaving it as the next finds it.
export const ROWS: readonly DoorRow[] = [
  onStacklet('resetPassword', 'stacklet.resetPassword', 'worker-1', [{ pick: 'Let the service generate one' }, { choose: 'Reset Password' }], { action: 'reset_password' }),
  onStacklet('rebuild', 'stacklet.rebuildStacklet', 'web-2', [{ pick: byValue('debian-12-x64') }, { input: 'web-2' }], { action: 'rebuild', image: 'debian-12-x64' }, { from: 'debian-12-x64' }, 'web-2'),
  {
    tool: STACKLET_TOOL,
    action: 'restore',
    command: 'stacklet.restoreStacklet',
    prepare: async (kit) => {
      const stacklet = await idle(kit, 'db-1');
      const weekly = (await kit.get<{ snapshots: { id: number; name: string }[] }>('/v1/snapshots?per_page=200')).snapshots.find((s) => s.name === 'db-1 weekly')!;
      return { input: { id: stacklet.id, from: weekly.id }, args: nodeOf(kit, 'db-1'), script: [{ pick: 'db-1 weekly' }, { input: 'db-1' }], typed: 'db-1' };
    },
    sends: (prepared) => [['POST', ACTION, { action: 'restore', image_id: prepared.input['from'] }]],
  },
  {
    tool: STACKLET_TOOL,
    action: 'enablePrivateNetworking',
    command: 'stacklet.enablePrivateNetworking',
    // Each door takes a stacklet without private networking (none can be taken off): three made around the
    // extension at the first door.
    prepare: async (kit) => {
      const without = async () => (await stacklets(kit)).filter((s) => s.name.startsWith('doors-pn-') && !s.networks.v4.some((n) => n.type === 'private'));
      if ((await stacklets(kit)).every((s) => !s.name.startsWith('doors-pn-'))) {
        for (const n of [1, 2, 3]) await kit.change('POST', '/v1/stacklets', { name: `doors-pn-${n}`, region: 'fra', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64' });
      }
      // The door before enabled it on one: its task ends before the one left without is chosen.
      for (const made of await without()) await idle(kit, made.name);
      const stacklet = (await without())[0]!;
      return { input: { id: stacklet.id }, args: nodeOf(kit, stacklet.name), script: [] };
    },
    sends: () => [['POST', ACTION, { action: 'enable_private_networking' }]],
  },
  onStacklet('snapshot', 'stacklet.snapshotStacklet', 'web-1', [{ input: 'doors-snap' }], { action: 'snapshot', name: 'doors-snap' }, { name: 'doors-snap' }),
  {
    tool: STACKLET_TOOL,
    action: 'attachFirewall',
    command: 'stacklet.attachFirewall',
    // blog is behind no firewall: the one the door before attached it to lets it go, around the extension.
    prepare: async (kit) => {
      const stacklet = await idle(kit, 'blog');
      const firewall = (await kit.get<{ firewalls: { uuid: string; name: string; resources: { stacklet_ids: number[] } }[] }>('/v1/firewalls?per_page=200')).firewalls.find((f) => f.name === 'web-firewall')!;
      if (firewall.resources.stacklet_ids.includes(stacklet.id)) await kit.change('DELETE', `/v1/firewalls/${firewall.uuid}/stacklets`, { stacklet_ids: [stacklet.id] });
      await kit.invalidate('firewall', 'stacklet');
      return { input: { id: stacklet.id, firewall: firewall.uuid }, args: nodeOf(kit, 'blog'), script: [{ pick: 'web-firewall' }] };
    },
    sends: (prepared) => [['POST', '/v1/firewalls/:uuid/stacklets', { stacklet_ids: [prepared.input['id']] }]],
  },
  {
    tool: STACKLET_TOOL,
    action: 'resize',
    command: 'stacklet.resizeStacklet',
    // blog is b-1vcpu-1gb (a 25 GB disk): resized to b-1vcpu-2gb keeping its disk, and back around the extension.
    prepare: async (kit) => {
      let stacklet = await idle(kit, 'blog');
      if (stacklet.size.slug !== 'b-1vcpu-1gb') {
        await kit.change('POST', `/v1/stacklets/${stacklet.id}`, { action: 'resize', size: 'b-1vcpu-1gb' });
        stacklet = await idle(kit, 'blog');
      }
      return { input: { id: stacklet.id, size: 'b-1vcpu-2gb', disk: false }, args: nodeOf(kit, 'blog'), script: [{ pick: 'b-1vcpu-2gb' }, { pick: 'No' }] };
    },
    sends: () => [['POST', ACTION, { action: 'resize', size: 'b-1vcpu-2gb', disk: false }]],
  },
  {
    tool: STACKLET_TOOL,
    action: 'tag',
    command: 'stacklet.tagStacklets',
    // The tag exists (the picker offers it to every door alike) and web-1 does not carry it yet.
    prepare: async (kit) => {
      const stacklet = await idle(kit, 'web-1');
      const tags = (await kit.get<{ tags: { name: string }[] }>('/v1/tags?per_page=200')).tags;
      if (!tags.some((tag) => tag.name === 'doors-tag')) await kit.change('POST', '/v1/tags', { name: 'doors-tag' });
      if (stacklet.tags.includes('doors-tag')) await kit.change('DELETE', '/v1/tags/doors-tag/resources', { id: stacklet.id, type: 'stacklet' });
      await kit.invalidate('tag', 'stacklet');
      return { input: { id: stacklet.id, tag: 'doors-tag' }, args: nodeOf(kit, 'web-1'), script: [{ pick: 'doors-tag' }] };
    },
    sends: (prepared) => [['POST', '/v1/tags/:name/resources', { id: prepared.input['id'], type: 'stacklet' }]],
  },
  {
    tool: STACKLET_TOOL,
    action: 'untag',
    command: 'stacklet.untagStacklet',
    // The tag the row before left on web-1, put back around the extension for the next door.
    prepare: async (kit) => {
      const stacklet = await idle(kit, 'web-1');
      if (!stacklet.tags.includes('doors-tag')) await kit.change('POST', '/v1/tags/doors-tag/resources', { id: stacklet.id, type: 'stacklet' });
      await kit.invalidate('tag', 'stacklet');
      return { input: { id: stacklet.id, tag: 'doors-tag' }, args: nodeOf(kit, 'web-1'), script: [{ pick: 'doors-tag' }] };
    },
    sends: (prepared) => [['DELETE', '/v1/tags/:name/resources', { id: prepared.input['id'], type: 'stacklet' }]],
  },
  {
    tool: STACKLET_TOOL,
    action: 'create',
    command: 'stacklet.createStacklet',
    // Everything the wizard asks; the stacklet the door before made goes first, around the extension.
    prepare: async (kit) => {
      const made = (await stacklets(kit)).find((s) => s.name === 'doors-new');
      if (made) {
        await idle(kit, 'doors-new');
        await kit.change('DELETE', `/v1/stacklets/${made.id}`);
        await kit.until('doors-new is gone', async () => !(await stacklets(kit)).some((s) => s.name === 'doors-new'));
      }
      await kit.invalidate('stacklet');
      const firewall = (await kit.get<{ firewalls: { uuid: string; name: string }[] }>('/v1/firewalls?per_page=200')).firewalls.find((f) => f.name === 'web-firewall')!;
      const script = (await kit.get<{ userdata: { uuid: string; name: string }[] }>('/v1/userdata?per_page=200')).userdata.find((u) => u.name === 'docker-bootstrap')!;
      const key = (await kit.get<{ ssh_keys: { id: number; name: string }[] }>('/v1/ssh_keys?per_page=200')).ssh_keys.find((k) => k.name === 'laptop')!;
      return {
        input: { name: 'doors-new', region: 'fra', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64', tags: ['doors'], firewall: firewall.uuid, userdata: script.uuid, sshKeys: [key.id], backups: false },
        args: async () => [],
        script: [
          { input: 'doors-new' }, { input: '1' }, { pick: 'fra' }, { pick: 'b-1vcpu-1gb' }, { pick: byValue('ubuntu-22-04-x64') }, { input: 'doors' },
          { pick: 'None' }, { pick: 'web-firewall' }, { pick: 'docker-bootstrap' }, { many: ['laptop'] }, { pick: 'No' }, { choose: 'Create' },
        ],
      };
    },
    sends: (prepared) => [['POST', '/v1/stacklets', {
      name: 'doors-new', region: 'fra', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64', tags: ['doors'],
      firewall_uuid: prepared.input['firewall'], userdata_uuid: prepared.input['userdata'], ssh_keys: prepared.input['sshKeys'], backups: false,
    }]],
  },

];
