import * as vscode from 'vscode';
import { deleteAction, type DeleteAction, deletingMany } from './deleteAction';
import { plural } from '../model/plural';

/**
 * Deletes a VPC after a confirmation naming it. One that still has stacklets is sent too: the service decides, and
 * its refusal is shown in its own words.
 */
export const vpcDeletion: DeleteAction<'vpc'> = {
  kind: 'vpc',
  pick: () => ({ title: vscode.l10n.t('Delete which VPC?'), none: vscode.l10n.t('This account has no VPC.') }),
  confirm: (vpc) => ({
    question: vscode.l10n.t('Delete VPC {0}?', vpc.name),
    detail: vpc.stacklet_ids.length > 0
      ? plural(vpc.stacklet_ids.length, vscode.l10n.t('It still has 1 stacklet: the service may refuse until it is gone.'), vscode.l10n.t('It still has {0} stacklets: the service may refuse until they are gone.', vpc.stacklet_ids.length))
      : vscode.l10n.t('Its range {0} is free again.', vpc.cidr),
  }),
  remove: (client, vpc) => client.deleteVpc(vpc.uuid),
  progress: (vpc) => vscode.l10n.t('Deleting {0}…', vpc.name),
  failure: (vpc) => vscode.l10n.t('Could not delete VPC {0}', vpc.name),
  done: (vpc) => vscode.l10n.t('Deleted VPC {0}.', vpc.name),
  many: deletingMany({
    question: (n) => plural(n, vscode.l10n.t('Delete 1 VPC?'), vscode.l10n.t('Delete {0} VPCs?', n)),
    detail: () => vscode.l10n.t('The service refuses a VPC that still has stacklets.'),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 VPC'), vscode.l10n.t('Deleting {0} VPCs', n)),
  }),
};

export const deleteVpc = deleteAction(vpcDeletion);
