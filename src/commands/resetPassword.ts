import * as vscode from 'vscode';
import { refusalNamesField } from '../api/refusals';
import { checkPassword } from '../api/validators';
import type { CommandDeps } from './deps';
import { askText } from './askText';
import { idleStacklets } from './idlePick';
import { actionCommand } from './actionCommand';
import { isBack } from './wizard';

interface NewPassword {
  /** Undefined: the service makes one up. */
  readonly password?: string;
}

/** The new root password, typed as a password and checked as typed; undefined when cancelled. */
async function askPassword(deps: CommandDeps, name: string, why?: string): Promise<string | undefined> {
  return askText(deps, {
    title: vscode.l10n.t('New Root Password of {0}', name),
    prompt: [why, vscode.l10n.t('8 to 128 characters. It is sent to the service once and kept nowhere.')].filter(Boolean).join(' '),
    password: true,
    validate: (text) => checkPassword(text, vscode.l10n.t('Password')),
  });
}

/**
 * Reset Password: the service makes up the new password (the default, confirmed with the definition's words),
 * or the user sets one (typing it is the confirmation). A service that refuses the bare form, naming
 * `password`, is asked again with one the user types. The definition (src/kinds/stacklet/operations.ts) takes
 * a password from this door only: an agent's is refused.
 */
export const resetPassword = actionCommand<'stacklet', NewPassword>({
  kind: 'stacklet',
  action: 'resetPassword',
  pick: () => idleStacklets(vscode.l10n.t('Reset the root password of which stacklet?')),
  input: async ({ item }, deps) => {
    const generate = vscode.l10n.t('Let the service generate one');
    const set = vscode.l10n.t('Set a password');
    const how = await deps.prompter.pick<'generate' | 'set'>({
      title: vscode.l10n.t('Reset the root password of {0}', item.name),
      placeHolder: vscode.l10n.t('The current password of {0} stops working either way', item.name),
      items: [
        { label: generate, description: vscode.l10n.t('the service sends it to you as it does for new stacklets'), value: 'generate' },
        { label: set, description: vscode.l10n.t('type the new password'), value: 'set' },
      ],
    });
    if (how === undefined || isBack(how)) return undefined;
    if (how === 'generate') return {};
    const password = await askPassword(deps, item.name);
    return password === undefined ? undefined : { password };
  },
  confirm: ({ password }) => (password === undefined ? 'modal' : 'prompt'),
  retry: async ({ item }, error, { password }, deps) => {
    if (password !== undefined || !refusalNamesField(error, 'password')) return undefined;
    const typed = await askPassword(deps, item.name, vscode.l10n.t('This service needs the new password from you.'));
    return typed === undefined ? undefined : { password: typed };
  },
});
