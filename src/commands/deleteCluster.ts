import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';
import { idleItems } from './idlePick';
import { plural } from '../api/plural';

/** Deletes a Kubernetes cluster with its nodes: the user types its name. */
export const deleteCluster = actionCommand<'cluster'>({
  kind: 'cluster',
  action: 'delete',
  pick: () => idleItems(vscode.l10n.t('Delete which Kubernetes cluster?'), vscode.l10n.t('No cluster can be deleted now: every cluster has a task running.')),
  done: (cluster) => vscode.l10n.t('Deleted cluster {0}.', cluster.name),
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 cluster?'), vscode.l10n.t('Delete {0} clusters?', n)),
      detail: plural(n, vscode.l10n.t('This destroys the cluster, its nodes and everything running on them.'), vscode.l10n.t('This destroys each cluster, its nodes and everything running on them.')),
      typed: plural(n, vscode.l10n.t('delete 1 cluster'), vscode.l10n.t('delete {0} clusters', n)),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 cluster'), vscode.l10n.t('Deleting {0} clusters', n)),
  },
});
