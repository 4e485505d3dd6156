import * as vscode from 'vscode';
import { LazyTarget } from './lazyTarget';

type Provider = vscode.AuthenticationProvider;
type SessionsChange = vscode.AuthenticationProviderAuthenticationSessionsChangeEvent;

/**
 * The Accounts menu's Stacklet Cloud entry as activation registers it (src/extension.ts): the provider that lists
 * the accounts (src/auth/authProvider.ts, with the registry) comes with the workbench. VS Code asks for the
 * sessions as soon as a provider is registered: while no account is signed in, the answer is none, and nothing
 * is loaded for it.
 */
export class LazyAuthProvider extends LazyTarget<Provider, SessionsChange> implements Provider {
  readonly onDidChangeSessions = this.changed.event;

  constructor(private readonly signedIn: () => boolean, load: () => Promise<unknown>) {
    super(load, (target) => target.onDidChangeSessions);
  }

  async getSessions(scopes: readonly string[] | undefined, options: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession[]> {
    if (!this.target && !this.signedIn()) return [];
    return (await this.loaded()).getSessions(scopes, options);
  }

  async createSession(scopes: readonly string[], options: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession> {
    return (await this.loaded()).createSession(scopes, options);
  }

  async removeSession(sessionId: string): Promise<void> {
    return (await this.loaded()).removeSession(sessionId);
  }
}
