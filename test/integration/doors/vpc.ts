// Doors table rows: a VPC's create (the review the wizard ends in is its confirmation).
import type { DoorRow } from './row';

const NAME = 'doors-vpc';
const CIDR = '10.77.0.0/16';

export const ROWS: readonly DoorRow[] = [
  {
    tool: 'stacklet_manage_vpc',
    action: 'create',
    command: 'stacklet.createVpc',
    prepare: async (kit) => {
      // Each door makes the same VPC: the one the door before made goes first, around the extension.
      const made = (await kit.get<{ vpcs: { uuid: string; name: string }[] }>('/v1/vpcs?per_page=200')).vpcs.find((vpc) => vpc.name === NAME);
      if (made) await kit.change('DELETE', `/v1/vpcs/${made.uuid}`);
      await kit.invalidate('vpc');
      return { input: { name: NAME, region: 'ams', cidr: CIDR }, args: async () => [], script: [{ input: NAME }, { pick: 'ams' }, { input: CIDR }, { choose: 'Create' }] };
    },
    sends: () => [['POST', '/v1/vpcs', { name: NAME, region: 'ams', cidr: CIDR }]],
  },
];
