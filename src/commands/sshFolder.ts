import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** The file Remote-SSH reads: its own `remote.SSH.configFile` setting, else ~/.ssh/config. */
export function sshConfigPath(): string {
  const configured = vscode.workspace.getConfiguration('remote.SSH').get<string>('configFile', '').trim();
  if (!configured) return path.join(os.homedir(), '.ssh', 'config');
  return configured.startsWith('~') ? path.join(os.homedir(), configured.slice(1)) : configured;
}

/** The folder of the user's SSH keys: the one that holds that configuration (~/.ssh). */
export function sshFolder(): string {
  return path.dirname(sshConfigPath());
}
