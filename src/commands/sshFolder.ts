import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

/**
 * The file Remote-SSH reads: its own `remote.SSH.configFile` setting, else ~/.ssh/config. In an untrusted
 * workspace only the user's value counts: the setting is Remote-SSH's, so VS Code does not restrict it for us
 * (and without Remote-SSH installed it is no setting at all), and a workspace must not choose the file that
 * Open in Remote Window writes to or the folder Add SSH Key reads from.
 */
export function sshConfigPath(): string {
  const setting = vscode.workspace.getConfiguration('remote.SSH');
  const value = vscode.workspace.isTrusted ? setting.get<string>('configFile') : setting.inspect<string>('configFile')?.globalValue;
  const configured = (typeof value === 'string' ? value : '').trim();
  if (!configured) return path.join(os.homedir(), '.ssh', 'config');
  return configured.startsWith('~') ? path.join(os.homedir(), configured.slice(1)) : configured;
}

/** The folder of the user's SSH keys: the one that holds that configuration (~/.ssh). */
export function sshFolder(): string {
  return path.dirname(sshConfigPath());
}
