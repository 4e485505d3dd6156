/**
 * Kubernetes clusters: list (key `kubernetes_clusters`, INFERRED), get, delete, create (a task; the nodes
 * appear when it ends), rename by PUT /v1/kubernetes/:uuid or the spec's PUT /v1/kubernetes, node pool
 * updates with or without the pool id in the path, and adding and deleting node pools (conventional forms).
 */
import { randomUUID } from 'node:crypto';
import { CreateKubernetesBody, CreateNodePoolBody, UpdateKubernetesBody, UpdateNodePoolBody } from '../../api/requests';
import { findKubernetesVersion, KUBERNETES_VERSIONS } from '../catalog';
import { gb, requireConventionalForm, requireIdle, requireProject, requireRecord, requireRegion, requireSize, requireUniqueName } from '../stateChecks';
import { startTask, type Ctx, type Handler } from '../context';
import { ApiError } from '../errors';
import { created, noContent, ok, type Reply, type Router } from '../http';
import type { KubernetesRec, NodePoolRec } from '../records';
import { listReply } from '../pagination';
import { makeNodePool, makeNodes, resizeNodes } from '../recordBuilders';
import { TASKS } from '../tasks';
import { parseBody } from '../issueMessages';

const uuidOf = (k: KubernetesRec): string => k.uuid;

const requireCluster = (ctx: Ctx, uuid = ctx.params['uuid']): KubernetesRec =>
  requireRecord(ctx.account.clusters, 'kubernetes cluster', uuid, uuid ?? '');

/** A size Kubernetes nodes of `version` can run on. */
function requireNodeSize(field: string, slug: string, version: KubernetesRec['version']) {
  const size = requireSize(field, slug);
  if (size.vcpu < version.min_vcpu || size.memory < version.min_memory) {
    throw ApiError.field(field, `size ${size.slug} is too small for Kubernetes nodes (needs ${version.min_vcpu} vCPUs and ${gb(version.min_memory)} GB memory)`);
  }
  return size;
}

function create(ctx: Ctx): Reply {
  const body = parseBody(CreateKubernetesBody, ctx.body);
  const account = ctx.account;
  requireUniqueName(account.clusters, 'kubernetes cluster', body.name, uuidOf);
  const version = findKubernetesVersion(body.version);
  if (!version) {
    throw ApiError.field('version', `unknown version '${body.version}' (known: ${KUBERNETES_VERSIONS.filter((v) => v.available).map((v) => v.version).join(', ')})`);
  }
  if (!version.available) throw ApiError.field('version', `version ${version.version} is not available`);
  const region = requireRegion('region', body.region, 'kubernetes');
  const size = requireNodeSize('node_pool.size', body.node_pool.size, version);
  requireProject(account, body.project_uuid);
  const uuid = randomUUID();
  const n = account.clusters.size + 20;
  const pool = makeNodePool(ctx.world, body.node_pool.name, size, body.node_pool.count, false);
  const cluster: KubernetesRec = {
    uuid,
    name: body.name,
    tags: [`k8s:${uuid}`, 'k8s'],
    ipv4: `198.51.100.${(n % 250) + 2}`,
    task: null,
    region,
    version,
    endpoint: `https://${uuid}.k8s.stacklet.example`,
    created_at: ctx.world.timestamp(),
    node_pools: [pool],
    cluster_subnet: '10.244.0.0/16',
    service_subnet: '10.245.0.0/16',
  };
  account.clusters.add(cluster);
  startTask(ctx, cluster, TASKS.clusterCreate, () => {
    pool.nodes = makeNodes(ctx.world, pool.name, pool.count);
  });
  ctx.applied('kubernetes.create');
  return created({ kubernetes: cluster });
}

function rename(ctx: Ctx, cluster: KubernetesRec, name: string): Reply {
  requireIdle('kubernetes cluster', cluster.uuid, cluster);
  requireUniqueName(ctx.account.clusters, 'kubernetes cluster', name, uuidOf, cluster);
  startTask(ctx, cluster, TASKS.clusterUpdate, () => {
    cluster.name = name;
  });
  ctx.applied('kubernetes.update');
  return ok({ kubernetes: cluster });
}

function updateByPath(ctx: Ctx): Reply {
  const cluster = requireCluster(ctx);
  const body = parseBody(UpdateKubernetesBody, ctx.body);
  return rename(ctx, cluster, body.name);
}

/** The spec's PUT /v1/kubernetes: the cluster is `uuid` from the body, or the account's only cluster. */
function updateBySpecForm(ctx: Ctx): Reply {
  const body = parseBody(UpdateKubernetesBody, ctx.body);
  let cluster: KubernetesRec | undefined;
  if (body.uuid !== undefined) {
    cluster = ctx.account.clusters.get(body.uuid);
    if (!cluster) throw ApiError.field('uuid', `kubernetes cluster ${body.uuid} not found`);
  } else {
    const all = ctx.account.clusters.all();
    if (all.length !== 1) throw ApiError.field('uuid', `is required when the account has ${all.length} clusters`);
    cluster = all[0]!;
  }
  return rename(ctx, cluster, body.name);
}

