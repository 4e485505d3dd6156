import * as vscode from 'vscode';
import type { ResourceState } from '../model/format';

const STATE_ICONS: Record<ResourceState, [string, string | undefined]> = {
  active: ['vm-running', 'charts.green'],
  off: ['vm-outline', 'disabledForeground'],
  inactive: ['vm', 'charts.yellow'],
  busy: ['loading~spin', undefined],
  unknown: ['vm', undefined],
};

/** The icon of a machine-like resource: colour by state, a spinner while a task runs. */
export function stateIcon(state: ResourceState, base?: string): vscode.ThemeIcon {
  const [icon, color] = STATE_ICONS[state];
  const id = state === 'busy' ? icon : (base ?? icon);
  return new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
}
