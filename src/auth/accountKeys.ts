/**
 * Where the accounts are kept in the global state, apart from the registry (./accountRegistry.ts) so that
 * activation can tell whether anyone is signed in without loading it. No vscode import.
 */

export const ACCOUNTS_KEY = 'stacklet.accounts';
export const ACTIVE_KEY = 'stacklet.activeAccount';

/** Whether an account is signed in: the registry's active() is one exactly when it lists any. */
export function hasAccounts(state: { get<T>(key: string): T | undefined }): boolean {
  const accounts = state.get<unknown>(ACCOUNTS_KEY);
  return Array.isArray(accounts) && accounts.length > 0;
}
