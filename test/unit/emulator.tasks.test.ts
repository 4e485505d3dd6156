// Long operations and resource flows: every task shows the specification's texts while it runs, the resource is
// busy (409) until it ends, and the effect lands exactly when it ends. An injected clock makes this exact.
import * as assert from 'node:assert/strict';
import { request } from 'undici';
import { DEMO_TOKEN } from '../../src/emulator/options';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { call, type Json } from './support/helpers';

const GiB = 1024 ** 3;


describe('emulator: tasks and resource flows', function () {
  let emu: EmulatorHandle;
  let now: number;
  const TASK_MS = 1000;
  const advance = (ms = TASK_MS): void => {
    now += ms;
  };
  const get = async (path: string): Promise<Json> => {
    const res = await call(emu, 'GET', path);
    assert.equal(res.status, 200, `GET ${path}: ${JSON.stringify(res.json)}`);
    return res.json;
  };
  const ok = async (method: string, path: string, body?: unknown, status = 200): Promise<Json> => {
    const res = await call(emu, method, path, body);
    assert.equal(res.status, status, `${method} ${path}: ${JSON.stringify(res.json)}`);
    return res.json;
  };
  const stacklet = async (id: number): Promise<Json> => (await get(`/v1/stacklets/${id}`)).stacklet;
  const byName = async (name: string): Promise<Json> => ((await get('/v1/stacklets')).stacklets as Json[]).find((s) => s.name === name);

  beforeEach(async () => {
    now = Date.parse('2026-06-01T10:00:00.000Z');
    emu = await startEmulator({ port: 0, taskMs: TASK_MS, clock: () => now });
  });
  afterEach(async () => {
    await emu.close();
  });

  it('resize: inactive with the spec texts, 409 while it runs, the new size when it ends', async () => {
    const web1 = await byName('web-1');
    const res = (await ok('POST', `/v1/stacklets/${web1.id}`, { action: 'resize', size: 'b-2vcpu-4gb' })).stacklet;
    assert.equal(res.status, 'inactive');
    assert.equal(res.task.name, 'resize');
    assert.deepEqual(res.task.description, { progress: 'stacklet is resizing', completed: 'stacklet was resized' });
    assert.equal(typeof res.task.id, 'number');
    assert.equal(res.size.slug, 'b-1vcpu-2gb', 'the effect waits for the end of the task');

    const busy = await call(emu, 'POST', `/v1/stacklets/${web1.id}`, { action: 'power_off' });
    assert.equal(busy.status, 409);
    assert.deepEqual(busy.json, { id: 'conflict', message: `stacklet ${web1.id} has a task in progress (resize); try again when it completes` });
    assert.equal((await call(emu, 'DELETE', `/v1/stacklets/${web1.id}`)).status, 409);

    advance(TASK_MS - 1);
    assert.equal((await stacklet(web1.id)).status, 'inactive');
    advance(1);
    const done = await stacklet(web1.id);
    assert.equal(done.status, 'active');
    assert.equal(done.task, null);
    assert.equal(done.size.slug, 'b-2vcpu-4gb');
    assert.equal(done.memory, 4 * GiB);
    assert.equal(done.vcpu, 2);
    assert.equal(done.disk, 50 * GiB, 'disk unchanged without disk: true');

    await ok('POST', `/v1/stacklets/${web1.id}`, { action: 'resize', size: 'b-4vcpu-8gb', disk: true });
    advance();
    assert.equal((await stacklet(web1.id)).disk, 160 * GiB);
    assert.deepEqual(emu.stats().applied.map((a) => a.kind), ['stacklet.resize', 'stacklet.resize']);
  });

  it('power off and on, power cycle, reset password, rename: status and texts', async () => {
    const web2 = await byName('web-2');
    const off = (await ok('POST', `/v1/stacklets/${web2.id}`, { action: 'power_off' })).stacklet;
    assert.deepEqual(off.task.description, { progress: 'stacklet is powering off', completed: 'stacklet was powered off' });
    advance();
    assert.equal((await stacklet(web2.id)).status, 'off');
    const on = (await ok('POST', `/v1/stacklets/${web2.id}`, { action: 'power_on' })).stacklet;
    assert.deepEqual([on.task.name, on.task.description.progress], ['power_on', 'stacklet is powering on']);
    advance();
    assert.equal((await stacklet(web2.id)).status, 'active');
    const reset = (await ok('POST', `/v1/stacklets/${web2.id}`, { action: 'reset_password' })).stacklet;
    assert.deepEqual(reset.task.description, { progress: 'root password is resetting', completed: 'root password reset' });
    advance();
    const cycle = (await ok('POST', `/v1/stacklets/${web2.id}`, { action: 'power_cycle' })).stacklet;
    assert.equal(cycle.task.name, 'power_cycle');
    advance();
    await ok('POST', `/v1/stacklets/${web2.id}/`, { action: 'rename', name: 'web-2.example.com' });
    assert.equal((await stacklet(web2.id)).name, 'web-2');
    advance();
    assert.equal((await stacklet(web2.id)).name, 'web-2.example.com');
    // An action on an off stacklet leaves it off.
    const staging = await byName('staging-1');
    await ok('POST', `/v1/stacklets/${staging.id}`, { action: 'resize', size: 'b-1vcpu-2gb' });
    advance();
    assert.equal((await stacklet(staging.id)).status, 'off');
  });

  it('snapshot: appears in /snapshots and snapshot_ids when the task ends; transfer and rename run as tasks', async () => {
    const db1 = await byName('db-1');
    const before = (await get('/v1/snapshots')).snapshots.length;
    const res = (await ok('POST', `/v1/stacklets/${db1.id}`, { action: 'snapshot', name: 'db-1 nightly' })).stacklet;
    assert.deepEqual(res.task.description, { progress: 'snapshot is creating', completed: 'snapshot created' });
    assert.equal((await get('/v1/snapshots')).snapshots.length, before);
    advance();
    const snapshots = (await get('/v1/snapshots')).snapshots as Json[];
    const made = snapshots.find((s) => s.name === 'db-1 nightly');
    assert.ok(made);
    assert.deepEqual(made.regions, ['fra']);
    assert.equal(made.stacklet.id, db1.id);
    assert.ok((await stacklet(db1.id)).snapshot_ids.includes(made.id));
    assert.ok(((await get(`/v1/stacklets/${db1.id}/snapshots`)).snapshots as Json[]).some((s) => s.id === made.id));

    const transfer = (await ok('POST', `/v1/snapshots/${made.id}`, { action: 'transfer', region: 'nyc' })).snapshot;
    assert.deepEqual(transfer.task, { id: transfer.task.id, name: 'transfer', description: { progress: 'snapshot is transferring', completed: 'snapshot was transferred' } });
    assert.equal((await call(emu, 'POST', `/v1/snapshots/${made.id}`, { action: 'rename', name: 'x' })).status, 409);
    advance();
    assert.deepEqual((await get(`/v1/snapshots/${made.id}`)).snapshot.regions, ['fra', 'nyc']);
    const rename = (await ok('POST', `/v1/snapshots/${made.id}`, { action: 'rename', name: 'kept' })).snapshot;
    assert.deepEqual(rename.task.description, { progress: 'snapshot is renaming', completed: 'snapshot was renamed' });
    advance();
    assert.equal((await get(`/v1/snapshots/${made.id}`)).snapshot.name, 'kept');
    // A new stacklet can be built from the snapshot, in a region it is in.
    const fromSnapshot = (await ok('POST', '/v1/stacklets', { name: 'restored', size: 'b-2vcpu-4gb', region: 'nyc', image: made.id }, 201)).stacklet;
    assert.equal(fromSnapshot.distribution.name, 'Debian');
    await ok('DELETE', `/v1/snapshots/${made.id}`, undefined, 204);
    assert.ok(!(await stacklet(db1.id)).snapshot_ids.includes(made.id));
  });

  it('create: one name or several; private networking, rebuild and restore land when their tasks end', async () => {
    const created = (await ok('POST', '/v1/stacklets', { name: 'app-1', size: 'b-1vcpu-1gb', region: 'ams', image: 'ubuntu-24-04-x64', tags: ['app'] }, 201)).stacklet;
    assert.equal(created.status, 'inactive');
    assert.deepEqual(created.task.description, { progress: 'stacklet is creating', completed: 'stacklet was created' });
    assert.deepEqual(created.networks.v4.map((n: Json) => n.type), ['public']);
    assert.equal((await get('/v1/account/profile')).profile.limits.stacklets.used, 7);
    advance();
    assert.equal((await stacklet(created.id)).status, 'active');

    const epn = (await ok('POST', `/v1/stacklets/${created.id}`, { action: 'enable_private_networking' })).stacklet;
    assert.deepEqual(epn.task.description, { progress: 'enabling private networking', completed: 'private networking enabled' });
    advance();
    assert.deepEqual((await stacklet(created.id)).networks.v4.map((n: Json) => n.type), ['public', 'private']);

    const rebuild = (await ok('POST', `/v1/stacklets/${created.id}`, { action: 'rebuild', image: 'debian-12-x64' })).stacklet;
    assert.deepEqual(rebuild.task.description, { progress: 'stacklet is rebuilding', completed: 'stacklet rebuilt' });
    assert.equal(rebuild.distribution.name, 'Ubuntu');
    advance();
    assert.equal((await stacklet(created.id)).distribution.image.slug, 'debian-12-x64');

    const db1 = await byName('db-1');
    const backup = db1.backup_ids[0];
    await ok('POST', `/v1/stacklets/${db1.id}`, { action: 'restore', image_id: String(backup) });
    advance();
    assert.equal((await stacklet(db1.id)).status, 'active');

    const many = await ok('POST', '/v1/stacklets', { names: ['m-1', 'm-2'], size: 'b-1vcpu-1gb', region: 'fra', image: 'wordpress-22-04', private_networking: true }, 201);
    assert.equal(many.stacklets.length, 2);
    assert.equal(many.stacklets[0].application.slug, 'wordpress-22-04');
    assert.deepEqual((await get('/v1/tags')).tags.find((t: Json) => t.name === 'app'), { name: 'app', resources: { count: 1 } });
  });

  it('a stacklet created in a VPC gets an address inside it, and a firewall_uuid', async () => {
    const vpc = (await get('/v1/vpcs')).vpcs[0];
    const firewall = (await get('/v1/firewalls')).firewalls[0];
    const created = (await ok('POST', '/v1/stacklets', { name: 'in-vpc', size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64', vpc_uuid: vpc.uuid, firewall_uuid: firewall.uuid }, 201)).stacklet;
    assert.equal(created.vpc_uuid, vpc.uuid);
    assert.match(created.networks.v4.find((n: Json) => n.type === 'private').address, /^10\.20\./);
    assert.ok((await get(`/v1/vpcs/${vpc.uuid}`)).vpc.stacklet_ids.includes(created.id));
    assert.equal(created.firewall_uuid, firewall.uuid);
    assert.ok((await get(`/v1/firewalls/${firewall.uuid}`)).firewall.resources.stacklet_ids.includes(created.id));
    advance();
    await ok('DELETE', `/v1/stacklets/${created.id}`, undefined, 204);
    assert.ok(!(await get(`/v1/vpcs/${vpc.uuid}`)).vpc.stacklet_ids.includes(created.id));
    assert.ok(!(await get(`/v1/firewalls/${firewall.uuid}`)).firewall.resources.stacklet_ids.includes(created.id));
  });

  it('volumes: create, resize, detach and attach as tasks; a busy stacklet blocks attach with 409', async () => {
    const web1 = await byName('web-1');
    const db1 = await byName('db-1');
    const volume = (await ok('POST', '/v1/volumes', { name: 'web-data', stacklet_id: web1.id, size_gigabytes: 20 }, 201)).volume;
    assert.deepEqual(volume.task.description, { progress: 'volume is creating', completed: 'volume was created' });
    assert.equal(volume.task.name, 'create');
    assert.equal(volume.region.slug, 'fra');
    assert.equal(volume.stacklet.id, web1.id);
    assert.equal((await call(emu, 'PUT', `/v1/volumes/${volume.id}`, { action: 'resize', size_gigabytes: 40 })).status, 409);
    advance();
    const resized = (await ok('PUT', `/v1/volumes/${volume.id}`, { action: 'resize', size_gigabytes: 40 })).volume;
    assert.deepEqual(resized.task.description, { progress: 'volume is resizing', completed: 'volume was resized' });
    assert.equal(resized.size_gigabytes, 20);
    advance();
    const grown = (await get(`/v1/volumes/${volume.id}`)).volume;
    assert.deepEqual([grown.size_gigabytes, grown.size, grown.task], [40, 40 * GiB, null]);

    const dbData = (await get('/v1/volumes')).volumes.find((v: Json) => v.name === 'db-data');
    const detach = (await ok('PUT', `/v1/volumes/${dbData.id}`, { action: 'detach', stacklet_id: db1.id })).volume;
    assert.equal(detach.task.name, 'detach');
    advance();
    assert.equal((await get(`/v1/volumes/${dbData.id}`)).volume.stacklet, null);
    assert.equal((await stacklet(db1.id)).volume_uuid, null);

    const archive = (await get('/v1/volumes')).volumes.find((v: Json) => v.name === 'archive');
    await ok('POST', `/v1/stacklets/${db1.id}`, { action: 'power_cycle' });
    const blocked = await call(emu, 'PUT', `/v1/volumes/${archive.id}`, { action: 'attach', stacklet_id: db1.id });
    assert.equal(blocked.status, 409);
    assert.match(blocked.json.message, /has a task in progress \(power_cycle\)/);
    advance();
    const attach = (await ok('PUT', `/v1/volumes/${archive.id}`, { action: 'attach', stacklet_id: db1.id })).volume;
    assert.deepEqual(attach.task.description, { progress: 'volume is attaching', completed: 'volume was attached' });
    // While the attach runs, the stacklet cannot take another volume nor be deleted.
    assert.equal((await call(emu, 'PUT', `/v1/volumes/${dbData.id}`, { action: 'attach', stacklet_id: db1.id })).status, 409);
    assert.equal((await call(emu, 'DELETE', `/v1/stacklets/${db1.id}`)).status, 409);
    advance();
    assert.equal((await get(`/v1/volumes/${archive.id}`)).volume.stacklet.id, db1.id);
    assert.equal((await stacklet(db1.id)).volume_uuid, archive.id);
    await ok('PUT', `/v1/volumes/${dbData.id}`, { action: 'rename', name: 'old-db-data' });
    advance();
    assert.equal((await get(`/v1/volumes/${dbData.id}`)).volume.name, 'old-db-data');
    await ok('DELETE', `/v1/volumes/${dbData.id}`, undefined, 204);
  });

  it('kubernetes: nodes appear when create ends; rename by both PUT forms; node pools follow count', async () => {
    const cluster = (await ok('POST', '/v1/kubernetes', { name: 'k-2', version: '1.29.6-00', region: 'ams', node_pool: { name: 'workers', size: 'b-2vcpu-4gb', count: '2' } }, 201)).kubernetes;
    assert.deepEqual(cluster.task, { id: cluster.task.id, name: 'create', description: { progress: 'cluster is creating', completed: 'cluster created' } });
    assert.equal(cluster.node_pools[0].nodes.length, 0);
    assert.deepEqual(cluster.tags, [`k8s:${cluster.uuid}`, 'k8s']);
    advance();
    assert.equal((await get(`/v1/kubernetes/${cluster.uuid}`)).kubernetes.node_pools[0].nodes.length, 2);

    const renamed = (await ok('PUT', `/v1/kubernetes/${cluster.uuid}`, { name: 'k-two' })).kubernetes;
    assert.deepEqual(renamed.task.description, { progress: 'cluster is updating', completed: 'cluster updated' });
    assert.equal(renamed.task.name, 'create');
    assert.equal((await call(emu, 'PUT', `/v1/kubernetes/${cluster.uuid}`, { name: 'k-three' })).status, 409);
    advance();
    assert.equal((await get(`/v1/kubernetes/${cluster.uuid}`)).kubernetes.name, 'k-two');
    // The spec's form needs the uuid when there is more than one cluster.
    const ambiguous = await call(emu, 'PUT', '/v1/kubernetes', { name: 'which' });
    assert.equal(ambiguous.status, 422);
    assert.equal(ambiguous.json.errors[0].field, 'uuid');
    await ok('PUT', '/v1/kubernetes', { name: 'k-2-final', uuid: cluster.uuid });
    advance();
    assert.equal((await get(`/v1/kubernetes/${cluster.uuid}`)).kubernetes.name, 'k-2-final');

    const pools = await ok('PUT', `/v1/kubernetes/${cluster.uuid}/node_pools`, { name: 'workers', count: 5 });
    assert.ok(Array.isArray(pools.node_pools));
    assert.equal(pools.node_pools[0].nodes.length, 2);
    advance();
    let pool = (await get(`/v1/kubernetes/${cluster.uuid}`)).kubernetes.node_pools[0];
    assert.deepEqual([pool.count, pool.nodes.length], [5, 5]);
    await ok('PUT', `/v1/kubernetes/${cluster.uuid}/node_pools/${pool.id}`, { name: 'small', count: 1 });
    advance();
    pool = (await get(`/v1/kubernetes/${cluster.uuid}`)).kubernetes.node_pools[0];
    assert.deepEqual([pool.name, pool.count, pool.nodes.length], ['small', 1, 1]);
    await ok('DELETE', `/v1/kubernetes/${cluster.uuid}`, undefined, 204);
    // With one cluster left, the spec's PUT form finds it.
    await ok('PUT', '/v1/kubernetes', { name: 'demo-renamed' });
  });

  it('load balancers: create as a task, then update, rules and backends', async () => {
    const [web1, web2, db1] = await Promise.all(['web-1', 'web-2', 'db-1'].map(byName));
    const lb = (await ok('POST', '/v1/load_balancers', {
      name: 'api-lb',
      region: 'fra',
      algorithm: 'least_connections',
      health: [{ protocol: 'tcp', port: 8080 }],
      rules: [{ protocol: 'tcp', source_port: 8080, target_port: 8080 }],
      stacklet_id: web1.id,
      sticky_sessions: { name: 'sid', ttl: 300 },
    }, 201)).load_balancer;
    assert.deepEqual(lb.task.description, { progress: 'load balancer is creating', completed: 'load balancer was created' });
    assert.deepEqual(lb.stacklet_ids, [web1.id]);
    assert.deepEqual(lb.sticky_sessions, { name: 'sid', ttl: '300' });
    assert.equal(lb.health.protocol, 'tcp');
    const update = { name: 'api-lb-2', health: { protocol: 'http', port: 80, path: '/up' }, algorithm: 'round_robin' };
    assert.equal((await call(emu, 'PUT', `/v1/load_balancers/${lb.uuid}`, update)).status, 409);
    advance();
    const updated = (await ok('PUT', `/v1/load_balancers/${lb.uuid}`, update)).load_balancer;
    assert.deepEqual([updated.name, updated.algorithm, updated.health.path, updated.rules.length], ['api-lb-2', 'round_robin', '/up', 1]);
    const rules = await ok('POST', `/v1/load_balancers/${lb.uuid}/rules`, { rules: [{ protocol: 'http', source_port: 80, target_port: 80 }] });
    assert.equal(rules.rules.length, 2);
    await ok('POST', `/v1/load_balancers/${lb.uuid}/rules`, { rules: [{ protocol: 'http', source_port: 80, target_port: 80 }] });
    assert.equal((await get(`/v1/load_balancers/${lb.uuid}`)).load_balancer.rules.length, 2, 'a repeated add changes nothing');
    await ok('DELETE', `/v1/load_balancers/${lb.uuid}/rules`, { rules: [{ protocol: 'http', source_port: 80, target_port: 80 }] }, 204);
    await ok('POST', `/v1/load_balancers/${lb.uuid}/stacklets`, { stacklet_ids: [web2.id, db1.id] });
    assert.deepEqual((await get(`/v1/load_balancers/${lb.uuid}`)).load_balancer.stacklet_ids, [web1.id, web2.id, db1.id]);
    await ok('DELETE', `/v1/load_balancers/${lb.uuid}/stacklets`, { stacklet_ids: [web1.id] }, 204);
    assert.deepEqual((await get(`/v1/load_balancers/${lb.uuid}`)).load_balancer.stacklet_ids, [web2.id, db1.id]);
    await ok('DELETE', `/v1/load_balancers/${lb.uuid}`, undefined, 204);
  });

  it('firewalls: rules stored normalised, /rules add and remove, /stacklets attach moves a stacklet', async () => {
    const [web1, db1] = await Promise.all(['web-1', 'db-1'].map(byName));
    const fw = (await ok('POST', '/v1/firewalls', {
      name: 'db-firewall',
      inboud_rules: [{ address: '10.20.0.0/16', port: 5432, protocol: 'TCP' }, { address: '0.0.0.0/0', protocol: '' }],
      outboud_rules: [{ address: '0.0.0.0/0' }],
      stacklet_ids: [db1.id],
    }, 201)).firewall;
    assert.deepEqual(fw.inbound_rules, [
      { address: '10.20.0.0/16', port: 5432, protocol: 'tcp' },
      { address: '0.0.0.0/0', port: null, protocol: null },
    ]);
    assert.deepEqual(fw.outbound_rules, [{ address: '0.0.0.0/0', port: null, protocol: null }]);
    assert.deepEqual(fw.resources, { stacklet_ids: [db1.id] });
    assert.ok(fw.project.id && fw.project.name);
    assert.equal((await stacklet(db1.id)).firewall_uuid, fw.uuid);

    const added = await ok('POST', `/v1/firewalls/${fw.uuid}/rules`, { inbound_rules: [{ address: '192.168.1.1', port: 22, protocol: 'tcp' }] });
    assert.deepEqual(Object.keys(added).sort(), ['inbound_rules', 'outbound_rules']);
    assert.equal(added.inbound_rules.length, 3);
    await ok('POST', `/v1/firewalls/${fw.uuid}/rules`, { inbound_rules: [{ address: '192.168.1.1', port: 22, protocol: 'TCP' }] });
    assert.equal((await get(`/v1/firewalls/${fw.uuid}`)).firewall.inbound_rules.length, 3, 'a repeated add changes nothing');
    await ok('DELETE', `/v1/firewalls/${fw.uuid}/rules`, { inbound_rules: [{ address: '0.0.0.0/0' }], outbound_rules: [{ address: '0.0.0.0/0', protocol: null }] }, 204);
    const after = (await get(`/v1/firewalls/${fw.uuid}`)).firewall;
    assert.deepEqual([after.inbound_rules.length, after.outbound_rules.length], [2, 0]);

    // web-1 sits behind web-firewall; attaching it here moves it.
    const webFirewall = web1.firewall_uuid;
    await ok('POST', `/v1/firewalls/${fw.uuid}/stacklets`, { stacklet_ids: [web1.id] });
    assert.equal((await stacklet(web1.id)).firewall_uuid, fw.uuid);
    assert.ok(!(await get(`/v1/firewalls/${webFirewall}`)).firewall.resources.stacklet_ids.includes(web1.id));
    await ok('DELETE', `/v1/firewalls/${fw.uuid}/stacklets`, { stacklet_ids: [web1.id] }, 204);
    assert.equal((await stacklet(web1.id)).firewall_uuid, null);
    await ok('PUT', `/v1/firewalls/${fw.uuid}`, { name: 'db-fw' });
    await ok('DELETE', `/v1/firewalls/${fw.uuid}`, undefined, 204);
    assert.equal((await stacklet(db1.id)).firewall_uuid, null);
  });

  it('vpcs, userdata and ssh keys: create, update, delete', async () => {
    const vpc = (await ok('POST', '/v1/vpc', { name: 'lab', cidr: '172.16.0.0/20' }, 201)).vpc;
    assert.deepEqual([vpc.region.slug, vpc.stacklet_ids], ['fra', []]);
    assert.equal((await ok('PUT', `/v1/vpcs/${vpc.uuid}`, { name: 'lab-2' })).vpc.name, 'lab-2');
    await ok('DELETE', `/v1/vpc/${vpc.uuid}`, undefined, 204);
    const script = (await ok('POST', '/v1/userdata', { name: 'hello', userdata: '#!/bin/sh\necho hi\n' }, 201)).userdata;
    assert.equal((await ok('PUT', `/v1/userdata/${script.uuid}`, { name: 'hello', userdata: 'echo 2' })).userdata.userdata, 'echo 2');
    await ok('DELETE', `/v1/userdata/${script.uuid}`, undefined, 204);
    const key = (await ok('POST', '/v1/ssh_keys', { name: 'new', public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE5ld0tleUZvclRoZVRlc3RzMDAwMDAwMDAwMDAwMDAw me@host' }, 201)).ssh_key;
    assert.match(key.fingerprint, /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    assert.equal((await get(`/v1/ssh_keys/${key.id}`)).ssh_key.name, 'new');
    await ok('DELETE', `/v1/ssh_keys/${key.id}`, undefined, 204);
    assert.equal((await call(emu, 'GET', `/v1/ssh_keys/${key.id}`)).status, 404);
  });

  it('holds every task open while told to (holdTasks), and ends those due at the next request after', async () => {
    const web1 = await byName('web-1');
    emu.configure({ holdTasks: true });
    try {
      const started = (await ok('POST', `/v1/stacklets/${web1.id}`, { action: 'power_off' })).stacklet;
      advance(10 * TASK_MS);
      assert.equal((await stacklet(web1.id)).task?.id, started.task.id, 'held: still running long after its time');
    } finally {
      emu.configure({ holdTasks: false });
    }
    const done = await stacklet(web1.id);
    assert.equal(done.task, null, 'released: it ends at the next request');
    assert.equal(done.status, 'off');
    await ok('POST', `/v1/stacklets/${web1.id}`, { action: 'power_on' });
    advance();
    await stacklet(web1.id);
  });

  it('runs tasks on the real clock too', async () => {
    const real = await startEmulator({ port: 0, taskMs: 30 });
    try {
      const headers = { authorization: `Token ${DEMO_TOKEN}`, 'content-type': 'application/json' };
      const res = await request(`${real.url}/v1/stacklets/1001`, { method: 'POST', headers, body: JSON.stringify({ action: 'power_off' }) });
      assert.equal(((await res.body.json()) as Json).stacklet.status, 'inactive');
      await new Promise((resolve) => setTimeout(resolve, 60));
      const after = (await (await request(`${real.url}/v1/stacklets/1001`, { headers })).body.json()) as Json;
      assert.deepEqual([after.stacklet.status, after.stacklet.task], ['off', null]);
    } finally {
      await real.close();
    }
  });
});
