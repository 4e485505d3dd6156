// Doors table rows: Kubernetes (a cluster's create; a node pool's add, resize, rename and delete) and a load
// balancer's create. Each door finds the account as the row's prepare leaves it: what the door before made goes
// first, around the extension, once the cluster's task has ended. What the rows add to the monthly estimate (a
// cluster of one node, a pool of one, $24 each) stays under the agents' default limit of $50 a session.
import type { DoorKit, DoorRow, Request } from './row';

interface Pool {
  id: string;
  name: string;
  count?: number;
}

interface Cluster {
  uuid: string;
  name: string;
  node_pools: Pool[];
}

const clusters = async (kit: DoorKit) => (await kit.get<{ kubernetes_clusters: Cluster[] }>('/v1/kubernetes?per_page=200')).kubernetes_clusters;

/** The cluster `name` once no task runs on it. */
async function idleCluster(kit: DoorKit, name: string): Promise<Cluster> {
  const { uuid } = (await clusters(kit)).find((cluster) => cluster.name === name)!;
  await kit.idle('cluster', uuid, `/v1/kubernetes/${uuid}`, 'kubernetes');
  return (await clusters(kit)).find((cluster) => cluster.uuid === uuid)!;
}

/** Changes the cluster around the extension and waits for the task it starts; answers the cluster as it is then. */
async function changed(kit: DoorKit, cluster: Cluster, method: string, path: string, body?: unknown): Promise<Cluster> {
  await kit.change(method, path, body);
  await kit.idle('cluster', cluster.uuid, `/v1/kubernetes/${cluster.uuid}`, 'kubernetes');
  await kit.invalidate('cluster');
  return idleCluster(kit, cluster.name);
}

/** demo-cluster with its default pool at 3 nodes under its own name, and the extra pool present or not. */
async function demoCluster(kit: DoorKit, extra: boolean): Promise<Cluster> {
  let cluster = await idleCluster(kit, 'demo-cluster');
  const pool = cluster.node_pools[0]!;
  if (pool.name !== 'default-pool' || pool.count !== 3) {
    cluster = await changed(kit, cluster, 'PUT', `/v1/kubernetes/${cluster.uuid}/node_pools/${pool.id}`, { name: 'default-pool', count: 3 });
  }
  const made = cluster.node_pools.find((other) => other.name === EXTRA);
  if (made && !extra) cluster = await changed(kit, cluster, 'DELETE', `/v1/kubernetes/${cluster.uuid}/node_pools/${made.id}`);
  if (!made && extra) cluster = await changed(kit, cluster, 'POST', `/v1/kubernetes/${cluster.uuid}/node_pools`, { name: EXTRA, size: 'b-2vcpu-4gb', count: 1 });
  await kit.invalidate('cluster');
  return cluster;
}

const EXTRA = 'doors-extra';
const NEW_CLUSTER = { name: 'doors-k8s', version: '1.29.6-00', region: 'ams', node_pool: { name: 'doors-k8s-pool', size: 'b-2vcpu-4gb', count: 1 } };
const NEW_LB = {
  name: 'doors-lb', region: 'ams', algorithm: 'round_robin',
  rules: [{ protocol: 'tcp', source_port: 5432, target_port: 5432 }],
  health: { protocol: 'tcp', port: 5432, interval: 10, rise: 3, fall: 3 },
};
const poolPath = '/v1/kubernetes/:uuid/node_pools/:pool_id';

