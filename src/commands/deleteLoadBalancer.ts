import * as vscode from 'vscode';
import { deleteAction, type DeleteAction, deletingMany } from './deleteAction';
import { idleItems } from './idlePick';
import { plural } from '../model/plural';

/** Deletes a load balancer after a confirmation naming it; its stacklets stay. */
export const loadBalancerDeletion: DeleteAction<'loadBalancer'> = {
  kind: 'loadBalancer',
  pick: () => idleItems(vscode.l10n.t('Delete which load balancer?'), vscode.l10n.t('No load balancer can be deleted now: every load balancer has a task running.')),
  confirm: (lb) => ({
    question: vscode.l10n.t('Delete load balancer {0}?', lb.name),
    detail: lb.ip
      ? vscode.l10n.t('Traffic to {0} stops. The stacklets behind it stay.', lb.ip)
      : vscode.l10n.t('Its traffic stops. The stacklets behind it stay.'),
  }),
  remove: (client, lb) => client.deleteLoadBalancer(lb.uuid),
  progress: (lb) => vscode.l10n.t('Deleting {0}…', lb.name),
  failure: (lb) => vscode.l10n.t('Could not delete load balancer {0}', lb.name),
  done: (lb) => vscode.l10n.t('Deleted load balancer {0}.', lb.name),
  many: deletingMany({
    question: (n) => plural(n, vscode.l10n.t('Delete 1 load balancer?'), vscode.l10n.t('Delete {0} load balancers?', n)),
    detail: (n) => plural(n, vscode.l10n.t('Its stacklets stay; traffic to this load balancer\'s addresses stops.'), vscode.l10n.t('Their stacklets stay; traffic to these load balancers\' addresses stops.')),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 load balancer'), vscode.l10n.t('Deleting {0} load balancers', n)),
  }),
};

export const deleteLoadBalancer = deleteAction(loadBalancerDeletion);
