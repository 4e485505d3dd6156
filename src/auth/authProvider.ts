import * as vscode from 'vscode';
import type { AccountRegistry } from './accountRegistry';
import { accountLabel } from './accountPlace';

/**
 * Puts signed-in Stacklet accounts in VS Code's Accounts menu (with Sign Out there). Sessions are the
 * accounts of the registry; creating one runs the extension's own sign-in flow. Made with the workbench and
 * attached to the provider activation registered (./lazyAuthProvider.ts); the session calls announce() when
 * it changes.
 */
export class StackletAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private known: vscode.AuthenticationSession[] = [];

  constructor(
    private readonly registry: AccountRegistry,
    private readonly signOut: (id: string) => Promise<void>,
  ) {}

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const sessions: vscode.AuthenticationSession[] = [];
    for (const account of this.registry.list()) {
      const token = await this.registry.token(account.id);
      if (token) sessions.push({ id: account.id, accessToken: token, account: { id: account.id, label: accountLabel(account, vscode.l10n.t('local emulator')) }, scopes: [] });
    }
    return sessions;
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const before = new Set(this.registry.list().map((a) => a.id));
    const ok = await vscode.commands.executeCommand<boolean>('stacklet.signIn');
    const account = this.registry.active();
    if (!ok || !account) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
    const sessions = await this.getSessions();
    const created = sessions.find((s) => s.id === account.id && !before.has(s.id)) ?? sessions.find((s) => s.id === account.id);
    if (!created) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
    return created;
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.signOut(sessionId);
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** Tells VS Code which sessions appeared and disappeared since the last change. */
  async announce(): Promise<void> {
    const now = await this.getSessions();
    const ids = new Set(now.map((s) => s.id));
    const before = new Set(this.known.map((s) => s.id));
    const added = now.filter((s) => !before.has(s.id));
    const removed = this.known.filter((s) => !ids.has(s.id));
    this.known = now;
    if (added.length > 0 || removed.length > 0) this.changed.fire({ added, removed, changed: [] });
  }
}
