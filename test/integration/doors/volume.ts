// Doors table rows: a volume's actions.
import type { DoorRow } from './row';

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
];
