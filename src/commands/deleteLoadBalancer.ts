import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';
import { idleItems } from './idlePick';
import { plural } from '../api/plural';

/** Deletes a load balancer after a confirmation naming it; its stacklets stay. */
export const deleteLoadBalancer = actionCommand<'loadBalancer'>({
  kind: 'loadBalancer',
  action: 'delete',
  pick: () => idleItems(vscode.l10n.t('Delete which load balancer?'), vscode.l10n.t('No load balancer can be deleted now: every load balancer has a task running.')),
  done: (lb) => vscode.l10n.t('Deleted load balancer {0}.', lb.name),
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 load balancer?'), vscode.l10n.t('Delete {0} load balancers?', n)),
      detail: plural(n, vscode.l10n.t('Its stacklets stay; traffic to this load balancer\'s addresses stops.'), vscode.l10n.t('Their stacklets stay; traffic to these load balancers\' addresses stops.')),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 load balancer'), vscode.l10n.t('Deleting {0} load balancers', n)),
  },
});
