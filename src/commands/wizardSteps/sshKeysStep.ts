import * as vscode from 'vscode';
import type { ResourceStore } from '../../kinds/resourceStore';
import { BACK, type PickItem } from '../../ui/prompter';
import { addSshKeyFlow } from '../addSshKey';
import type { CommandDeps } from '../deps';
import { isBack, labelsOf, type WizardStep } from '../wizard';
import type { With } from './fields';

/**
 * The SSH keys allowed to log in (none is fine), and "Add a Key…", which adds one (from ~/.ssh or pasted) and
 * asks again with the new key checked.
 */
export function sshKeysStep<S extends With<'sshKeys', number[]>>(deps: CommandDeps, store: ResourceStore, title: string): WizardStep<S> {
  const ADD = 'add' as const;
  return {
    id: 'sshKeys',
    async ask(state, at) {
      for (;;) {
        const keys = (await store.get('sshKey').catch(() => undefined))?.items ?? [];
        const chosen = state.sshKeys ?? [];
        const items: PickItem<number | typeof ADD>[] = [
          ...keys.map((key) => ({ label: key.name, ...(key.fingerprint ? { description: key.fingerprint } : {}), picked: chosen.includes(key.id), value: key.id })),
          { label: vscode.l10n.t('Add a Key…'), icon: 'add', description: vscode.l10n.t('from a .pub file or pasted; then it is checked here'), value: ADD },
        ];
        const answer = await deps.prompter.pickMany<number | typeof ADD>({
          title,
          placeHolder: vscode.l10n.t('Keys allowed to log in as root (none is fine)'),
          items,
          canPickMany: true,
          step: at.step,
          totalSteps: at.totalSteps,
        });
        if (answer === undefined) return undefined;
        if (isBack(answer)) return BACK;
        state.sshKeys = answer.filter((value): value is number => value !== ADD);
        if (!answer.includes(ADD)) {
          at.answered?.(title, labelsOf<number | typeof ADD>(items, state.sshKeys));
          return 'next';
        }
        const added = await addSshKeyFlow(deps, await deps.session.current());
        if (added) state.sshKeys = [...state.sshKeys, added.id];
      }
    },
  };
}
