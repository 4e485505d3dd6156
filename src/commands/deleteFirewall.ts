import * as vscode from 'vscode';
import { plural } from '../api/plural';
import { actionCommand } from './actionCommand';

/** Deletes a firewall after a confirmation naming it; the stacklets behind it stay, without its rules. */
export const deleteFirewall = actionCommand<'firewall'>({
  kind: 'firewall',
  action: 'delete',
  pick: () => ({ title: vscode.l10n.t('Delete which firewall?'), none: vscode.l10n.t('This account has no firewall.') }),
  done: (firewall) => vscode.l10n.t('Deleted firewall {0}.', firewall.name),
  many: {
    confirm: (n) => ({
      question: vscode.l10n.t('Delete {0} firewalls?', n),
      detail: plural(n, vscode.l10n.t('Its stacklets stay, without this firewall\'s rules.'), vscode.l10n.t('Their stacklets stay, without these firewalls\' rules.')),
    }),
    progress: (n) => vscode.l10n.t('Deleting {0} firewalls', n),
  },
});
