import * as vscode from 'vscode';
import type { Account } from '../auth/accountRegistry';
import { accountPlace, isLocalEmulator } from '../auth/accountPlace';
import type { CommandDeps } from './deps';
import type { PickItem } from '../ui/prompter';
import { isBack } from './wizard';
import * as notify from '../ui/notify';
import { accountWords } from '../auth/localAccounts';

export async function pickAccount(deps: CommandDeps, title: string, offerNew = false): Promise<Account | 'new' | undefined> {
  // A local emulator's account whose emulator is gone is never offered: it is dropped here, quietly.
  for (const account of await deps.session.dropDeadLocalAccounts()) deps.log.info(`Dropped ${account.email} at ${account.apiUrl}: nothing listens there any more`);
  const active = deps.session.state.kind === 'signed-out' ? undefined : deps.session.state.account.id;
  const items: PickItem<Account | 'new'>[] = deps.session.accounts.map((account) => ({
    label: account.email,
    icon: isLocalEmulator(account) ? 'beaker' : 'account',
    description: accountPlace(account, vscode.l10n.t('local emulator')),
    ...(account.id === active ? { detail: vscode.l10n.t('active') } : {}),
    value: account,
  }));
  if (offerNew) items.push({ label: vscode.l10n.t('Sign in to another account…'), icon: 'add', value: 'new' });
  const picked = await deps.prompter.pick({ title, placeHolder: title, items });
  return picked === undefined || isBack(picked) ? undefined : picked;
}

/** Makes another signed-in account the active one; every view refreshes. */
export async function switchAccount(deps: CommandDeps, accountId?: string): Promise<void> {
  const picked = typeof accountId === 'string'
    ? deps.session.accounts.find((a) => a.id === accountId)
    : await pickAccount(deps, vscode.l10n.t('Switch to which account?'), true);
  if (!picked) return;
  if (picked === 'new') {
    await vscode.commands.executeCommand('stacklet.signIn');
    return;
  }
  await deps.session.switchTo(picked.id);
  deps.log.info(`Switched to ${picked.email}`);
  // Where the views and the next action now are, named as the Accounts menu names it.
  void notify.info(vscode.l10n.t('Switched to {0}: the views now show its resources.', accountWords(picked)));
}
