/** What can be done to a Kubernetes cluster, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction, typedDeletion } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { createAction } from '../../actions/creation';
import { check, idField, text, wholeNumber } from '../../actions/fields';
import { projectOf, regionOf } from '../../actions/conditions';
import { checkKubernetesVersion, checkNodeCount, checkResourceName } from '../../api/validators';
import { clusterDeletionWords, costSentence, nodeCount } from '../../model/actionWords';
import { nodePoolMonthly } from '../../model/cost';
import { nodesWords, sizeFor } from '../nodePool/operations';
import { deletionChangeOf, type ResourceRef } from '../registry';

const create = createAction({
  kind: 'cluster',
  title: 'Create a Kubernetes cluster',
  description: 'Creates a cluster: name, version (stacklet_catalog what=kubernetesVersions), region offering Kubernetes, node_pool (its first pool) and project. The plan gives its nodes\' monthly estimate.',
  shape: {
    name: text('The cluster\'s name.'),
    version: text('A Kubernetes version, such as 1.30.2-00.'),
    region: text('A region slug (stacklet_catalog what=regions).'),
    node_pool: z.object({
      name: text('The pool\'s name.'),
      size: text('The size slug of its nodes (at least 2 vCPUs, 2 GB).'),
      count: wholeNumber().check(z.describe('Nodes, 1 to 100.')),
    }).check(z.describe('Its first node pool.')),
    project: z.optional(idField('The project\'s ID; the default project when absent.')),
  },
  checkName: checkResourceName,
  progress: (name) => l10n.t('Creating cluster {0}…', name),
  failure: (name) => l10n.t('Could not create cluster {0}', name),
  plan: async (ctx, input) => {
    check('version', checkKubernetesVersion(input.version, 'version'));
    const pool = input.node_pool;
    check('node_pool.name', checkResourceName(pool.name, 'node_pool.name'));
    check('node_pool.count', checkNodeCount(pool.count, 'node_pool.count'));
    const region = await regionOf(ctx, input.region, 'region', 'kubernetes');
    const size = await sizeFor(ctx, pool.size, undefined, 'node_pool.size');
    const project = await projectOf(ctx, input.project === undefined ? undefined : String(input.project));
    const body = { name: input.name, version: input.version, region, node_pool: { name: pool.name, size: pool.size, count: pool.count }, ...project };
    return {
      change: { create: body },
      monthlyChangeUsd: size ? nodePoolMonthly({ size, nodes: [], count: pool.count }) : undefined,
      words: (literal) => ({
        question: l10n.t('Create Kubernetes cluster {0}?', literal(input.name)),
        detail: l10n.t('Kubernetes {0} in {1}; node pool {2}: {3}.', literal(input.version), literal(region), literal(pool.name), nodesWords(pool.count, literal(pool.size))),
      }),
      request: () => ctx.client.createKubernetesCluster(body),
    };
  },
});

export const CLUSTER_OPERATIONS: readonly ActionDefinition[] = [
  create,
  renameAction({ kind: 'cluster', what: 'a Kubernetes cluster', checkName: checkResourceName, request: (ctx, ref, name) => ctx.client.renameKubernetesCluster(ref.data.uuid, name) }),
  deleteAction({
    kind: 'cluster',
    what: 'a Kubernetes cluster',
    description: 'Deletes a Kubernetes cluster (id) with its node pools and nodes: the user types its name to confirm. The plan gives the monthly change.',
    ask: (_ctx, ref) => typedDeletion(ref.name, (literal) => {
      const words = clusterDeletionWords(literal(ref.name), nodeCount(ref.data));
      return { ...words, loss: words.loss + costSentence(deletionChangeOf(ref as ResourceRef)) };
    }),
    failure: (name) => l10n.t('Could not delete cluster {0}', name),
    request: (ctx, ref) => ctx.client.deleteKubernetesCluster(ref.data.uuid),
  }),
];