export const ROWS: readonly DoorRow[] = [
  {
    tool: 'stacklet_manage_cluster',
    action: 'create',
    command: 'stacklet.createKubernetesCluster',
    prepare: async (kit) => {
      const made = (await clusters(kit)).find((cluster) => cluster.name === NEW_CLUSTER.name);
      if (made) {
        await idleCluster(kit, made.name);
        await kit.change('DELETE', `/v1/kubernetes/${made.uuid}`);
      }
      await kit.invalidate('cluster');
      const { node_pool: pool } = NEW_CLUSTER;
      return {
        input: NEW_CLUSTER,
        args: async () => [],
        script: [{ input: NEW_CLUSTER.name }, { pick: NEW_CLUSTER.version }, { pick: NEW_CLUSTER.region }, { input: pool.name }, { pick: pool.size }, { input: String(pool.count) }, { choose: 'Create' }],
      };
    },
    sends: () => [['POST', '/v1/kubernetes', NEW_CLUSTER]],
  },
  {
    tool: 'stacklet_manage_nodePool',
    action: 'add',
    command: 'stacklet.addNodePool',
    prepare: async (kit) => {
      const cluster = await demoCluster(kit, false);
      return {
        input: { cluster: cluster.uuid, name: EXTRA, size: 'b-2vcpu-4gb', count: 1 },
        args: async () => [await kit.node('kubernetes', 'cluster', 'demo-cluster')],
        // The review the wizard ends in is the confirmation.
        script: [{ input: EXTRA }, { pick: 'b-2vcpu-4gb' }, { input: '1' }, { choose: 'Add' }],
      };
    },
    sends: () => [['POST', '/v1/kubernetes/:uuid/node_pools', { name: EXTRA, size: 'b-2vcpu-4gb', count: 1 }]],
  },
  {
    tool: 'stacklet_manage_nodePool',
    action: 'resize',
    command: 'stacklet.resizeNodePool',
    prepare: async (kit) => {
      const cluster = await demoCluster(kit, false);
      const pool = cluster.node_pools[0]!;
      // From the palette: the pool picked, then the count typed, which is the confirmation. Fewer nodes: the
      // agents' doors count what their changes add to the monthly estimate against a limit (the suite's rows share it).
      return { input: { cluster: cluster.uuid, id: pool.id, count: 2 }, args: async () => [], script: [{ pick: 'default-pool' }, { input: '2' }] };
    },
    sends: (): Request[] => [['PUT', poolPath, { name: 'default-pool', count: 2 }]],
  },
  {
    tool: 'stacklet_manage_nodePool',
    action: 'rename',
    command: 'stacklet.renameNodePool',
    prepare: async (kit) => {
      const cluster = await demoCluster(kit, false);
      const pool = cluster.node_pools[0]!;
      return { input: { cluster: cluster.uuid, id: pool.id, name: 'doors-workers' }, args: async () => [], script: [{ pick: 'default-pool' }, { input: 'doors-workers' }] };
    },
    sends: (): Request[] => [['PUT', poolPath, { name: 'doors-workers', count: 3 }]],
  },
  {
    tool: 'stacklet_manage_nodePool',
    action: 'delete',
    command: 'stacklet.deleteNodePool',
    prepare: async (kit) => {
      const cluster = await demoCluster(kit, true);
      const pool = cluster.node_pools.find((other) => other.name === EXTRA)!;
      // Its nodes and their disks go: its name typed, at every door.
      return { input: { cluster: cluster.uuid, id: pool.id }, args: async () => [], script: [{ pick: EXTRA }, { input: EXTRA }], typed: EXTRA };
    },
    // The emulator records a DELETE without a body as {}.
    sends: (): Request[] => [['DELETE', poolPath, {}]],
  },
  {
    tool: 'stacklet_manage_loadBalancer',
    action: 'create',
    command: 'stacklet.createLoadBalancer',
    prepare: async (kit) => {
      const lbs = async () => (await kit.get<{ load_balancers: { uuid: string; name: string }[] }>('/v1/load_balancers?per_page=200')).load_balancers;
      const made = (await lbs()).find((lb) => lb.name === NEW_LB.name);
      if (made) {
        await kit.idle('loadBalancer', made.uuid, `/v1/load_balancers/${made.uuid}`, 'load_balancer');
        await kit.change('DELETE', `/v1/load_balancers/${made.uuid}`);
      }
      await kit.invalidate('loadBalancer');
      const [rule] = NEW_LB.rules;
      return {
        input: NEW_LB,
        args: async () => [],
        script: [
          { input: NEW_LB.name }, { pick: NEW_LB.region }, { pick: NEW_LB.algorithm },
          { pick: rule!.protocol }, { input: String(rule!.source_port) }, { input: String(rule!.target_port) }, { pick: 'Done' },
          { pick: 'tcp' }, { input: '5432' }, { input: '10' }, { input: '3' }, { input: '3' }, { many: [] }, { pick: 'None' }, { pick: 'No' },
          { choose: 'Create' },
        ],
      };
    },
    sends: () => [['POST', '/v1/load_balancers', { ...NEW_LB, redirect_http_to_https: false }]],
  },
];
