/** An IP address's row, under its stacklet: public or private. No vscode import. */
import type { AddressItem } from '../kindSpec';
import { rowStates } from '../rowState';

export const addressRow = rowStates('address', ['public', 'private']);

export function addressContextValue(address: Pick<AddressItem, 'type'>): string {
  return addressRow.context(address.type === 'private' ? 'private' : 'public');
}
