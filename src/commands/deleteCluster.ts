import * as vscode from 'vscode';
import { refTo } from '../kinds/registry';
import { costSentence, deleteAction, type DeleteAction, typedConfirmation, deletingMany } from './deleteAction';
import { idleItems } from './idlePick';

/** Deletes a Kubernetes cluster with its nodes: the user types its name. */
export const clusterDeletion: DeleteAction<'cluster'> = {
  kind: 'cluster',
  pick: () => idleItems(vscode.l10n.t('Delete which Kubernetes cluster?'), vscode.l10n.t('No cluster can be deleted now: every cluster has a task running.')),
  confirm: (cluster) => typedConfirmation(
    cluster.name,
    vscode.l10n.t('Delete Cluster {0}', cluster.name),
    vscode.l10n.t('This destroys cluster {0}, its {1} node(s) and everything running on them.', cluster.name, cluster.node_pools.reduce((sum, pool) => sum + pool.nodes.length, 0)) + costSentence(refTo('cluster', cluster)),
  ),
  remove: (client, cluster) => client.deleteKubernetesCluster(cluster.uuid),
  progress: (cluster) => vscode.l10n.t('Deleting {0}…', cluster.name),
  failure: (cluster) => vscode.l10n.t('Could not delete cluster {0}', cluster.name),
  done: (cluster) => vscode.l10n.t('Deleted cluster {0}.', cluster.name),
  many: deletingMany({
    question: (n) => vscode.l10n.t('Delete {0} clusters?', n),
    detail: () => vscode.l10n.t('This destroys each cluster, its nodes and everything running on them.'),
    progress: (n) => vscode.l10n.t('Deleting {0} clusters', n),
    typed: (n) => vscode.l10n.t('delete {0} clusters', n),
  }),
};

export const deleteCluster = deleteAction(clusterDeletion);
