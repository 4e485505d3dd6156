/** A stacklet's row: its states and the facts its menus test (an address, private networking, a volume, a firewall, tags). No vscode import. */
import type { Stacklet } from '../../api/schemas';
import { publicIPv4, stackletState } from '../../model/format';
import { rowStates } from '../rowState';

export const stackletRow = rowStates('stacklet', ['active', 'off', 'busy', 'inactive', 'unknown'], ['hasIp', 'privateNetworking', 'hasVolume', 'hasFirewall', 'hasTags']);

export function stackletContextValue(stacklet: Stacklet): string {
  return stackletRow.context(stackletState(stacklet), {
    hasIp: !!publicIPv4(stacklet.networks),
    privateNetworking: stacklet.networks.v4.some((n) => n.type === 'private'),
    hasVolume: !!stacklet.volume_uuid,
    hasFirewall: !!stacklet.firewall_uuid,
    hasTags: stacklet.tags.length > 0,
  });
}
