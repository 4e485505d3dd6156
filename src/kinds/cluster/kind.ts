/** The cluster kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { clusterMonthly } from '../../model/cost';
import { COMMON, addresses, byUuid, named, regionFacts } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

/**
 * Versions offered when the service lists none (it has no version listing): the newest known releases. Create
 * Kubernetes Cluster offers the versions of the account's clusters too, and any version can be typed; the agent's
 * catalog answers the same.
 */
export const KNOWN_KUBERNETES_VERSIONS: readonly string[] = ['1.30.2-00', '1.29.6-00', '1.28.11-00'];

export const clusterKind = {
  label: () => l10n.t('Kubernetes cluster'),
  key: byUuid,
  name: named,
  address: (cluster) => cluster.ipv4 ?? undefined,
  list: (client, _params, call) => client.listKubernetesClusters(call),
  get: (client, id, call) => client.getKubernetesCluster(String(id), call),
  known: {},
  tasks: {},
  actions: [...COMMON, 'copyAsCurl', 'copyAddress', 'rename', 'addNodePool', 'openAsDocument', 'delete'],
  bulk: ['delete', 'openAsDocument'],
  search: (cluster) => ({ addresses: addresses(cluster.ipv4), tags: cluster.tags, regions: regionFacts(cluster.region) }),
  monthly: clusterMonthly,
} as const satisfies KindSpec<'cluster'>;
