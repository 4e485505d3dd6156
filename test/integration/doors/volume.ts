// Doors table rows: a volume's actions.
import { baseStacklet } from './renamesAndDeletes';
import type { DoorRow } from './row';

const MADE = 'doors-made';

export const ROWS: readonly DoorRow[] = [
  {
    tool: 'stacklet_manage_volume',
    action: 'rename',
    command: 'stacklet.renameVolume',
    prepare: async (kit) => {
      const volumes = async () => (await kit.get<{ volumes: { id: string; name: string }[] }>('/v1/volumes?per_page=200')).volumes;
      const { id } = (await volumes()).find((v) => v.name === 'scratch' || v.name === 'scratch-2')!;
      // A rename is a task at the emulator, the name changed when it ends: the name is read once it has.
      await kit.idle('volume', id, `/v1/volumes/${id}`, 'volume');
      const volume = (await volumes()).find((v) => v.id === id)!;
      if (volume.name !== 'scratch') {
        await kit.change('PUT', `/v1/volumes/${volume.id}`, { action: 'rename', name: 'scratch' });
        await kit.idle('volume', volume.id, `/v1/volumes/${volume.id}`, 'volume');
      }
      await kit.invalidate('volume');
      // The new name typed is the confirmation: no other question.
      return { input: { id: volume.id, name: 'scratch-2' }, args: async () => [await kit.node('volumes', 'volume', 'scratch')], script: [{ input: 'scratch-2' }] };
    },
    sends: () => [['PUT', '/v1/volumes/:id', { action: 'rename', name: 'scratch-2' }]],
  },
  {
    tool: 'stacklet_manage_volume',
    action: 'create',
    command: 'stacklet.createVolume',
    prepare: async (kit) => {
      // A stacklet takes one volume: the one the door before made on the rows' stacklet goes first, detached then
      // deleted around the extension.
      const volumes = async () => (await kit.get<{ volumes: { id: string; name: string; stacklet?: { id?: number } | null }[] }>('/v1/volumes?per_page=200')).volumes;
      const made = (await volumes()).find((v) => v.name === MADE);
      if (made) {
        await kit.idle('volume', made.id, `/v1/volumes/${made.id}`, 'volume');
        const on = (await volumes()).find((v) => v.id === made.id)!.stacklet?.id;
        if (on !== undefined) {
          await kit.change('PUT', `/v1/volumes/${made.id}`, { action: 'detach', stacklet_id: on });
          await kit.idle('volume', made.id, `/v1/volumes/${made.id}`, 'volume');
        }
        await kit.change('DELETE', `/v1/volumes/${made.id}`);
      }
      const base = await baseStacklet(kit);
      await kit.invalidate('volume', 'stacklet');
      // From the palette: the stacklet picked, the name and the size typed; the review the wizard ends in is its confirmation.
      return { input: { stacklet: base.id, name: MADE, sizeGigabytes: 10 }, args: async () => [], script: [{ pick: base.name }, { input: MADE }, { input: '10' }, { choose: 'Create' }] };
    },
    sends: (prepared) => [['POST', '/v1/volumes', { name: MADE, stacklet_id: prepared.input['stacklet'], size_gigabytes: 10 }]],
  },
];
