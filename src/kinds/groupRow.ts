/**
 * Rows that group others: the networking view's Firewalls, Load Balancers and VPCs, the account's SSH keys,
 * tags and cost, a firewall's inbound and outbound rules, the snapshots view's backups, and the stacklets
 * grouped by region or by tag. A create is offered on the group of its kind. No vscode import.
 */
import { rowStates } from './rowState';

export const groupRow = rowStates('group', ['firewalls', 'loadBalancers', 'vpcs', 'sshKeys', 'tags', 'cost', 'inbound', 'outbound', 'backups', 'region', 'tag'], [], { closed: true });

export type GroupRowState = (typeof groupRow.states)[number];
