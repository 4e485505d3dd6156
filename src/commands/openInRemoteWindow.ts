import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { hostAlias, hostEntryProblem, remoteWindowUri, upsertHost, type HostEntry } from '../remote/sshConfig';
import { BACK } from '../ui/prompter';
import type { CommandDeps } from './deps';
import { addressOf } from '../kinds/registry';
import { sshConfigPath } from './sshFolder';
import { resolveResource } from './target';

/** Microsoft's Remote - SSH, and the open-source one VSCodium and other builds install from Open VSX. */
export const REMOTE_SSH_EXTENSIONS = ['ms-vscode-remote.remote-ssh', 'jeanp413.open-remote-ssh'] as const;

/** Private keys beside their .pub in the config file's folder: what the identity question offers. */
async function privateKeys(folder: string): Promise<string[]> {
  try {
    const names = await readdir(folder);
    return names.filter((name) => !name.endsWith('.pub') && names.includes(`${name}.pub`)).sort();
  } catch {
    return [];
  }
}

/** Offers the Remote-SSH extension that suits this build of VS Code (none can run in a browser). */
async function offerRemoteSsh(deps: CommandDeps): Promise<void> {
  if (vscode.env.uiKind === vscode.UIKind.Web) {
    void notify.info(vscode.l10n.t('Open in Remote Window needs VS Code on the desktop with a Remote - SSH extension; in a browser, use Connect via SSH.'));
    return;
  }
  const id = vscode.env.appName.includes('Visual Studio Code') ? REMOTE_SSH_EXTENSIONS[0] : REMOTE_SSH_EXTENSIONS[1];
  const install = await deps.prompter.confirm(
    vscode.l10n.t('Open in Remote Window needs a Remote - SSH extension. Install {0}?', id),
    vscode.l10n.t('It opens a VS Code window on the stacklet over SSH. Run Open in Remote Window again once it is installed.'),
    vscode.l10n.t('Install'),
  );
  if (install) await vscode.commands.executeCommand('workbench.extensions.installExtension', id);
}

/**
 * stacklet.openInRemoteWindow: writes a `Host` entry for the stacklet to the SSH configuration Remote-SSH
 * reads (showing the exact lines first), then opens a window on it through Remote-SSH.
 */
export async function openInRemoteWindow(deps: CommandDeps, node?: unknown): Promise<boolean> {
  const ref = await resolveResource(deps, node, ['stacklet'], {
    title: vscode.l10n.t('Open which stacklet in a remote window?'),
    accept: (r) => !!addressOf(r),
    none: vscode.l10n.t('No stacklet has a public IP address yet.'),
  });
  if (!ref) return false;
  const address = addressOf(ref);
  if (!address) {
    void notify.warning(vscode.l10n.t('{0} has no public IP address.', ref.name));
    return false;
  }
  if (!REMOTE_SSH_EXTENSIONS.some((id) => vscode.extensions.getExtension(id))) {
    await offerRemoteSsh(deps);
    return false;
  }
  const user = vscode.workspace.getConfiguration('stacklet').get<string>('sshUser', 'root').trim() || 'root';
  const configPath = sshConfigPath();
  const alias = hostAlias(ref.name, ref.id);
  const keys = await privateKeys(path.dirname(configPath));
  const identity = await deps.prompter.pick<string | null>({
    title: vscode.l10n.t('Identity file for {0}', alias),
    placeHolder: vscode.l10n.t('Choose a private key, or type the path of one'),
    items: [
      { label: vscode.l10n.t('No identity file'), description: vscode.l10n.t('ssh tries its default keys and the agent'), value: null },
      ...keys.map((key) => ({ label: key, icon: 'key', description: path.join(path.dirname(configPath), key), value: path.join(path.dirname(configPath), key) })),
    ],
    typed: (text) => (text.trim() ? { label: text.trim(), icon: 'file', description: vscode.l10n.t('this file'), value: text.trim() } : undefined),
  });
  if (identity === undefined || identity === BACK) return false;
  const entry: HostEntry = { alias, hostName: address, user, ...(identity !== null ? { identityFile: identity } : {}) };
  const problem = hostEntryProblem(entry);
  if (problem) {
    void notify.error(problem);
    return false;
  }
  let current = '';
  try {
    current = await readFile(configPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const edit = upsertHost(current, entry);
  if (edit.changed) {
    const write = await deps.prompter.confirm(
      current === '' ? vscode.l10n.t('Create {0} with this entry?', configPath) : vscode.l10n.t('Write this entry to {0}?', configPath),
      edit.lines.join('\n'),
      vscode.l10n.t('Write and Open'),
    );
    if (!write) return false;
    await mkdir(path.dirname(configPath), { recursive: true, mode: 0o700 });
    // In place (not a rename): a config that is a link into a dotfiles folder stays one, and keeps its mode.
    await writeFile(configPath, edit.text, { mode: 0o600 });
    deps.log.info(`Wrote Host ${alias} to ${configPath}`);
  } else {
    deps.log.info(`Host ${alias} is already in ${configPath}`);
  }
  await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.parse(remoteWindowUri(alias)), { forceNewWindow: true });
  return true;
}
