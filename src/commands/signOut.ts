import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { pickAccount } from './switchAccount';

/** Signs out one account (the active one, or the one picked); its token is deleted from SecretStorage. */
export async function signOut(deps: CommandDeps, accountId?: string): Promise<void> {
  const id = typeof accountId === 'string' ? accountId : deps.session.accounts.length > 1
    ? await pickedId(deps)
    : deps.session.accounts[0]?.id;
  if (!id) return;
  const account = deps.session.accounts.find((a) => a.id === id);
  await deps.session.signOut(id);
  if (account?.isEmulator) await deps.emulator.stop();
  deps.log.info(`Signed out ${account?.email ?? id}`);
}

async function pickedId(deps: CommandDeps): Promise<string | undefined> {
  const picked = await pickAccount(deps, vscode.l10n.t('Sign out of which account?'));
  return picked === 'new' ? undefined : picked?.id;
}
