/** What can be done to a Kubernetes cluster, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction, typedDeletion } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { clusterDeletionWords, costSentence, nodeCount } from '../../model/actionWords';
import type { ResourceRef } from '../registry';

export const CLUSTER_OPERATIONS: readonly ActionDefinition[] = [
  renameAction({ kind: 'cluster', what: 'a Kubernetes cluster', request: (ctx, ref, name) => ctx.client.renameKubernetesCluster(ref.data.uuid, name) }),
  deleteAction({
    kind: 'cluster',
    what: 'a Kubernetes cluster',
    description: 'Deletes a Kubernetes cluster (id) with its node pools and nodes: the user is asked to type its name before it is sent. Refused while a task runs on it. The plan gives the monthly change.',
    ask: (_ctx, ref) => typedDeletion(ref.name, (literal) => {
      const words = clusterDeletionWords(literal(ref.name), nodeCount(ref.data));
      return { ...words, loss: words.loss + costSentence(ref as ResourceRef) };
    }),
    failure: (name) => l10n.t('Could not delete cluster {0}', name),
    request: (ctx, ref) => ctx.client.deleteKubernetesCluster(ref.data.uuid),
  }),
];
