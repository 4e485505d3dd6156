import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';
import { plural } from '../api/plural';

/**
 * Deletes a VPC after a confirmation naming it. One that still has stacklets is sent too: the service decides, and
 * its refusal is shown in its own words.
 */
export const deleteVpc = actionCommand<'vpc'>({
  kind: 'vpc',
  action: 'delete',
  pick: () => ({ title: vscode.l10n.t('Delete which VPC?'), none: vscode.l10n.t('This account has no VPC.') }),
  done: (vpc) => vscode.l10n.t('Deleted VPC {0}.', vpc.name),
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 VPC?'), vscode.l10n.t('Delete {0} VPCs?', n)),
      detail: vscode.l10n.t('The service refuses a VPC that still has stacklets.'),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 VPC'), vscode.l10n.t('Deleting {0} VPCs', n)),
  },
});
