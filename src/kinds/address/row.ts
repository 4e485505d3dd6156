/** An IP address's row, under its stacklet: public or private; its tooltip names the gateway and netmask. No vscode import. */
import * as l10n from '@vscode/l10n';
import { cell } from '../../model/format';
import type { AddressItem } from '../kindSpec';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const addressRow = rowStates('address', ['public', 'private']);

export const ADDRESS_ICON = 'globe';

export function addressContextValue(address: Pick<AddressItem, 'type'>): string {
  return addressRow.context(address.type === 'private' ? 'private' : 'public');
}

export function addressLook(address: AddressItem): RowLook {
  return {
    label: address.address,
    description: l10n.t('{0} IP{1}', address.type, address.family),
    icon: { id: ADDRESS_ICON },
    contextValue: addressContextValue(address),
    tooltip: () => [`**${cell(address.address)}**`, '', `${l10n.t('Gateway')}: ${cell(address.gateway)}`, '', `${l10n.t('Netmask')}: ${cell(address.netmask)}`],
  };
}