function updatePool(ctx: Ctx): Reply {
  const cluster = requireCluster(ctx);
  const body = parseBody(UpdateNodePoolBody, ctx.body);
  const poolId = ctx.params['pool_id'] ?? body.id;
  let pool: NodePoolRec | undefined;
  if (poolId !== undefined) {
    pool = cluster.node_pools.find((p) => p.id === poolId);
    if (!pool) throw ApiError.notFound('node pool', poolId);
  } else {
    if (cluster.node_pools.length !== 1) throw ApiError.field('id', `is required when the cluster has ${cluster.node_pools.length} node pools`);
    pool = cluster.node_pools[0]!;
  }
  requireIdle('kubernetes cluster', cluster.uuid, cluster);
  const target = pool;
  const { name, count } = body;
  startTask(ctx, cluster, TASKS.nodePoolUpdate, () => {
    target.name = name;
    resizeNodes(ctx.world, target, count);
  });
  ctx.applied('kubernetes.node_pool.update');
  return ok({ node_pools: cluster.node_pools });
}

/** POST /v1/kubernetes/:uuid/node_pools: a task on the cluster; the pool's nodes appear when it ends. */
function addPool(ctx: Ctx): Reply {
  requireConventionalForm(ctx, 'POST', `/v1/kubernetes/${ctx.params['uuid']}/node_pools`);
  const cluster = requireCluster(ctx);
  const body = parseBody(CreateNodePoolBody, ctx.body);
  if (cluster.node_pools.some((p) => p.name.trim().toLowerCase() === body.name.trim().toLowerCase())) {
    throw ApiError.field('name', `is already used by a node pool of kubernetes cluster ${cluster.uuid}`);
  }
  const size = requireNodeSize('size', body.size, cluster.version);
  requireIdle('kubernetes cluster', cluster.uuid, cluster);
  const pool = makeNodePool(ctx.world, body.name, size, body.count, false);
  cluster.node_pools.push(pool);
  startTask(ctx, cluster, TASKS.nodePoolAdd, () => {
    pool.nodes = makeNodes(ctx.world, pool.name, pool.count);
  });
  ctx.applied('kubernetes.node_pool.create');
  return created({ node_pool: pool });
}

/** DELETE /v1/kubernetes/:uuid/node_pools/:pool_id: at once; a cluster keeps at least one pool. */
function removePool(ctx: Ctx): Reply {
  const poolId = ctx.params['pool_id']!;
  requireConventionalForm(ctx, 'DELETE', `/v1/kubernetes/${ctx.params['uuid']}/node_pools/${poolId}`);
  const cluster = requireCluster(ctx);
  const pool = cluster.node_pools.find((p) => p.id === poolId);
  if (!pool) throw ApiError.notFound('node pool', poolId);
  requireIdle('kubernetes cluster', cluster.uuid, cluster);
  if (cluster.node_pools.length === 1) {
    throw new ApiError(422, 'unprocessable_entity', `node pool ${pool.id} is the only node pool of kubernetes cluster ${cluster.uuid}; a cluster needs at least one`);
  }
  cluster.node_pools.splice(cluster.node_pools.indexOf(pool), 1);
  ctx.applied('kubernetes.node_pool.delete');
  return noContent();
}

function remove(ctx: Ctx): Reply {
  const cluster = requireCluster(ctx);
  requireIdle('kubernetes cluster', cluster.uuid, cluster);
  ctx.account.clusters.delete(cluster.uuid);
  ctx.applied('kubernetes.delete');
  return noContent();
}

export function registerKubernetes(router: Router<Handler>): void {
  router
    .add('GET', '/v1/kubernetes', (ctx) => listReply('kubernetes_clusters', ctx.account.clusters.all(), ctx.query, ctx.config.quirks))
    .add('POST', '/v1/kubernetes', create)
    .add('PUT', '/v1/kubernetes', updateBySpecForm)
    .add('PUT', '/v1/kubernetes/:uuid/node_pools/:pool_id', updatePool)
    .add('PUT', '/v1/kubernetes/:uuid/node_pools', updatePool)
    .add('POST', '/v1/kubernetes/:uuid/node_pools', addPool)
    .add('DELETE', '/v1/kubernetes/:uuid/node_pools/:pool_id', removePool)
    .add('GET', '/v1/kubernetes/:uuid', (ctx) => ok({ kubernetes: requireCluster(ctx) }))
    .add('PUT', '/v1/kubernetes/:uuid', updateByPath)
    .add('DELETE', '/v1/kubernetes/:uuid', remove);
}
