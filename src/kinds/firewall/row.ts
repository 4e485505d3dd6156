/** A firewall's row: ready, or unknown (a stacklet names it, but the account's listing does not have it). No vscode import. */
import { rowStates } from '../rowState';

export const firewallRow = rowStates('firewall', ['ready', 'unknown']);
