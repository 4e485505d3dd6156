import * as vscode from 'vscode';
import { plural } from '../model/plural';
import { deleteAction, type DeleteAction, deletingMany } from './deleteAction';

/** Deletes a firewall after a confirmation naming it; the stacklets behind it stay, without its rules. */
export const firewallDeletion: DeleteAction<'firewall'> = {
  kind: 'firewall',
  pick: () => ({ title: vscode.l10n.t('Delete which firewall?'), none: vscode.l10n.t('This account has no firewall.') }),
  confirm: (firewall) => {
    const count = firewall.resources.stacklet_ids.length;
    return {
      question: vscode.l10n.t('Delete firewall {0}?', firewall.name),
      detail: count === 0
        ? vscode.l10n.t('No stacklet is behind it.')
        : count === 1
          ? vscode.l10n.t('1 stacklet is behind it: it stays, without these rules.')
          : vscode.l10n.t('{0} stacklets are behind it: they stay, without these rules.', count),
    };
  },
  remove: (client, firewall) => client.deleteFirewall(firewall.uuid),
  progress: (firewall) => vscode.l10n.t('Deleting {0}…', firewall.name),
  failure: (firewall) => vscode.l10n.t('Could not delete firewall {0}', firewall.name),
  done: (firewall) => vscode.l10n.t('Deleted firewall {0}.', firewall.name),
  many: deletingMany({
    question: (n) => vscode.l10n.t('Delete {0} firewalls?', n),
    detail: (n) => plural(n, vscode.l10n.t('Its stacklets stay, without this firewall\'s rules.'), vscode.l10n.t('Their stacklets stay, without these firewalls\' rules.')),
    progress: (n) => vscode.l10n.t('Deleting {0} firewalls', n),
  }),
};

export const deleteFirewall = deleteAction(firewallDeletion);
