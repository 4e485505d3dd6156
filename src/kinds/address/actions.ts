/** What the extension offers on a stacklet's IP addresses: copying one. No vscode import. */
import { copyAddress } from '../commands';
import { kindActions } from '../declarations';
import { addressRow } from './row';

export const addressActions = kindActions('address', addressRow, { copyAddress: copyAddress() });
