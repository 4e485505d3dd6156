// Kubernetes clusters, node pools and load balancers as the write tools define them (src/kinds/{cluster,nodePool,
// loadBalancer}/operations.ts), planned through the catalog as every door plans them (the input checked against
// the action's schema first) and sent through the gate, against the emulator over real HTTP: the monthly change
// from the sizes' prices, the UI's refusals (a busy cluster, a count out of range, the only pool, a bad rule)
// each naming its field or its rule, and what reaches the service.
import * as assert from 'node:assert/strict';
import type { StackletClient } from '../../src/api/client';
import { ActionInputError, ActionRefusal } from '../../src/actions/refusals';
import { planAction, writeTool } from '../../src/kinds/operations';
import type { ActionContext } from '../../src/actions/definition';
import { execute } from '../../src/actions/gate';
import { loadBalancerKind } from '../../src/kinds/loadBalancer/document';
import { IncompleteApply } from '../../src/documents/outcome';
import type { EmulatorHandle } from '../../src/emulator/server';
import { rejectionOf as rejection, startAgentEmulator, stopAgentEmulator } from './support/helpers';

const TASK_MS = 1000;
const same = (text: string) => text;

describe('agent writes ⇄ emulator: Kubernetes and load balancers', function () {
  this.timeout(20_000);
  let emu: EmulatorHandle;
  let client: StackletClient;
  let ctx: ActionContext;
  let now = Date.parse('2026-06-01T10:00:00.000Z');
  const plan = (kind: string, action: string, input: Record<string, unknown>) => {
    ctx.store.invalidate('stacklet', 'cluster', 'loadBalancer', 'size', 'region');
    return planAction(ctx, `stacklet_manage_${kind}`, { action, ...input });
  };
  const field = async (kind: string, action: string, input: Record<string, unknown>) => (await rejection(plan(kind, action, input), ActionInputError)).field;
  const cluster = async () => (await client.listKubernetesClusters()).items.find((item) => item.name === 'demo-cluster')!;
  const lb = async () => (await client.listLoadBalancers()).items.find((item) => item.name === 'web-lb')!;

  beforeEach(async () => ({ emu, client, ctx } = await startAgentEmulator(TASK_MS, () => now)));
  afterEach(() => stopAgentEmulator({ emu, client, ctx }));

  it('creates a cluster with its first pool\'s monthly estimate, refusing a count out of range or a region without Kubernetes naming the field', async () => {
    const input = { name: 'agent-k8s', version: '1.29.6-00', region: 'fra', node_pool: { name: 'agent-pool', size: 'b-2vcpu-4gb', count: 2 } };
    assert.equal(await field('cluster', 'create', { ...input, node_pool: { ...input.node_pool, count: 101 } }), 'node_pool.count');
    assert.equal(await field('cluster', 'create', { ...input, node_pool: { ...input.node_pool, size: 'z-huge' } }), 'node_pool.size');
    assert.equal(await field('cluster', 'create', { ...input, version: 'latest' }), 'version');
    assert.equal(await field('cluster', 'create', { ...input, region: 'xyz' }), 'region');
    const planned = await plan('cluster', 'create', input);
    assert.equal(planned.monthlyChangeUsd, 48, 'two nodes at $24 each');
    assert.deepEqual(planned.resources, [{ kind: 'cluster', name: 'agent-k8s', role: 'new' }]);
    assert.equal(planned.words(same).question, 'Create Kubernetes cluster agent-k8s?');
    assert.equal(planned.words(same).detail, 'Kubernetes 1.29.6-00 in fra; node pool agent-pool: 2 nodes of size b-2vcpu-4gb.');
    const sent = await execute(ctx, planned, { door: 'mcp' });
    assert.ok(sent['task'], 'the cluster\'s create task is answered');
    const made = (await client.listKubernetesClusters()).items.find((item) => item.name === 'agent-k8s')!;
    assert.deepEqual([made.region.slug, made.node_pools.map((pool) => [pool.name, pool.size.slug, pool.count])], ['fra', [['agent-pool', 'b-2vcpu-4gb', 2]]]);
  });

  it('adds, resizes, renames and deletes a node pool with the monthly change, refusing the busy cluster, a count out of range and its only pool', async () => {
    const demo = await cluster();
    const pool = demo.node_pools[0]!;
    const only = await rejection(plan('nodePool', 'delete', { cluster: demo.uuid, id: pool.id }), ActionRefusal);
    assert.equal(only.reason, 'onlyPool');
    assert.deepEqual(only.resource, { kind: 'nodePool', id: pool.id, name: 'default-pool' });
    assert.equal(await field('nodePool', 'resize', { cluster: demo.uuid, id: pool.id, count: 0 }), 'count');
    assert.equal(await field('nodePool', 'resize', { cluster: demo.uuid, id: pool.id, count: 101 }), 'count');
    assert.equal(await field('nodePool', 'resize', { cluster: demo.uuid, id: 'no-such-pool', count: 4 }), 'id');
    assert.equal(await field('nodePool', 'resize', { cluster: 'no-such-cluster', id: pool.id, count: 4 }), 'cluster');
    assert.equal((await rejection(plan('nodePool', 'resize', { cluster: demo.uuid, id: pool.id, count: 3 }), ActionRefusal)).reason, 'sameCount');
    assert.equal(await field('nodePool', 'add', { cluster: demo.uuid, name: 'DEFAULT-POOL', size: 'b-2vcpu-4gb', count: 1 }), 'name');
    assert.equal(await field('nodePool', 'add', { cluster: demo.uuid, name: 'tiny', size: 'b-1vcpu-1gb', count: 1 }), 'size', 'too small for Kubernetes');

    const added = await plan('nodePool', 'add', { cluster: demo.uuid, name: 'agent-pool', size: 'b-2vcpu-4gb', count: 2 });
    assert.equal(added.monthlyChangeUsd, 48);
    assert.deepEqual(added.resources, [{ kind: 'cluster', id: demo.uuid, name: 'demo-cluster', role: 'target' }, { kind: 'nodePool', name: 'agent-pool', role: 'new' }]);
    assert.equal(added.words(same).question, 'Add node pool agent-pool to demo-cluster?');
    const sent = await execute(ctx, added, { door: 'mcp' });
    assert.ok(sent['task'], 'the cluster runs a task while the nodes are made');
    const busy = await rejection(plan('nodePool', 'resize', { cluster: demo.uuid, id: pool.id, count: 4 }), ActionRefusal);
    assert.equal(busy.reason, 'busy');
    assert.equal(busy.resource.name, 'demo-cluster');
    now += 2 * TASK_MS;

    const resized = await plan('nodePool', 'resize', { cluster: demo.uuid, id: pool.id, count: 4 });
    assert.equal(resized.monthlyChangeUsd, 24);
    assert.equal(resized.words(same).question, 'Change node pool default-pool of demo-cluster to 4 nodes?');
    assert.deepEqual(resized.resources.map((r) => [r.kind, r.name, r.role]), [['nodePool', 'default-pool', 'target'], ['cluster', 'demo-cluster', 'cluster']]);
    await execute(ctx, resized, { door: 'mcp' });
    now += 2 * TASK_MS;
    assert.equal((await rejection(plan('nodePool', 'rename', { cluster: demo.uuid, id: pool.id, name: 'default-pool' }), ActionRefusal)).reason, 'sameName');
    await execute(ctx, await plan('nodePool', 'rename', { cluster: demo.uuid, id: pool.id, name: 'workers' }), { door: 'mcp' });
    now += 2 * TASK_MS;
    assert.deepEqual((await cluster()).node_pools.map((p) => [p.name, p.count]), [['workers', 4], ['agent-pool', 2]]);

    const agentPool = (await cluster()).node_pools.find((p) => p.name === 'agent-pool')!;
    const deletion = await plan('nodePool', 'delete', { cluster: demo.uuid, id: agentPool.id });
    assert.equal(deletion.monthlyChangeUsd, -48);
    assert.equal(deletion.words(same).question, 'Delete node pool agent-pool of demo-cluster?');
    assert.ok(writeTool('stacklet_manage_nodePool')!.actions.find((a) => a.action === 'delete')!.destructive);
    // Its nodes and their disks go: asked with its name typed, as a cluster's deletion is.
    assert.equal(deletion.typed, 'agent-pool');
    assert.match(deletion.words(same).detail, /Its 2 nodes go, with their disks and what runs on them.*Type its name, agent-pool, to confirm/);
    assert.equal((await rejection(execute(ctx, deletion, { door: 'mcp' }), ActionRefusal)).reason, 'typedNameMismatch');
    assert.equal((await rejection(execute(ctx, deletion, { door: 'mcp', typed: 'agent' }), ActionRefusal)).reason, 'typedNameMismatch');
    assert.equal((await cluster()).node_pools.length, 2, 'nothing sent');
    await execute(ctx, deletion, { door: 'mcp', typed: 'agent-pool' });
    assert.deepEqual((await cluster()).node_pools.map((p) => p.name), ['workers']);
  });

  it('creates a load balancer with the wizard\'s body, refusing a clashing port and a backend of another region naming the field', async () => {
    const web1 = (await client.listStacklets()).items.find((item) => item.name === 'web-1')!;
    const input = {
      name: 'agent-lb', region: 'fra', algorithm: 'least_connections',
      rules: [{ protocol: 'http', source_port: 80, target_port: 8080 }, { protocol: 'https', source_port: 443, target_port: 8443, certificate_id: 7 }],
      health: { protocol: 'http', port: 8080 },
      stacklet_ids: [web1.id],
      sticky_sessions: { name: 'lb', ttl: 600 },
    };
    assert.equal(await field('loadBalancer', 'create', { ...input, rules: [input.rules[0], { ...input.rules[1], source_port: 80 }] }), 'rules.1.source_port');
    assert.equal(await field('loadBalancer', 'create', { ...input, rules: [{ ...input.rules[0], protocol: 'ftp' }] }), 'rules.0.protocol');
    assert.equal(await field('loadBalancer', 'create', { ...input, algorithm: 'random' }), 'algorithm');
    assert.equal(await field('loadBalancer', 'create', { ...input, region: 'ams' }), 'stacklet_ids');
    assert.equal(await field('loadBalancer', 'create', { ...input, sticky_sessions: { name: 'lb' } }), 'sticky_sessions.ttl');
    const planned = await plan('loadBalancer', 'create', input);
    assert.equal(planned.monthlyChangeUsd, undefined, 'the service gives no price for load balancers');
    assert.deepEqual(planned.resources, [{ kind: 'loadBalancer', name: 'agent-lb', role: 'new' }, { kind: 'stacklet', id: web1.id, name: 'web-1', role: 'stacklet' }]);
    assert.deepEqual(planned.change, {
      create: {
        name: 'agent-lb', region: 'fra', algorithm: 'least_connections', rules: input.rules,
        health: { protocol: 'http', port: 8080, path: '/' }, stacklet_ids: [web1.id], sticky_sessions: { name: 'lb', ttl: '600' }, redirect_http_to_https: false,
      },
    });
    await execute(ctx, planned, { door: 'mcp' });
    const made = (await client.listLoadBalancers()).items.find((item) => item.name === 'agent-lb')!;
    assert.deepEqual([made.algorithm, made.rules.length, made.stacklet_ids], ['least_connections', 2, [web1.id]]);
  });

  it('updates a load balancer as its document does: a bad rule refused at its field, an unchanged one refused, the rules replaced', async () => {
    const web = await lb();
    assert.equal(await field('loadBalancer', 'update', { id: web.uuid, rules: [] }), 'rules');
    assert.equal(await field('loadBalancer', 'update', { id: web.uuid, rules: [{ protocol: 'tcp', source_port: 70000, target_port: 80 }] }), 'rules.0.source_port');
    assert.equal(await field('loadBalancer', 'update', { id: web.uuid, health: { protocol: 'http', interval: 1 } }), 'health.interval');
    const unchanged = await rejection(plan('loadBalancer', 'update', { id: web.uuid, algorithm: 'round_robin' }), ActionRefusal);
    assert.equal(unchanged.reason, 'unchanged');
    const planned = await plan('loadBalancer', 'update', { id: web.uuid, algorithm: 'least_connections', rules: [{ protocol: 'http', source_port: 8080, target_port: 80 }] });
    assert.deepEqual(planned.change['settings'], { algorithm: 'least_connections' });
    assert.deepEqual((planned.change['rulesRemoved'] as { source_port: number }[]).map((rule) => rule.source_port), [80, 443]);
    assert.equal(planned.words(same).question, 'Apply these changes to load balancer web-lb on Stacklet Cloud?');
    assert.match(planned.words(same).detail, /^Algorithm: least_connections\nRemove rule: HTTP 80 → 80\nRemove rule: HTTPS 443 → 443 \(TLS passthrough\)\nAdd rule: HTTP 8080 → 80$/);
    await execute(ctx, planned, { door: 'mcp' });
    const after = await client.getLoadBalancer(web.uuid);
    assert.deepEqual([after.algorithm, after.rules.map((rule) => rule.source_port), after.stacklet_ids.length], ['least_connections', [8080], 2]);
  });

  it('plans a load balancer document\'s save through the update with the document\'s own difference, and gives an incomplete apply back step by step', async () => {
    const web = await lb();
    const { state } = await loadBalancerKind.read(client, web.uuid);
    const parsed = loadBalancerKind.parse(loadBalancerKind.render({ ...state, rules: [...state.rules, { protocol: 'http', source_port: 8080, target_port: 80 }] }, { id: web.uuid, name: web.name }));
    assert.ok(parsed.ok);
    const planned = await plan('loadBalancer', 'update', loadBalancerKind.updateInput(parsed.value, web.uuid));
    assert.equal(planned.words(same).detail, 'Add rule: HTTP 8080 → 80');
    // A service without the /rules sub-resource: the outcome comes back whole, for the editor's report.
    await emu.configure({ quirks: { noLoadBalancerSubresources: true } });
    const incomplete = await rejection(execute(ctx, planned, { door: 'command' }), IncompleteApply);
    assert.equal(incomplete.outcome.unsupported[0]!.part, 'rules');
  });
});
