// The whole lifecycle of every kind, driven through the real commands with scripted answers (issue 17): delete
// for every kind (a typed name where data is lost, a modal whose focused button keeps the resource elsewhere),
// the row saying "deleting…" until the service answers and coming back on a refusal, a stacklet deleted with
// some of its volumes and snapshots, volumes created on a stacklet, node pools added and deleted, VPCs renamed,
// SSH keys listed, added from ~/.ssh or pasted and deleted, tags put on and taken off, several stacklets at once,
// the project of a new resource, and what a service without the undocumented forms answers. Every test checks
// what the emulator received and the state that resulted. The suite works in an account of its own.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ResourceNode } from '../../src/views/resourceNode';
import type { ViewId } from '../../src/kinds/viewIds';
import type { PickItem } from '../../src/ui/prompter';
import { copiedAction, runCurl } from './curlReplay';
import { documentSuite, type Acted } from './documentSteps';
import { configureEmulator, serviceGet, serviceRequest } from './emulatorAccess';
import { contributedMenus, offeredOn, viewItemPattern } from './menus';
import type { Answer } from './scriptedPrompter';
import { sleep } from '../harness/processes';

const EMAIL = 'lifecycle@stacklet.example';
const TOKEN = `stk_lifecycle_${Date.now().toString(36)}`;
const TASK_MS = 300;

/** Public keys made with ssh-keygen for this test (public halves only; no private key exists anywhere). */
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHDc49KajYR74+O+EjN0A3bLoIRBuok1bKUvtYkmnvfl me@ed25519';
const ED25519_MD5 = 'd9:2a:42:75:d1:7b:9a:9a:e7:0e:cc:d1:89:7e:4c:69';
const ECDSA = 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBJqrg4Mov/6noupQGVPJk3yCMKAR8bPqgHi1CfyavFLsu0VdSQna6CO+5qlosTB9KofeaRKLWKhBA6FBGR17k3I= me@ecdsa';
const WIZARD_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMBuczW+XH+tdc6HMIPT2Dn+VOkYQ5NU/+b/dRpLE1UE wizard@host';
const RSA_1024 = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDpCrqO9MTVzX1sOAewFwZgJHvvuXiMGNNyMc3uBCMgpGywCQKA6YYR92fyqmM7qvNYnOEDiHPoELkmcVGzToLdh5/BG6Lq6eXrTnkWw149R/9vY24eKpOWnyaF1muq8cJQbIzZ2fH7wxn1nXAFgfGzu+4LtJ+KDMrkr08Ve3HcMQ== me@rsa';

interface Task {
  name: string;
}
interface Stacklet {
  id: number;
  name: string;
  tags: string[];
  firewall_uuid: string | null;
  volume_uuid: string | null;
  snapshot_ids: number[];
  backup_ids: number[];
  task: Task | null;
}
interface Volume {
  id: string;
  name: string;
  size_gigabytes: number;
  stacklet: { id: number } | null;
  region: { slug: string };
  task: Task | null;
}
interface Cluster {
  uuid: string;
  name: string;
  node_pools: { id: string; name: string; nodes: unknown[] }[];
  task: Task | null;
}

const get = <T>(p: string) => serviceGet<T>(TOKEN, p);
const request = <T>(method: string, p: string, body?: unknown) => serviceRequest<T>(TOKEN, method, p, body);
const list = async <T>(key: string, p = key) => (await get<Record<string, T[]>>(`/v1/${p}?per_page=200`))[key]!;
const stackletNamed = async (name: string) => (await list<Stacklet>('stacklets')).find((s) => s.name === name);
const volumeNamed = async (name: string) => (await list<Volume>('volumes')).find((v) => v.name === name);

