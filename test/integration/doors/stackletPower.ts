// Doors table rows: a stacklet's power actions.
import type { DoorKit, DoorRow, Prepared } from './row';

interface Stacklet {
  id: number;
  name: string;
  status: string;
}

/** The stacklet `name` idle and in `status`, brought there around the extension when it is not. */
export async function stackletIn(kit: DoorKit, name: string, status: 'active' | 'off'): Promise<Stacklet> {
  const find = async () => (await kit.get<{ stacklets: Stacklet[] }>('/v1/stacklets?per_page=200')).stacklets.find((s) => s.name === name)!;
  const found = await find();
  await kit.idle('stacklet', found.id, `/v1/stacklets/${found.id}`, 'stacklet');
  if ((await find()).status !== status) {
    await kit.change('POST', `/v1/stacklets/${found.id}`, { action: status === 'active' ? 'power_on' : 'power_off' });
    await kit.idle('stacklet', found.id, `/v1/stacklets/${found.id}`, 'stacklet');
  }
  await kit.invalidate('stacklet');
  return find();
}

function power(action: 'powerOff' | 'powerOn' | 'powerCycle', name: string, needs: 'active' | 'off', sent: string): DoorRow {
  return {
    tool: 'stacklet_manage_stacklet',
    action,
    command: `stacklet.${action}`,
    prepare: async (kit): Promise<Prepared> => {
      const stacklet = await stackletIn(kit, name, needs);
      return { input: { id: stacklet.id }, args: async () => [await kit.node('stacklets', 'stacklet', name)], script: [{ confirm: true }] };
    },
    sends: () => [['POST', '/v1/stacklets/:id', { action: sent }]],
  };
}

export const ROWS: readonly DoorRow[] = [
  power('powerOff', 'web-1', 'active', 'power_off'),
  power('powerOn', 'staging-1', 'off', 'power_on'),
  power('powerCycle', 'web-2', 'active', 'power_cycle'),
];