describe('Lifecycle of every kind', function () {
  this.timeout(90_000);
  const suite = documentSuite({ email: EMAIL, token: TOKEN }, 'stacklet-lifecycle', { noConventionalForms: true });
  const { steps } = suite;
  let taskMsBefore: unknown;

  before(async () => {
    taskMsBefore = (await configureEmulator({})).taskMs;
    await configureEmulator({ taskMs: TASK_MS });
    await vscode.workspace.getConfiguration('stacklet').update('pollInterval', 1, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await configureEmulator({ taskMs: taskMsBefore, latencyMs: 0 });
    await vscode.workspace.getConfiguration('stacklet').update('pollInterval', undefined, vscode.ConfigurationTarget.Global);
  });

  const run = (command: string, target: unknown, ...answers: Answer[]): Promise<Acted> =>
    steps.act(() => vscode.commands.executeCommand(command, target), ...answers);

  /** Drops what the extension cached, so the views read the service again. */
  async function fresh(): Promise<void> {
    (await suite.api.session.current()).store.invalidate('stacklet', 'volume', 'snapshot', 'backup', 'firewall', 'cluster', 'vpc', 'loadBalancer', 'sshKey', 'tag', 'project');
  }

  async function rows(view: ViewId): Promise<ResourceNode[]> {
    const provider = suite.api.views.get(view)!;
    const all: ResourceNode[] = [];
    const walk = async (nodes: ResourceNode[], depth: number): Promise<void> => {
      for (const node of nodes) {
        all.push(node);
        if (depth < 2 && node.init.children) await walk((await provider.getChildren(node)) as ResourceNode[], depth + 1);
      }
    };
    await walk((await provider.getChildren()) as ResourceNode[], 0);
    return all;
  }

  /** The row of a resource in a view (groups and clusters opened), read fresh from the service unless `cached`. */
  async function row(view: ViewId, kind: string, name: string, cached = false): Promise<ResourceNode | undefined> {
    if (!cached) await fresh();
    return (await rows(view)).find((n) => n.resource?.kind === kind && n.resource.name === name);
  }

  async function mustRow(view: ViewId, kind: string, name: string): Promise<ResourceNode> {
    const found = await row(view, kind, name);
    assert.ok(found, `the ${view} view shows ${kind} ${name}`);
    return found;
  }

  const item = (view: ViewId, node: ResourceNode) => suite.api.views.get(view)!.getTreeItem(node) as vscode.TreeItem;

  /** Waits until no task runs on the resource and the tracker follows none there. */
  async function settled<T extends { task?: Task | null }>(p: string, key: string, kind: string): Promise<T> {
    const id = p.split('/')[3]!;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const value = (await get<Record<string, T>>(p))[key]!;
      if (!value.task && !suite.api.tasks.isBusy(kind as never, id)) return value;
      if (Date.now() > deadline) assert.fail(`${p} is still busy`);
      await sleep(100);
    }
  }

  describe('menus and palette', () => {
    const { menus } = contributedMenus();
    const CASES: [string, string[], string[]][] = [
      // An attached volume's menu has Delete too, which says to detach it first (menus cannot grey an item with a reason).
      ['stacklet.deleteVolume', ['volume:free', 'volume:attached'], ['volume:busy', 'volume:deleting']],
      ['stacklet.deleteSnapshot', ['snapshot:ready'], ['snapshot:busy', 'snapshot:deleting']],
      ['stacklet.deleteBackup', ['backup:ready'], ['backup:busy', 'backup:deleting']],
      ['stacklet.deleteFirewall', ['firewall:ready'], ['firewall:unknown', 'firewall:deleting', 'firewallRule:inbound']],
      ['stacklet.deleteLoadBalancer', ['loadBalancer:active hasIp'], ['loadBalancer:busy', 'loadBalancer:deleting']],
      ['stacklet.deleteVpc', ['vpc:ready'], ['vpc:deleting']],
      ['stacklet.renameVpc', ['vpc:ready'], ['vpc:deleting']],
      ['stacklet.deleteCluster', ['cluster:active hasIp'], ['cluster:busy', 'cluster:deleting']],
      ['stacklet.addNodePool', ['cluster:active'], ['cluster:busy', 'cluster:deleting']],
      ['stacklet.deleteNodePool', ['nodePool:active'], ['nodePool:busy', 'nodePool:deleting']],
      ['stacklet.deleteUserdata', ['userdata:script'], ['userdata:deleting']],
      ['stacklet.editUserdata', ['userdata:script'], ['userdata:deleting']],
      ['stacklet.deleteSshKey', ['sshKey:ready'], ['sshKey:deleting']],
      ['stacklet.addSshKey', ['group:sshKeys'], ['group:firewalls', 'sshKey:ready']],
      ['stacklet.addVolume', ['stacklet:active hasIp', 'stacklet:off'], ['stacklet:active hasIp hasVolume', 'stacklet:busy', 'stacklet:deleting']],
      ['stacklet.tagStacklets', ['stacklet:active hasIp hasTags', 'stacklet:off'], ['stacklet:busy hasTags', 'stacklet:deleting']],
      ['stacklet.untagStacklet', ['stacklet:active hasIp hasTags', 'stacklet:off hasTags'], ['stacklet:active hasIp', 'stacklet:busy hasTags', 'stacklet:deleting']],
      ['stacklet.deleteStacklet', ['stacklet:active'], ['stacklet:busy', 'stacklet:deleting']],
    ];

    it('offers each action only on items in a state that allows it; a row being deleted offers none', () => {
      for (const [command, yes, no] of CASES) {
        for (const value of yes) assert.ok(offeredOn(command, value), `${command} on "${value}"`);
        for (const value of no) assert.ok(!offeredOn(command, value), `no ${command} on "${value}"`);
      }
      for (const menu of menus['view/item/context']!) {
        const pattern = viewItemPattern(menu);
        // Reading a resource is no action on it: what is being deleted can still be looked at and copied.
        if (pattern && !['stacklet.viewProperties', 'stacklet.copyId', 'stacklet.copyName', 'stacklet.copyAsCurl'].includes(menu.command)) {
          for (const kind of ['stacklet', 'volume', 'snapshot', 'backup', 'firewall', 'loadBalancer', 'vpc', 'cluster', 'nodePool', 'userdata', 'sshKey']) {
            assert.ok(!pattern.test(`${kind}:deleting`), `${menu.command} is not offered on a ${kind} being deleted`);
          }
        }
      }
    });

    it('puts every new command in the palette while signed in, registers it, and Create Volume and Add SSH Key in their views\' title bars', async () => {
      const registered = new Set(await vscode.commands.getCommands(true));
      const palette = menus['commandPalette']!;
      for (const command of [...CASES.map(([c]) => c), 'stacklet.createVolume']) {
        assert.ok(registered.has(command), `${command} is registered`);
        assert.ok(palette.some((m) => m.command === command && m.when === 'stacklet.state == active'), `${command} in the palette while signed in`);
      }
      const titles = menus['view/title']!;
      for (const [command, view] of [['stacklet.createVolume', 'stacklet.volumes'], ['stacklet.addSshKey', 'stacklet.account']]) {
        assert.ok(titles.some((m) => m.command === command && m.when?.includes(`view == ${view}`) && m.group?.startsWith('navigation')), `${command} in the title bar of ${view}`);
      }
    });

    it('every delete asks for its resource from the palette, and Escape there sends nothing', async () => {
      await fresh();
      for (const command of ['stacklet.deleteVolume', 'stacklet.deleteSnapshot', 'stacklet.deleteBackup', 'stacklet.deleteFirewall', 'stacklet.deleteLoadBalancer',
        'stacklet.deleteVpc', 'stacklet.deleteCluster', 'stacklet.deleteNodePool', 'stacklet.deleteUserdata', 'stacklet.deleteSshKey', 'stacklet.deleteStacklet']) {
        const outcome = await run(command, undefined, 'escape');
        assert.equal(outcome.asked[0]!.kind, 'pick', command);
        assert.match(outcome.asked[0]!.title, /^Delete which /, command);
        assert.deepEqual(outcome.sent, [], command);
      }
    });
  });

  describe('deleting volumes, snapshots and backups: the name typed', () => {
    it('Delete Volume: only free volumes from the palette; the name typed exactly; Escape sends nothing', async () => {
      const escaped = await run('stacklet.deleteVolume', undefined, { pick: 'scratch' }, 'escape');
      assert.deepEqual(escaped.asked[0]!.items!.map((i) => i.label).sort(), ['archive', 'scratch'], 'db-data is attached: not offered');
      assert.deepEqual(escaped.sent, []);
      const typed = escaped.asked[1]!;
      assert.equal(typed.kind, 'input');
      assert.equal(typed.title, 'Delete Volume scratch');
      assert.match(typed.prompt!, /destroys volume scratch and the 50 GB of data on it\. Type its name, scratch, to confirm\./);
      assert.equal(typed.value, '', 'nothing is pre-filled');
      const outcome = await run('stacklet.deleteVolume', await mustRow('volumes', 'volume', 'scratch'), { input: 'scratch', bad: ['Scratch', 'scratc', ''] });
      assert.match(outcome.asked[0]!.validation!['Scratch']!, /Type scratch exactly/);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/volumes/:id 204']);
      assert.equal(await volumeNamed('scratch'), undefined);
      assert.equal(await row('volumes', 'volume', 'scratch', true), undefined, 'the row is gone, without a refetch');
    });

    it('the row says "deleting…" and offers no action until the service answers, then it is gone', async () => {
      const archive = await mustRow('volumes', 'volume', 'archive');
      await configureEmulator({ latencyMs: 1500 });
      try {
        const running = run('stacklet.deleteVolume', archive, { input: 'archive' });
        let seen: vscode.TreeItem | undefined;
        for (let i = 0; i < 100 && !seen; i++) {
          const now = await row('volumes', 'volume', 'archive', true);
          const tree = now && item('volumes', now);
          if (tree?.description === 'deleting…') seen = tree;
          else await sleep(20);
        }
        assert.ok(seen, 'the row said "deleting…"');
        assert.equal(seen.contextValue, 'volume:deleting');
        assert.equal((seen.iconPath as vscode.ThemeIcon).id, 'loading~spin');
        assert.match(seen.accessibilityInformation!.label, /^Volume archive, deleting…$/);
        const outcome = await running;
        assert.deepEqual(outcome.sent.map((s) => s.route), ['DELETE /v1/volumes/:id']);
      } finally {
        await configureEmulator({ latencyMs: 0 });
      }
      assert.equal(await row('volumes', 'volume', 'archive', true), undefined);
      assert.equal(await volumeNamed('archive'), undefined);
    });

    it('an attached volume is refused before anything is asked; a refusal of the service brings the row back with its words', async () => {
      const dbData = await mustRow('volumes', 'volume', 'db-data');
      const attached = await run('stacklet.deleteVolume', dbData);
      assert.deepEqual([attached.asked, attached.sent], [[], []]);
      assert.match(attached.infos[0]!, /db-data is attached to db-1: detach it first/);
      // Another client detaches it and starts a resize: the cached row knows neither.
      const volume = (await volumeNamed('db-data'))!;
      await request('PUT', `/v1/volumes/${volume.id}`, { action: 'detach' });
      await settled<Volume>(`/v1/volumes/${volume.id}`, 'volume', 'volume');
      const stale = await mustRow('volumes', 'volume', 'db-data');
      assert.equal((await request('PUT', `/v1/volumes/${volume.id}`, { action: 'resize', size_gigabytes: 120 })).status, 200);
      const refused = await run('stacklet.deleteVolume', stale, { input: 'db-data' });
      assert.deepEqual(refused.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/volumes/:id 409']);
      assert.match(refused.errors[0]!, /^Could not delete volume db-data: volume .* has a task in progress \(resize\); try again when it completes \(HTTP 409/);
      const back = await row('volumes', 'volume', 'db-data', true);
      assert.ok(back, 'the row is back');
      assert.notEqual(item('volumes', back).description, 'deleting…');
      assert.ok(await volumeNamed('db-data'), 'the volume is still there');
    });

    it('Delete Snapshot: the name typed; the snapshot is gone from its stacklet too', async () => {
      const snapshot = await mustRow('snapshots', 'snapshot', 'web-1 before upgrade');
      const outcome = await run('stacklet.deleteSnapshot', snapshot, { input: 'web-1 before upgrade' });
      assert.match(outcome.asked[0]!.prompt!, /in every region it is in \(fra\)/);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/snapshots/:id 204']);
      assert.deepEqual((await stackletNamed('web-1'))!.snapshot_ids, []);
      assert.equal(await row('snapshots', 'snapshot', 'web-1 before upgrade', true), undefined);
    });

    it('Delete Backup: listed in the Snapshots view\'s Backups group; its ID typed; a service without it says so and keeps the row', async () => {
      const backups = (await rows('snapshots')).filter((n) => n.resource?.kind === 'backup');
      assert.equal(backups.length, 2);
      assert.match(backups[0]!.resource!.name, /^db-1, \d{4}-\d\d-\d\d \d\d:\d\d$/);
      const id = backups[0]!.resource!.id;
      await configureEmulator({ quirks: { noConventionalForms: true } });
      try {
        const lacking = await run('stacklet.deleteBackup', backups[0], { input: String(id) });
        assert.match(lacking.asked[0]!.prompt!, new RegExp(`Type its ID, ${id}, to confirm`));
        assert.deepEqual(lacking.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/backups/:id 404']);
        assert.match(lacking.errors[0]!, /Could not delete backup db-1, .*: This service does not support deleting backups \(HTTP 404\)\./);
        assert.ok(await row('snapshots', 'backup', backups[0]!.resource!.name, true), 'the row is back');
      } finally {
        await configureEmulator({ quirks: { noConventionalForms: false } });
      }
      const outcome = await run('stacklet.deleteBackup', backups[0], { input: String(id), bad: ['5', backups[0]!.resource!.name] });
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/backups/:id 204']);
      assert.ok(!(await stackletNamed('db-1'))!.backup_ids.includes(Number(id)));
    });
  });

  describe('deleting the rest: a modal naming it, whose focused button keeps it', () => {
    it('Delete Firewall: Keep sends nothing; Delete removes it and its stacklets stay, without it', async () => {
      const firewall = await mustRow('networking', 'firewall', 'web-firewall');
      const kept = await run('stacklet.deleteFirewall', firewall, { choose: 'Keep' });
      assert.equal(kept.asked[0]!.message, 'Delete firewall web-firewall?');
      assert.equal(kept.asked[0]!.detail, '2 stacklets are behind it: they stay, without these rules.');
      assert.deepEqual(kept.asked[0]!.choices, ['Keep', 'Delete']);
      assert.deepEqual(kept.sent, []);
      const gone = await run('stacklet.deleteFirewall', firewall, { choose: 'Delete' });
      assert.deepEqual(gone.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/firewalls/:uuid 204']);
      assert.equal((await stackletNamed('web-1'))!.firewall_uuid, null);
      assert.equal(await row('networking', 'firewall', 'web-firewall', true), undefined);
    });

    it('Delete Load Balancer: named with its address; gone', async () => {
      const lb = await mustRow('networking', 'loadBalancer', 'web-lb');
      const outcome = await run('stacklet.deleteLoadBalancer', lb, { choose: 'Delete' });
      assert.equal(outcome.asked[0]!.detail, 'Traffic to 203.0.113.200 stops. The stacklets behind it stay.');
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/load_balancers/:uuid 204']);
      assert.deepEqual(await list('load_balancers'), []);
    });

    it('Rename VPC, then Delete VPC: one that still has stacklets is refused in the service\'s words and comes back', async () => {
      const vpc = await mustRow('networking', 'vpc', 'fra-private');
      const renamed = await run('stacklet.renameVpc', vpc, { input: 'fra-net', bad: [''] });
      assert.equal(renamed.asked[0]!.value, 'fra-private', 'the current name is pre-filled');
      assert.deepEqual(renamed.sent.map((s) => `${s.route} ${s.status}`), ['PUT /v1/vpcs/:uuid 200']);
      assert.deepEqual(renamed.sent[0]!.body, { name: 'fra-net' });
      const net = await mustRow('networking', 'vpc', 'fra-net');
      const refused = await run('stacklet.deleteVpc', net, { choose: 'Delete' });
      assert.match(refused.asked[0]!.detail!, /still has 3 stacklets: the service may refuse until they are gone/);
      assert.deepEqual(refused.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/vpcs/:uuid 422']);
      assert.match(refused.errors[0]!, /^Could not delete VPC fra-net: vpc .* still has 3 stacklet\(s\); delete them first \(HTTP 422/);
      const back = await row('networking', 'vpc', 'fra-net', true);
      assert.ok(back && item('networking', back).contextValue === 'vpc:ready', 'the row is back, with its actions');
      await request('POST', '/v1/vpcs', { name: 'ci-empty', cidr: '10.55.0.0/16', region: 'ams' });
      await fresh();
      const empty = await run('stacklet.deleteVpc', undefined, { pick: 'ci-empty' }, { choose: 'Delete' });
      assert.equal(empty.asked[1]!.detail, 'Its range 10.55.0.0/16 is free again.');
      assert.deepEqual(empty.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/vpcs/:uuid 204']);
    });

    it('Delete SSH Key: listed with its fingerprint in the Account view; gone', async () => {
      const keys = (await rows('account')).filter((n) => n.resource?.kind === 'sshKey');
      assert.deepEqual(keys.map((k) => k.resource!.name), ['laptop', 'ci-deploy']);
      assert.match(String(item('account', keys[0]!).description), /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
      const outcome = await run('stacklet.deleteSshKey', keys[1], { choose: 'Delete' });
      assert.match(outcome.asked[0]!.detail!, /^Fingerprint .*\.\nStacklets that already have the key keep it/);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/ssh_keys/:id 204']);
      assert.deepEqual((await list<{ name: string }>('ssh_keys')).map((k) => k.name), ['laptop']);
    });
  });

  describe('Kubernetes: node pools and the cluster', () => {
    let uuid: string;
    before(async () => {
      uuid = (await list<Cluster>('kubernetes_clusters', 'kubernetes'))[0]!.uuid;
    });

    it('Delete Node Pool: the only pool of a cluster is refused before anything is asked', async () => {
      const pool = await mustRow('kubernetes', 'nodePool', 'default-pool');
      const outcome = await run('stacklet.deleteNodePool', pool);
      assert.deepEqual([outcome.asked, outcome.sent], [[], []]);
      // The definition's refusal, in the words every door answers with (an agent's too), naming the pool.
      assert.match(outcome.infos[0]!, /^default-pool: It is the only node pool of its cluster, and a cluster needs one/);
    });

    it('Add Node Pool: a service without it says so; then name, size large enough and count, and the cluster\'s task is followed', async () => {
      const cluster = await mustRow('kubernetes', 'cluster', 'demo-cluster');
      await configureEmulator({ quirks: { noConventionalForms: true } });
      try {
        const lacking = await run('stacklet.addNodePool', cluster, { input: 'ci-pool' }, { pick: 'b-2vcpu-4gb' }, { input: '2' }, { choose: 'Add' });
        assert.match(lacking.errors[0]!, /Could not add node pool ci-pool to demo-cluster: This service does not support adding node pools/);
      } finally {
        await configureEmulator({ quirks: { noConventionalForms: false } });
      }
      const outcome = await run('stacklet.addNodePool', cluster, { input: 'ci-pool', bad: ['', 'DEFAULT-POOL', 'pool 2'] }, { pick: 'b-2vcpu-4gb' }, { input: '2', bad: ['0', '101'] }, { choose: 'Add' });
      assert.deepEqual(outcome.asked.map((q) => [q.title, q.step, q.totalSteps]), [
        ['Add Node Pool to demo-cluster: Name', 1, 3], ['Add Node Pool to demo-cluster: Node Size', 2, 3], ['Add Node Pool to demo-cluster: Node Count', 3, 3],
        ['Add node pool ci-pool to demo-cluster?', undefined, undefined],
      ]);
      // The review prices the pool's nodes, as every create's review does.
      assert.match(outcome.asked[3]!.detail!, /Estimated change to the monthly cost: \+\$\d+\.\d\d\/mo\./);
      assert.equal(outcome.asked[0]!.value, 'demo-cluster-pool-2');
      assert.match(outcome.asked[0]!.validation!['DEFAULT-POOL']!, /already has a node pool named DEFAULT-POOL/);
      assert.ok(!outcome.asked[1]!.items!.some((i) => i.value === 'b-1vcpu-1gb'), 'sizes too small for Kubernetes are not offered');
      assert.match(outcome.asked[2]!.validation!['101']!, /from 1 to 100/);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/kubernetes/:uuid/node_pools 201']);
      assert.deepEqual(outcome.sent[0]!.body, { name: 'ci-pool', size: 'b-2vcpu-4gb', count: 2 });
      const after = await settled<Cluster>(`/v1/kubernetes/${uuid}`, 'kubernetes', 'cluster');
      assert.deepEqual(after.node_pools.map((p) => [p.name, p.nodes.length]), [['default-pool', 3], ['ci-pool', 2]]);
    });

    it('Delete Node Pool: its name typed, under what goes (its nodes and their disks) and its cluster; gone', async () => {
      const pool = await mustRow('kubernetes', 'nodePool', 'ci-pool');
      const outcome = await run('stacklet.deleteNodePool', pool, { input: 'ci-pool', bad: ['ci-poo', 'CI-POOL'] });
      assert.equal(outcome.asked[0]!.kind, 'input');
      assert.equal(outcome.asked[0]!.title, 'Delete node pool ci-pool of demo-cluster?');
      assert.match(outcome.asked[0]!.prompt!, /Its 2 nodes go, with their disks and what runs on them; the cluster's other pools stay\. Type its name, ci-pool, to confirm\./);
      assert.match(outcome.asked[0]!.validation!['ci-poo']!, /Type ci-pool exactly/);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/kubernetes/:uuid/node_pools/:pool_id 204']);
      assert.deepEqual((await get<{ kubernetes: Cluster }>(`/v1/kubernetes/${uuid}`)).kubernetes.node_pools.map((p) => p.name), ['default-pool']);
      assert.equal(await row('kubernetes', 'nodePool', 'ci-pool', true), undefined);
    });

    it('Delete Cluster: the name typed; gone', async () => {
      const outcome = await run('stacklet.deleteCluster', undefined, { pick: 'demo-cluster' }, { input: 'demo-cluster' });
      assert.match(outcome.asked[1]!.prompt!, /destroys cluster demo-cluster, its 3 nodes and everything running on them/);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/kubernetes/:uuid 204']);
      assert.deepEqual(await list('kubernetes_clusters', 'kubernetes'), []);
    });
  });

  describe('volumes on stacklets', () => {
    it('Create Volume from the palette: only stacklets that can take one; name and size; made in the stacklet\'s region, its task followed', async () => {
      const withoutVolume = (await list<Stacklet>('stacklets')).filter((s) => !s.volume_uuid && !s.task).map((s) => s.name);
      const outcome = await run('stacklet.createVolume', undefined, { pick: 'web-2' }, { input: 'web-2-data', bad: ['', 'Bad Name!', '-data'] }, { input: '20', bad: ['0', '16385', 'x'] }, { choose: 'Create' });
      assert.match(outcome.asked[1]!.validation!['Bad Name!']!, /^Name may contain only letters, digits, '\.', '_' and '-', and must start with a letter or digit$/, 'the name is checked as it is typed');
      assert.deepEqual(outcome.asked[0]!.items!.map((i) => i.label), withoutVolume, 'the stacklets without a volume');
      assert.deepEqual(outcome.asked.map((q) => [q.step, q.totalSteps]), [[1, 3], [2, 3], [3, 3], [undefined, undefined]]);
      assert.equal(outcome.asked[3]!.title, 'Create volume web-2-data (20 GB) on web-2?', 'the review');
      assert.equal(outcome.asked[1]!.value, 'web-2-data');
      assert.match(outcome.asked[1]!.prompt!, /made in fra, the region of web-2/);
      assert.equal(outcome.asked[2]!.value, '10');
      assert.match(outcome.asked[2]!.validation!['16385']!, /from 1 to 16384/);
      const web2 = (await stackletNamed('web-2'))!;
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/volumes 201']);
      assert.deepEqual(outcome.sent[0]!.body, { name: 'web-2-data', stacklet_id: web2.id, size_gigabytes: 20 });
      const volume = (await volumeNamed('web-2-data'))!;
      assert.ok(suite.api.tasks.all().some((t) => t.kind === 'volume' && t.resourceId === volume.id && t.task.name === 'create'), 'the create task is followed');
      const made = await settled<Volume>(`/v1/volumes/${volume.id}`, 'volume', 'volume');
      assert.deepEqual([made.stacklet?.id, made.region.slug, made.size_gigabytes], [web2.id, 'fra', 20]);
    });

    it('Copy as curl of that create, run by bash against the emulator, creates the same volume (here under a new name)', async () => {
      const copied = await copiedAction(suite.prompter, /Creating volume web-2-data…/);
      assert.match(copied, /^curl -sS -X POST '[^']+\/v1\/volumes' /);
      // The same request for another stacklet: web-2 carries a volume now, which the service would refuse.
      const other = (await stackletNamed('blog'))!;
      const body = JSON.parse(copied.match(/--data-raw '(.*)'$/)![1]!) as Record<string, unknown>;
      assert.deepEqual(body, { name: 'web-2-data', stacklet_id: (await stackletNamed('web-2'))!.id, size_gigabytes: 20 });
      const again = copied.replace(/--data-raw '.*'$/, `--data-raw '${JSON.stringify({ ...body, name: 'curl-data', stacklet_id: other.id })}'`);
      const answer = JSON.parse(await runCurl(again, TOKEN)) as { volume: Volume };
      assert.equal(answer.volume.name, 'curl-data');
      const made = (await volumeNamed('curl-data'))!;
      assert.deepEqual([made.stacklet?.id, made.size_gigabytes], [other.id, 20]);
    });

    it('Add Volume on a stacklet asks only the name and size; Escape sends nothing', async () => {
      const staging = await mustRow('stacklets', 'stacklet', 'staging-1');
      const escaped = await run('stacklet.addVolume', staging, { input: 'staging-1-data' }, 'escape');
      assert.deepEqual(escaped.asked.map((q) => [q.title, q.step, q.totalSteps]), [['Create Volume: Name', 1, 2], ['Create Volume: Size', 2, 2]]);
      assert.deepEqual(escaped.sent, []);
      const outcome = await run('stacklet.addVolume', staging, { input: 'staging-1-data' }, { input: '15' }, { choose: 'Create' });
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/volumes 201']);
      assert.equal((await volumeNamed('staging-1-data'))!.region.slug, 'ams');
    });
  });

  describe('SSH keys', () => {
    const configFile = vscode.workspace.getConfiguration('remote.SSH').get<string>('configFile');

    it('Add SSH Key from a .pub file of the SSH folder: valid files offered with their type and fingerprint, a key already added marked', async function () {
      // Never the machine's own ~/.ssh: the harness points Remote-SSH's setting into its run folder.
      if (!configFile) this.skip();
      const folder = path.dirname(configFile!);
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'id_ed25519.pub'), `${ED25519}\n`);
      fs.writeFileSync(path.join(folder, 'old_rsa.pub'), `${RSA_1024}\n`);
      fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a key');
      try {
        const outcome = await run('stacklet.addSshKey', undefined, { pick: 'id_ed25519.pub' }, { input: 'me@ed25519' }, { choose: 'Add' });
        const source = outcome.asked[0]!;
        assert.deepEqual(source.items!.map((i) => i.label), ['id_ed25519.pub', 'Paste a Public Key…'], 'a 1024-bit RSA key and other files are not offered');
        assert.equal(source.items![0]!.description, 'ssh-ed25519 · me@ed25519');
        assert.equal(source.items![0]!.detail, ED25519_MD5);
        assert.equal(outcome.asked[1]!.value, 'me@ed25519', 'the key\'s comment names it');
        assert.equal(outcome.asked[1]!.step, 2);
        assert.equal(outcome.asked[1]!.totalSteps, undefined);
        assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/ssh_keys 201']);
        assert.deepEqual(outcome.sent[0]!.body, { name: 'me@ed25519', public_key: ED25519 });
        const again = await run('stacklet.addSshKey', undefined, 'escape');
        assert.match(again.asked[0]!.items![0]!.description!, /already in the account as me@ed25519/);
        assert.ok((await rows('account')).some((n) => n.resource?.kind === 'sshKey' && n.resource.name === 'me@ed25519'), 'listed in the SSH Keys group');
      } finally {
        for (const file of ['id_ed25519.pub', 'old_rsa.pub', 'notes.txt']) fs.rmSync(path.join(folder, file), { force: true });
      }
    });

    it('Add SSH Key by pasting: type, base64 and length checked inline before anything is sent', async () => {
      const outcome = await run('stacklet.addSshKey', undefined, { pick: 'Paste a Public Key…' },
        { input: ECDSA, bad: ['ssh-ed25519', 'ssh-ed25519 AAAA!', RSA_1024, 'ssh-dsa AAAA', '-----BEGIN OPENSSH PRIVATE KEY-----'] }, { input: 'ci-ecdsa' }, { choose: 'Add' });
      const pasted = outcome.asked[1]!;
      assert.match(pasted.validation!['ssh-ed25519']!, /data \(AAAA…\) is missing/);
      assert.match(pasted.validation!['ssh-ed25519 AAAA!']!, /not valid base64/);
      assert.match(pasted.validation![RSA_1024]!, /1024 bits; from 2048/);
      assert.match(pasted.validation!['ssh-dsa AAAA']!, /must start with its type/);
      assert.match(pasted.validation!['-----BEGIN OPENSSH PRIVATE KEY-----']!, /private key/);
      assert.equal(outcome.asked[2]!.value, 'me@ecdsa');
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/ssh_keys 201']);
      assert.equal((outcome.sent[0]!.body as { public_key: string }).public_key, ECDSA);
    });
  });

  describe('tags', () => {
    it('Add Tag: the account\'s tags the stacklet lacks, or a new one typed and checked; the row and the tag filter follow', async () => {
      const worker = await mustRow('stacklets', 'stacklet', 'worker-1');
      const outcome = await run('stacklet.tagStacklets', worker, { pick: 'production' });
      const offered = outcome.asked[0]!.items!.map((i) => i.label);
      assert.ok(offered[0] === 'New Tag…' && offered.includes('production') && !offered.includes('worker'), offered.join(', '));
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/tags/:name/resources 200']);
      assert.deepEqual(outcome.sent[0]!.body, { id: worker.resource!.id, type: 'stacklet' });
      assert.deepEqual((await stackletNamed('worker-1'))!.tags, ['worker', 'production']);
      const typed = await run('stacklet.tagStacklets', await mustRow('stacklets', 'stacklet', 'worker-1'), { pick: 'New Tag…' }, { input: 'ci-batch', bad: ['worker'] });
      assert.match(typed.asked[1]!.validation!['worker']!, /already carries "worker"/);
      assert.deepEqual(typed.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/tags/:name/resources 200']);
      assert.deepEqual((await stackletNamed('worker-1'))!.tags, ['worker', 'production', 'ci-batch']);
      const filter = await run('stacklet.stacklets.filterByTag', undefined, 'escape');
      assert.ok(filter.asked[0]!.items!.some((i) => i.label === 'ci-batch'), `the tag filter lists the new tag: ${filter.asked[0]!.items!.map((i) => i.label).join(', ')}`);
    });

    it('Untag: one of the stacklet\'s tags; a service without untagging says so and nothing changes', async () => {
      const worker = await mustRow('stacklets', 'stacklet', 'worker-1');
      assert.match(String(item('stacklets', worker).contextValue), /\bhasTags\b/);
      await configureEmulator({ quirks: { noConventionalForms: true } });
      try {
        const lacking = await run('stacklet.untagStacklet', worker, { pick: 'ci-batch' });
        assert.deepEqual(lacking.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/tags/:name/resources 404']);
        assert.match(lacking.errors[0]!, /^Could not remove tag ci-batch from worker-1: This service does not support removing tags \(HTTP 404\)\.$/);
      } finally {
        await configureEmulator({ quirks: { noConventionalForms: false } });
      }
      const outcome = await run('stacklet.untagStacklet', worker, { pick: 'ci-batch' });
      assert.deepEqual(outcome.asked[0]!.items!.map((i) => i.label), ['worker', 'production', 'ci-batch']);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/tags/:name/resources 204']);
      assert.deepEqual((await stackletNamed('worker-1'))!.tags, ['worker', 'production']);
    });
  });

  describe('Create Stacklet and the create wizards: several at once, projects, new keys', () => {
    let project: string;
    before(async () => {
      project = (await request<{ project: { uuid: string } }>('POST', '/v1/projects', { name: 'ci-project', color: '#00aa00', environment: 'Staging' })).json.project.uuid;
    });

    it('Create Stacklet creates several at once: how many, then the names web-1 … web-N, editable and checked; one request with names', async () => {
      await fresh();
      const names = 'ci-multi-1, ci-multi-b, ci-multi-3';
      const tooMany = Array.from({ length: 11 }, (_, i) => `n${i}`).join(', ');
      const outcome = await run('stacklet.createStacklet', undefined,
        { input: 'ci-multi' }, { input: '3' }, { input: names, bad: ['ci-a, ci-a', 'bad_name, ok', tooMany, ''] },
        { pick: 'sgp' }, { pick: 'b-1vcpu-1gb' }, { pick: (i: PickItem<unknown>) => i.value === 'ubuntu-22-04-x64' },
        { input: '' }, { pick: 'None' }, { pick: 'None' }, { pick: 'None' }, { many: [] }, { pick: 'No' }, { pick: 'Default' }, { choose: 'Create' });
      const asked = outcome.asked[2]!;
      assert.deepEqual([asked.title, asked.step, asked.totalSteps], ['Create Stacklet: Names', 3, undefined]);
      assert.equal(asked.value, 'ci-multi-1, ci-multi-2, ci-multi-3', 'the names are offered, numbered from the name');
      assert.match(asked.validation!['ci-a, ci-a']!, /ci-a is there twice/);
      assert.match(asked.validation!['bad_name, ok']!, /only letters, digits/);
      assert.match(asked.validation![tooMany]!, /from 1 to 10/);
      assert.match(asked.validation!['']!, /from 1 to 10/);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/stacklets 201']);
      const body = outcome.sent[0]!.body as { names?: string[]; name?: string };
      assert.deepEqual([body.names, body.name], [['ci-multi-1', 'ci-multi-b', 'ci-multi-3'], undefined]);
      for (const name of ['ci-multi-1', 'ci-multi-b', 'ci-multi-3']) {
        const made = (await stackletNamed(name))!;
        assert.ok(suite.api.tasks.all().some((t) => t.kind === 'stacklet' && t.resourceId === made.id && t.task.name === 'create'), `${name}'s create task is followed`);
      }
    });

    it('Create VPC asks the project when the service lists several, the default first; the other one is sent', async () => {
      await fresh();
      const outcome = await run('stacklet.createVpc', undefined, { input: 'ci-vpc-p' }, { pick: 'ams' }, { input: '10.60.0.0/16' }, { pick: 'ci-project' }, { choose: 'Create' });
      const asked = outcome.asked[3]!;
      assert.deepEqual([asked.title, asked.step, asked.totalSteps], ['Create VPC: Project', 4, 4]);
      assert.deepEqual(asked.items!.map((i) => [i.label, i.description]), [['Default', 'default project · Development'], ['ci-project', 'Staging']]);
      assert.deepEqual(outcome.sent[0]!.body, { name: 'ci-vpc-p', region: 'ams', cidr: '10.60.0.0/16', project_uuid: project });
      assert.equal(outcome.sent[0]!.status, 201);
    });

    it('Create Stacklet: "Add a Key…" adds one and asks again with it checked; the default project sends no project_uuid', async () => {
      await fresh();
      const outcome = await run('stacklet.createStacklet', undefined,
        { input: 'ci-keyed' }, { input: '1' }, { pick: 'ams' }, { pick: 'b-1vcpu-1gb' }, { pick: (i: PickItem<unknown>) => i.value === 'ubuntu-22-04-x64' },
        { input: '' }, { pick: 'None' }, { pick: 'None' }, { pick: 'None' },
        { many: ['Add a Key…'] }, { pick: 'Paste a Public Key…' }, { input: WIZARD_KEY }, { input: 'wizard-key' }, { choose: 'Add' },
        { many: ['wizard-key'] }, { pick: 'No' }, { pick: 'Default' }, { choose: 'Create' });
      const keySteps = outcome.asked.filter((q) => q.title === 'Create Stacklet: SSH Keys');
      assert.equal(keySteps.length, 2, 'the key step is asked again after the key was added');
      assert.ok(keySteps[1]!.items!.find((i) => i.label === 'wizard-key')!.picked, 'the new key is checked');
      assert.ok(outcome.asked.some((q) => q.title === 'Add SSH Key: Public Key'));
      assert.equal(outcome.asked.at(-2)!.title, 'Create Stacklet: Project', 'the last step, then the review');
      const [addKey, create] = outcome.sent;
      assert.equal(addKey!.route, 'POST /v1/ssh_keys');
      const keyId = (await list<{ id: number; name: string }>('ssh_keys')).find((k) => k.name === 'wizard-key')!.id;
      assert.equal(create!.route, 'POST /v1/stacklets');
      assert.deepEqual((create!.body as { ssh_keys: number[] }).ssh_keys, [keyId]);
      assert.equal((create!.body as { project_uuid?: string }).project_uuid, undefined);
      assert.equal(create!.status, 201);
    });
  });

  describe('Delete Stacklet with its volume and snapshots', () => {
    it('offers them unchecked, says what goes and what stays, and deletes only what was checked', async () => {
      const db1 = (await stackletNamed('db-1'))!;
      // db-1 has db-data back (detached above) and its weekly snapshot.
      const volume = (await volumeNamed('db-data'))!;
      await settled<Volume>(`/v1/volumes/${volume.id}`, 'volume', 'volume');
      await request('PUT', `/v1/volumes/${volume.id}`, { action: 'attach', stacklet_id: db1.id });
      await settled<Volume>(`/v1/volumes/${volume.id}`, 'volume', 'volume');
      const target = await mustRow('stacklets', 'stacklet', 'db-1');
      const kept = await run('stacklet.deleteStacklet', target, { many: [] }, 'escape');
      const offered = kept.asked[0]!;
      assert.deepEqual([offered.kind, offered.step, offered.totalSteps], ['pickMany', 1, 2]);
      assert.deepEqual(offered.items!.map((i) => [i.label, !!i.picked]), [['db-data', false], ['db-1 weekly', false]], 'nothing is checked');
      assert.match(kept.asked[1]!.prompt!, /^Deletes: db-1 and its disk\. Keeps: volume db-data, snapshot db-1 weekly\. Estimated change: −\$\d+\.\d\d\/mo\. Type db-1 to confirm\.$/);
      assert.deepEqual(kept.sent, []);
      const outcome = await run('stacklet.deleteStacklet', target, { many: ['db-data'] }, { input: 'db-1' });
      assert.match(outcome.asked[1]!.prompt!, /^Deletes: db-1 and its disk, volume db-data\. Keeps: snapshot db-1 weekly\. Estimated change: −\$\d+\.\d\d\/mo\. Type db-1 to confirm\.$/);
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/stacklets/:id 204', 'DELETE /v1/volumes/:id 204']);
      assert.equal(await stackletNamed('db-1'), undefined);
      assert.equal(await volumeNamed('db-data'), undefined);
      assert.ok((await list<{ name: string }>('snapshots')).some((s) => s.name === 'db-1 weekly'), 'the snapshot stays');
      assert.equal(await row('stacklets', 'stacklet', 'db-1', true), undefined);
    });
  });
});
