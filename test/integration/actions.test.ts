// Actions on resources and the create wizards, driven through the real commands with scripted answers.
// Every test checks what the emulator received (its request log), the state that resulted (read back from
// the emulator), and what the user was asked. The suite works in an account of its own, seeded with the
// demo data, so the demo account other suites read stays as it was.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StackletExtensionApi } from '../../src/extension';
import { Firewall as FirewallSchema, KubernetesCluster as ClusterSchema, Snapshot as SnapshotSchema, Stacklet as StackletSchema, Volume as VolumeSchema } from '../../src/api/schemas';
import type { KubernetesCluster, Snapshot as SnapshotItem, Stacklet as StackletItem, Volume as VolumeItem } from '../../src/api/schemas';
import { clusterNode } from '../../src/views/kubernetesView';
import { firewallNode } from '../../src/views/networkingView';
import type { ResourceNode } from '../../src/views/resourceNode';
import { snapshotNode } from '../../src/views/snapshotsView';
import { stackletContextValue } from '../../src/views/stackletsView';
import { volumeNode } from '../../src/views/volumesView';
import type { ViewId } from '../../src/kinds/viewIds';
import type { PickItem } from '../../src/ui/prompter';
import { plainLabel, ScriptedPrompter, type Answer, type Asked } from './scriptedPrompter';
import { configureEmulator, control, extensionApi, mutationsSince as mutationsOf, recentRequests, serviceGet, serviceRequest, type Sent, signInByCommand } from './emulatorAccess';
import { testEmulator } from './testEnvironment';
import { contributedMenus, offeredOn } from './menus';
import { recordShownMessages, type Shown } from './shownMessages';
import { sleep, waitFor } from '../harness/processes';

const EMAIL = 'actions@stacklet.example';
const TOKEN = `stk_actions_${Date.now().toString(36)}`;
/** Tasks end quickly here, so effects can be read back without long waits. */
const TASK_MS = 300;


interface Task {
  name: string;
}
interface Stacklet {
  id: number;
  name: string;
  status: string;
  task: Task | null;
  size: { slug: string };
  disk: number;
  tags: string[];
  firewall_uuid: string | null;
  networks: { v4: { type: string }[] };
  distribution: { name: string };
  volume_uuid: string | null;
  region: { slug: string };
}
interface Volume {
  id: string;
  name: string;
  size_gigabytes: number;
  task: Task | null;
  stacklet: { id: number } | null;
}
interface Snapshot {
  id: number;
  name: string;
  regions: string[];
  task: Task | null;
  stacklet?: { id: number };
}

// ── the service, directly ────────────────────────────────────────────────────

const request = <T>(method: string, path: string, body?: unknown) => serviceRequest<T>(TOKEN, method, path, body);
const until = <T>(what: string, probe: () => T | undefined | false): Promise<T> => waitFor(what, 20_000, async () => probe() || undefined, 50);
const get = <T>(path: string) => serviceGet<T>(TOKEN, path);
const mutationsSince = (before: readonly Sent[], after: readonly Sent[]) => mutationsOf(EMAIL, before, after);


async function stackletNamed(name: string): Promise<Stacklet> {
  const { stacklets } = await get<{ stacklets: Stacklet[] }>('/v1/stacklets?per_page=200');
  const found = stacklets.find((s) => s.name === name);
  assert.ok(found, `stacklet ${name} exists`);
  return found;
}

async function snapshotNamed(name: string): Promise<Snapshot> {
  const { snapshots } = await get<{ snapshots: Snapshot[] }>('/v1/snapshots?per_page=200');
  const found = snapshots.find((s) => s.name === name);
  assert.ok(found, `snapshot ${name} exists`);
  return found;
}

// ── the extension ────────────────────────────────────────────────────────────

const byValue = (value: unknown) => (item: PickItem<unknown>) => item.value === value;
/** The answer to the review every create wizard ends in. */
const CREATE: Answer = { choose: 'Create' };
/** The questions of a wizard's steps, without the review it ends in. */
const stepsOf = (asked: readonly Asked[]) => asked.filter((q) => q.kind !== 'choose');

describe('Actions and create wizards', function () {
  this.timeout(60_000);
  let a: StackletExtensionApi;
  const prompter = new ScriptedPrompter();
  let restorePrompter: (() => void) | undefined;
  let taskMsBefore: number | undefined;
  const settings = () => vscode.workspace.getConfiguration('stacklet');
  let shown: Shown[] = [];
  /** Which button of a shown message the test presses (none: as if dismissed). */
  let choose: ((message: Shown) => string | undefined) | undefined;
  let restoreWindow: (() => void) | undefined;

  const KIND_OF = { stacklets: 'stacklet', volumes: 'volume', snapshots: 'snapshot', kubernetes: 'cluster', load_balancers: 'loadBalancer' } as const;

  /**
   * Reads a resource until no task runs on it and the extension no longer follows one there (its tracker
   * has seen the task end, so the resource takes actions again).
   */
  async function settled<T extends { task?: Task | null }>(path: string, key: string): Promise<T> {
    const [, , collection, id] = path.split('/');
    const kind = KIND_OF[collection as keyof typeof KIND_OF];
    const deadline = Date.now() + 20_000;
    for (;;) {
      const value = (await get<Record<string, T>>(path))[key]!;
      if (!value.task && !a.tasks.isBusy(kind, id!)) return value;
      if (Date.now() > deadline) assert.fail(`${path} is still busy (${value.task?.name ?? 'followed by the tracker'})`);
      await sleep(100);
    }
  }

  /** The answer's task was handed to the tracker. */
  function assertFollowed(kind: (typeof KIND_OF)[keyof typeof KIND_OF], id: string | number, taskName: string): void {
    assert.ok(
      a.tasks.all().some((t) => t.kind === kind && String(t.resourceId) === String(id) && t.task.name === taskName),
      `the tracker follows the ${taskName} task of ${kind} ${id}`,
    );
  }

  /** Fresh listings: drops what the extension cached, so the views read the service again. */
  async function fresh(): Promise<void> {
    ((await a.session.current()).store).invalidate('stacklet', 'volume', 'snapshot', 'firewall', 'cluster', 'vpc', 'loadBalancer');
  }

  async function roots(view: ViewId): Promise<ResourceNode[]> {
    return (await a.views.get(view)!.getChildren()) as ResourceNode[];
  }

  async function children(view: ViewId, node: ResourceNode): Promise<ResourceNode[]> {
    return (await a.views.get(view)!.getChildren(node)) as ResourceNode[];
  }

  function contextValue(view: ViewId, node: ResourceNode): string {
    return String((a.views.get(view)!.getTreeItem(node) as vscode.TreeItem).contextValue);
  }

  /** The tree item of a resource, from the view that lists it (read fresh from the service). */
  async function node(view: ViewId, kind: string, name: string): Promise<ResourceNode> {
    await fresh();
    let nodes = await roots(view);
    if (view === 'networking') nodes = (await Promise.all(nodes.map((group) => children(view, group)))).flat();
    if (kind === 'nodePool') nodes = (await Promise.all(nodes.map((cluster) => children(view, cluster)))).flat();
    const found = nodes.find((n) => n.resource?.kind === kind && n.resource.name === name);
    assert.ok(found, `the ${view} view shows ${kind} ${name}`);
    return found;
  }

  interface Outcome {
    sent: Sent[];
    asked: Asked[];
    errors: string[];
    warnings: string[];
  }

  /** Runs a command with scripted answers; every answer must be used and nothing may be asked beyond them. */
  async function run(command: string, target: ResourceNode | undefined, ...answers: Answer[]): Promise<Outcome> {
    prompter.script(...answers);
    shown.length = 0;
    const before = await recentRequests();
    await vscode.commands.executeCommand(command, target);
    const sent = mutationsSince(before, await recentRequests());
    assert.deepEqual(prompter.problems, [], `${command}: the script fits the questions`);
    assert.equal(prompter.remaining, 0, `${command}: every scripted answer was used`);
    return {
      sent,
      asked: [...prompter.asked],
      errors: shown.filter((s) => s.level === 'error').map((s) => s.message),
      warnings: shown.filter((s) => s.level === 'warning').map((s) => s.message),
    };
  }

  /** Escape at each step in turn of a wizard answered by `answers`, then at its review: every time, nothing is sent. */
  async function escapeAtEveryStep(command: string, answers: readonly Answer[]): Promise<void> {
    for (let k = 0; k < answers.length; k++) {
      const outcome = await run(command, undefined, ...answers.slice(0, k), 'escape');
      assert.deepEqual(outcome.sent, [], `${command}: Escape at step ${k + 1} sends nothing`);
      assert.equal(outcome.asked.length, k + 1, `${command}: Escape at step ${k + 1} ends the wizard`);
      assert.equal(outcome.asked[k]!.step, k + 1, `${command}: question ${k + 1} is step ${k + 1}`);
    }
    const atReview = await run(command, undefined, ...answers, 'escape');
    assert.deepEqual(atReview.sent, [], `${command}: Escape at the review sends nothing`);
    assert.equal(atReview.asked.at(-1)!.kind, 'choose', `${command}: the steps end in the review`);
  }

  /** Asserts that exactly one request was sent, and returns it. */
  function one(outcome: Outcome, method: string, route: string): Sent {
    assert.equal(outcome.sent.length, 1, `one request sent, not ${JSON.stringify(outcome.sent)}`);
    const [sent] = outcome.sent;
    assert.equal(sent!.method, method);
    assert.equal(sent!.path, route);
    return sent!;
  }

  before(async () => {
    a = await extensionApi();
    for (const account of [...a.session.accounts]) await a.session.signOut(account.id);
    await control('/_emulator/accounts', { token: TOKEN, email: EMAIL, seed: 'demo' });
    taskMsBefore = (await control<{ config: { taskMs: number } }>('/_emulator/config', {})).config.taskMs;
    await control('/_emulator/config', { taskMs: TASK_MS });
    // The tracker checks every second, so a finished task frees its resource quickly.
    await settings().update('pollInterval', 1, vscode.ConfigurationTarget.Global);
    assert.equal(await signInByCommand(a, testEmulator().apiUrl, TOKEN), true);
    restorePrompter = a.setPrompter(prompter);
    // What the commands show: the service's refusals arrive as error messages.
    ({ shown, restore: restoreWindow } = recordShownMessages((message) => choose?.(message)));
  });

  after(async () => {
    restoreWindow?.();
    restorePrompter?.();
    if (taskMsBefore !== undefined) await control('/_emulator/config', { taskMs: taskMsBefore });
    await settings().update('pollInterval', undefined, vscode.ConfigurationTarget.Global);
    // The extension host is shared with the other suites: leave it signed out.
    for (const account of [...a.session.accounts]) await a.session.signOut(account.id);
  });

  describe('menus', () => {
    const pkg = { contributes: contributedMenus() };
    const offered = offeredOn;

    /**
     * The contextValue of an item in each state, as the views' own functions give it (never written by hand):
     * the demo account's resources as the service lists them, put into each state.
     */
    let context: Record<string, string>;
    before(async () => {
      const task = { id: 1, name: 'x', description: { progress: 'x is running', completed: 'x done' } };
      const { stacklets } = await get<{ stacklets: unknown[] }>('/v1/stacklets');
      const listed = StackletSchema.parse(stacklets.find((s) => (s as { name: string }).name === 'web-1'));
      // web-1 as listed, but with its public address only: each state below adds what it is about.
      const web = { ...listed, networks: { ...listed.networks, v4: listed.networks.v4.filter((n) => n.type !== 'private') } };
      const privateNetwork = { address: '10.130.0.9', gateway: '10.130.0.1', netmask: '255.255.0.0', type: 'private' };
      const stacklet = (change: Partial<StackletItem>) => stackletContextValue({ ...web, ...change });
      const { volumes } = await get<{ volumes: unknown[] }>('/v1/volumes');
      const attached = VolumeSchema.parse(volumes.find((v) => (v as { name: string }).name === 'db-data'));
      const volume = (v: VolumeItem) => String(volumeNode(v, 'x').toTreeItem().contextValue);
      const { snapshots } = await get<{ snapshots: unknown[] }>('/v1/snapshots');
      const snap = SnapshotSchema.parse(snapshots[0]);
      const snapshot = (s: SnapshotItem) => String(snapshotNode(s, 'x').toTreeItem().contextValue);
      const { firewalls } = await get<{ firewalls: unknown[] }>('/v1/firewalls');
      const fw = firewallNode(FirewallSchema.parse(firewalls[0]), 'x');
      const inbound = (await fw.getChildren())[0]!;
      const { kubernetes_clusters: clusters } = await get<{ kubernetes_clusters: unknown[] }>('/v1/kubernetes');
      const cluster = ClusterSchema.parse(clusters[0]);
      const clusterItem = (c: KubernetesCluster) => clusterNode(c);
      const pool = async (c: KubernetesCluster) => String((await clusterItem(c).getChildren())[0]!.toTreeItem().contextValue);
      const groups = await roots('networking');
      const group = (name: string) => String(groups.find((g) => g.id === `networking/${name}`)!.toTreeItem().contextValue);
      context = {
        'stacklet active': stacklet({ status: 'active' }),
        'stacklet active without an address': stacklet({ status: 'active', networks: { v4: [], v6: [] } }),
        'stacklet active with private networking': stacklet({ status: 'active', networks: { ...web.networks, v4: [...web.networks.v4, privateNetwork] } }),
        'stacklet off': stacklet({ status: 'off' }),
        'stacklet off with private networking': stacklet({ status: 'off', networks: { ...web.networks, v4: [...web.networks.v4, privateNetwork] } }),
        'stacklet busy': stacklet({ task }),
        'stacklet not yet active': stacklet({ status: 'new' }),
        'volume attached': volume(attached),
        'volume free': volume({ ...attached, stacklet: null }),
        'volume busy': volume({ ...attached, task }),
        'snapshot ready': snapshot({ ...snap, task: null }),
        'snapshot busy': snapshot({ ...snap, task }),
        'firewall': String(fw.toTreeItem().contextValue),
        'firewall rule': String(inbound.toTreeItem().contextValue),
        'cluster active': String(clusterItem({ ...cluster, task: null }).toTreeItem().contextValue),
        'cluster busy': String(clusterItem({ ...cluster, task }).toTreeItem().contextValue),
        'node pool': await pool({ ...cluster, task: null }),
        'node pool of a busy cluster': await pool({ ...cluster, task }),
        'firewalls group': group('firewalls'),
        'load balancers group': group('loadBalancers'),
        'VPCs group': group('vpcs'),
      };
    });

    const CASES: [string, string[], string[]][] = [
      ['stacklet.powerOn', ['stacklet off', 'stacklet off with private networking'], ['stacklet active', 'stacklet busy', 'stacklet not yet active']],
      ['stacklet.powerOff', ['stacklet active'], ['stacklet off', 'stacklet busy']],
      ['stacklet.powerCycle', ['stacklet active', 'stacklet off'], ['stacklet busy', 'stacklet not yet active']],
      ['stacklet.resizeStacklet', ['stacklet active', 'stacklet off'], ['stacklet busy']],
      ['stacklet.rebuildStacklet', ['stacklet active', 'stacklet off'], ['stacklet busy']],
      ['stacklet.restoreStacklet', ['stacklet active'], ['stacklet busy']],
      ['stacklet.resetPassword', ['stacklet active'], ['stacklet busy']],
      ['stacklet.enablePrivateNetworking', ['stacklet active', 'stacklet off'], ['stacklet active with private networking', 'stacklet off with private networking', 'stacklet busy']],
      ['stacklet.snapshotStacklet', ['stacklet active'], ['stacklet busy']],
      ['stacklet.renameStacklet', ['stacklet active', 'stacklet off', 'stacklet not yet active'], ['stacklet busy']],
      ['stacklet.deleteStacklet', ['stacklet active', 'stacklet off', 'stacklet not yet active'], ['stacklet busy']],
      ['stacklet.connectSsh', ['stacklet active'], ['stacklet active without an address', 'stacklet off', 'stacklet busy']],
      ['stacklet.resizeVolume', ['volume attached', 'volume free'], ['volume busy']],
      ['stacklet.attachVolume', ['volume free'], ['volume attached', 'volume busy']],
      ['stacklet.detachVolume', ['volume attached'], ['volume free', 'volume busy']],
      ['stacklet.renameVolume', ['volume attached', 'volume free'], ['volume busy']],
      ['stacklet.renameSnapshot', ['snapshot ready'], ['snapshot busy']],
      ['stacklet.transferSnapshot', ['snapshot ready'], ['snapshot busy']],
      ['stacklet.renameFirewall', ['firewall'], ['firewall rule']],
      ['stacklet.editFirewall', ['firewall'], ['firewall rule']],
      ['stacklet.newFirewall', ['firewalls group'], ['VPCs group', 'firewall']],
      ['stacklet.renameCluster', ['cluster active'], ['cluster busy']],
      ['stacklet.renameNodePool', ['node pool'], ['node pool of a busy cluster']],
      ['stacklet.resizeNodePool', ['node pool'], ['node pool of a busy cluster']],
      ['stacklet.createVpc', ['VPCs group'], ['firewalls group']],
      ['stacklet.createLoadBalancer', ['load balancers group'], ['VPCs group']],
    ];

    it('offers each action only on items in a state that allows it (a busy item offers none)', () => {
      for (const [command, yes, no] of CASES) {
        for (const state of yes) assert.ok(offered(command, context[state]!), `${command} on a ${state} ("${context[state]}")`);
        for (const state of no) assert.ok(!offered(command, context[state]!), `no ${command} on a ${state} ("${context[state]}")`);
      }
    });

    it('puts the create commands in the title bars (the rarer ones in their … menu), every action in the palette while signed in, and registers them', async () => {
      const titles = pkg.contributes.menus['view/title']!;
      for (const [command, view, where] of [
        ['stacklet.createStacklet', 'stacklet.stacklets', 'bar'],
        ['stacklet.createVpc', 'stacklet.networking', 'more'],
        ['stacklet.newFirewall', 'stacklet.networking', 'bar'],
        ['stacklet.createLoadBalancer', 'stacklet.networking', 'more'],
        ['stacklet.createKubernetesCluster', 'stacklet.kubernetes', 'bar'],
      ] as const) {
        // A group starting with `navigation` is an icon in the title bar; any other group is an entry of its … menu.
        const inBar = (group: string | undefined) => !!group?.startsWith('navigation');
        assert.ok(titles.some((m) => m.command === command && m.when?.includes(`view == ${view}`) && m.group !== undefined && inBar(m.group) === (where === 'bar')), `${command} in the ${where === 'bar' ? 'title bar' : '… menu'} of ${view}`);
      }
      const registered = new Set(await vscode.commands.getCommands(true));
      const palette = pkg.contributes.menus['commandPalette']!;
      const actions = [...CASES.map(([command]) => command), 'stacklet.createStacklet', 'stacklet.createKubernetesCluster'];
      for (const command of new Set(actions)) {
        assert.ok(pkg.contributes.commands.some((c) => c.command === command), `${command} is contributed`);
        assert.ok(registered.has(command), `${command} is registered`);
        assert.ok(palette.some((m) => m.command === command && m.when === 'stacklet.state == active'), `${command} in the palette while signed in`);
      }
    });
  });

  describe('Create Stacklet', () => {
    const full = (name: string, vpc: Answer = { pick: 'None' }): Answer[] => [
      { input: name },
      { input: '1' },
      { pick: 'fra' },
      { pick: 'b-1vcpu-1gb' },
      { pick: byValue('ubuntu-22-04-x64') },
      { input: 'ci, test' },
      vpc,
      { pick: 'web-firewall' },
      { pick: 'docker-bootstrap' },
      { many: ['laptop'] },
      { pick: 'No' },
    ];

    it('asks eleven steps numbered without a total, validates inline, sends one create and lists the new stacklet', async () => {
      const answers = full('ci-new-1');
      answers[0] = { input: 'ci-new-1', bad: ['', 'bad_name', '-web', 'a..b'] };
      answers[1] = { input: '1', bad: ['0', '11', 'two'] };
      answers[5] = { input: 'ci, test', bad: [`ok, ${'x'.repeat(256)}`] };
      const outcome = await run('stacklet.createStacklet', undefined, ...answers, CREATE);
      assert.deepEqual(stepsOf(outcome.asked).map((q) => [q.step, q.totalSteps]), Array.from({ length: 11 }, (_, i) => [i + 1, undefined]));
      assert.deepEqual(stepsOf(outcome.asked).map((q) => q.title), [
        'Create Stacklet: Name', 'Create Stacklet: How Many', 'Create Stacklet: Region', 'Create Stacklet: Size', 'Create Stacklet: Image', 'Create Stacklet: Tags',
        'Create Stacklet: VPC', 'Create Stacklet: Firewall', 'Create Stacklet: Userdata', 'Create Stacklet: SSH Keys', 'Create Stacklet: Backups',
      ]);
      const [name, count, region, size, image, tags, vpc, , , keys] = outcome.asked;
      assert.doesNotMatch(name!.placeHolder!, /^[a-z0-9-]+$/, 'the placeholder describes; it does not look like a name');
      assert.equal(count!.value, '1');
      assert.match(count!.validation!['0']!, /from 1 to 10/);
      assert.match(count!.validation!['11']!, /from 1 to 10/);
      assert.match(count!.validation!['two']!, /whole number/);
      assert.match(name!.validation!['']!, /must not be empty/);
      assert.match(name!.validation!['bad_name']!, /only letters, digits/);
      assert.match(name!.validation!['-web']!, /must not start or end with '-'/);
      assert.match(name!.validation!['a..b']!, /empty labels/);
      assert.match(tags!.validation![`ok, ${'x'.repeat(256)}`]!, /at most 255/);
      // Lists come from the service: available regions only, sizes with vCPU, memory, disk and price, every kind of image.
      const { regions } = await get<{ regions: { slug: string; available: boolean }[] }>('/v1/regions');
      assert.deepEqual(region!.items!.map((i) => i.value), regions.filter((r) => r.available).map((r) => r.slug));
      assert.ok(size!.items!.every((i) => /^(1 vCPU|([2-9]|\d\d+) vCPUs) · .* memory · .* disk/.test(i.description ?? '') && /per month/.test(i.detail ?? '')));
      // Counted as the rows count them: "2 vCPUs", never "2 vCPU".
      const { sizes } = await get<{ sizes: { slug: string; vcpu: number }[] }>('/v1/sizes');
      for (const item of size!.items!) {
        const vcpus = sizes.find((known) => known.slug === item.value)!.vcpu;
        assert.ok(item.description!.startsWith(vcpus === 1 ? '1 vCPU · ' : `${vcpus} vCPUs · `), item.description);
      }
      assert.ok(image!.items!.some((i) => i.value === 'wordpress-22-04'), 'applications are offered');
      assert.ok(image!.items!.some((i) => typeof i.value === 'number'), 'snapshots in the region are offered');
      assert.deepEqual(vpc!.items!.map(plainLabel), ['None', 'fra-private'], 'VPCs of the chosen region, or none');
      assert.deepEqual(keys!.items!.map((i) => i.label), ['laptop', 'ci-deploy', 'Add a Key…'], 'the keys, then a way to add one');

      const sent = one(outcome, 'POST', '/v1/stacklets');
      const { firewalls } = await get<{ firewalls: { uuid: string; name: string }[] }>('/v1/firewalls');
      const { userdata } = await get<{ userdata: { uuid: string; name: string }[] }>('/v1/userdata');
      const { ssh_keys: sshKeys } = await get<{ ssh_keys: { id: number; name: string }[] }>('/v1/ssh_keys');
      assert.deepEqual(sent.body, {
        name: 'ci-new-1',
        region: 'fra',
        size: 'b-1vcpu-1gb',
        image: 'ubuntu-22-04-x64',
        tags: ['ci', 'test'],
        firewall_uuid: firewalls.find((f) => f.name === 'web-firewall')!.uuid,
        userdata_uuid: userdata.find((u) => u.name === 'docker-bootstrap')!.uuid,
        ssh_keys: [sshKeys.find((k) => k.name === 'laptop')!.id],
        backups: false,
      });
      assert.equal(sent.status, 201);
      const id = (await stackletNamed('ci-new-1')).id;
      assertFollowed('stacklet', id, 'create');
      const created = await settled<Stacklet>(`/v1/stacklets/${id}`, 'stacklet');
      assert.equal(created.status, 'active');
      assert.deepEqual(created.tags, ['ci', 'test']);
      assert.ok((await roots('stacklets')).some((n) => n.resource?.name === 'ci-new-1'), 'the view lists it (its listing was fetched again)');
    });

    it('sends nothing when Escape is pressed at any of its steps', async () => {
      await escapeAtEveryStep('stacklet.createStacklet', full('ci-never'));
    });

    it('keeps earlier answers when going Back: the previous step is asked again, pre-filled', async () => {
      const outcome = await run('stacklet.createStacklet', undefined,
        { input: 'keep-me' }, { input: '1' }, { pick: 'ams' }, 'back', 'back', 'back', { input: 'keep-me-2' }, { input: '1' }, { pick: 'ams' }, { pick: 'b-1vcpu-1gb' }, 'back', 'back', 'escape');
      const steps = outcome.asked.map((q) => `${q.step}:${q.title.replace('Create Stacklet: ', '')}`);
      assert.deepEqual(steps, ['1:Name', '2:How Many', '3:Region', '4:Size', '3:Region', '2:How Many', '1:Name', '2:How Many', '3:Region', '4:Size', '5:Image', '4:Size', '3:Region']);
      assert.equal(outcome.asked[4]!.items![0]!.value, 'ams', 'Back to the region: the earlier choice comes first');
      assert.equal(outcome.asked[6]!.value, 'keep-me', 'Back to the name: the earlier text is pre-filled');
      assert.equal(outcome.asked[11]!.items![0]!.value, 'b-1vcpu-1gb', 'Back to the size: the earlier choice comes first');
      assert.equal(outcome.asked[12]!.items![0]!.value, 'ams');
      assert.deepEqual(outcome.sent, []);
    });

    it('ends in a review with the monthly estimate; Back returns to any step with every answer kept; Create sends what was reviewed', async () => {
      const answers = full('ci-reviewed');
      // Away from fra, whose stacklets later tests count.
      answers[2] = { pick: 'sgp' };
      answers[10] = { pick: 'Yes' };
      const outcome = await run('stacklet.createStacklet', undefined,
        ...answers,
        { choose: 'Back' },
        { pick: 'Size' },
        // From the size on, every step again, each with its earlier answer first (or pre-filled).
        { pick: 'b-2vcpu-4gb' }, ...answers.slice(4),
        CREATE);
      const { sizes } = await get<{ sizes: { slug: string; price_monthly: number }[] }>('/v1/sizes');
      const monthly = (slug: string) => `+$${sizes.find((size) => size.slug === slug)!.price_monthly.toFixed(2)}/mo`;
      const reviews = outcome.asked.filter((q) => q.kind === 'choose');
      assert.equal(reviews.length, 2, 'a review after the steps, and again after going back');
      const [first, second] = reviews;
      assert.equal(first!.title, 'Create stacklet ci-reviewed?');
      assert.deepEqual(first!.choices, ['Back', 'Create'], 'Back first, what Enter picks: nothing is sent and no answer lost');
      const lines = first!.detail!.split('\n');
      assert.match(lines[0]!, /^b-1vcpu-1gb in sgp, from /);
      assert.deepEqual(lines.slice(1), [
        'Firewall: web-firewall',
        'Userdata: docker-bootstrap',
        'SSH keys: laptop',
        'Tags: ci, test',
        'Backups: automatic. The service names no price for them, so the estimate leaves them out.',
        `Estimated change to the monthly cost: ${monthly('b-1vcpu-1gb')}.`,
      ]);
      // Back: every step, by its own words, with its answer.
      const back = outcome.asked[12]!;
      assert.equal(back.kind, 'pick');
      assert.deepEqual(back.items!.map((item) => [item.label, item.description]), [
        ['Name', 'ci-reviewed'], ['How Many', '1'], ['Region', 'sgp'], ['Size', 'b-1vcpu-1gb'], ['Image', back.items![4]!.description],
        ['Tags', 'ci, test'], ['VPC', 'None'], ['Firewall', 'web-firewall'], ['Userdata', 'docker-bootstrap'], ['SSH Keys', 'laptop'], ['Backups', 'Yes'],
      ]);
      // The wizard reopens at the size, numbered as before, with the answers kept.
      const again = outcome.asked.slice(13, -1);
      assert.deepEqual(again.map((q) => [q.step, q.title]), stepsOf(outcome.asked).slice(3, 11).map((q) => [q.step, q.title]));
      assert.equal(again[0]!.items![0]!.value, 'b-1vcpu-1gb', 'the size answered before comes first');
      assert.equal(again[1]!.items![0]!.value, 'ubuntu-22-04-x64', 'the image kept');
      assert.equal(again[2]!.value, 'ci, test', 'the tags kept');
      assert.equal(again[6]!.items!.find((item) => item.label === 'laptop')?.picked, true, 'the key kept');
      assert.equal(again[7]!.items![0]!.value, true, 'backups kept');
      // The second review says the new size and its price.
      assert.match(second!.detail!, /^b-2vcpu-4gb in sgp, from /);
      assert.ok(second!.detail!.endsWith(`Estimated change to the monthly cost: ${monthly('b-2vcpu-4gb')}.`), second!.detail);
      const sent = one(outcome, 'POST', '/v1/stacklets');
      assert.equal((sent.body as { size: string }).size, 'b-2vcpu-4gb');
      assert.equal((sent.body as { backups: boolean }).backups, true);
      // Gone again, around the extension: the later tests count the account's stacklets.
      const made = await stackletNamed('ci-reviewed');
      await settled<Stacklet>(`/v1/stacklets/${made.id}`, 'stacklet');
      await request('DELETE', `/v1/stacklets/${made.id}`);
      await waitFor('ci-reviewed is gone', 20_000, async () => ((await get<{ stacklets: Stacklet[] }>('/v1/stacklets?per_page=200')).stacklets.some((st) => st.name === 'ci-reviewed') ? undefined : true), 100);
      await fresh();
    });

    it('says that another stacklet has the name at the name step, and takes it (a hostname may repeat)', async () => {
      const outcome = await run('stacklet.createStacklet', undefined, { input: 'web-1' }, { input: '1' }, 'escape');
      assert.match(outcome.asked[0]!.warning ?? '', /Another stacklet is already named web-1/);
      assert.equal(outcome.asked[1]!.title, 'Create Stacklet: How Many', 'the name was taken');
      assert.deepEqual(outcome.sent, []);
    });

    it('prices nothing it cannot: the Backups step says the service names no price for them', async () => {
      const answers = full('ci-backups');
      const outcome = await run('stacklet.createStacklet', undefined, ...answers.slice(0, 10), 'escape');
      const yes = outcome.asked.at(-1)!.items!.find((item) => item.label === 'Yes')!;
      assert.match(yes.description!, /no price/);
    });

    it('refuses a typed size that is not offered, at that step, and sends nothing', async () => {
      const answers = full('ci-refused');
      const outcome = await run('stacklet.createStacklet', undefined, ...answers.slice(0, 3), { typed: 'no-such-size' }, 'escape');
      const [, , , sizeStep] = outcome.asked;
      assert.match(sizeStep!.refused ?? '', /No size offered here is called "no-such-size"/);
      assert.equal(outcome.asked.length, 5, 'the same step is asked again (the refusal keeps it open)');
      assert.equal(outcome.asked[4]!.title, sizeStep!.title);
      assert.deepEqual(outcome.sent, []);
    });
  });

  describe('stacklet actions', () => {
    it('Resize from the palette: picks the stacklet, marks and refuses the current size, asks about the disk', async () => {
      const web2 = await stackletNamed('web-2');
      const outcome = await run('stacklet.resizeStacklet', undefined,
        { pick: 'web-2' }, { pick: 'b-1vcpu-2gb' }, { pick: 'b-2vcpu-4gb' }, { pick: 'Yes' });
      const [which, first, again, disk] = outcome.asked;
      assert.match(which!.title, /Resize which stacklet/);
      const current = first!.items!.find((i) => i.value === 'b-1vcpu-2gb')!;
      assert.equal(current.icon, 'check', 'the current size is marked');
      assert.match(current.description!, /current size/);
      assert.deepEqual([first!.step, first!.totalSteps], [1, 2]);
      assert.match(again!.placeHolder!, /b-1vcpu-2gb is the current size/, 'the current size is refused and the question asked again');
      assert.deepEqual([disk!.step, disk!.totalSteps], [2, 2]);
      assert.match(disk!.placeHolder!, /Grow the disk from 50 GB to 80 GB/);
      const sent = one(outcome, 'POST', '/v1/stacklets/:id');
      assert.deepEqual(sent.body, { action: 'resize', size: 'b-2vcpu-4gb', disk: true });
      // The answer (with its task) replaced the cached stacklet in place.
      const cached = ((await a.session.current()).store).peek('stacklet')?.items.find((s) => s.id === web2.id);
      assert.equal(cached?.task?.name, 'resize');
      assertFollowed('stacklet', web2.id, 'resize');
      const after = await settled<Stacklet>(`/v1/stacklets/${web2.id}`, 'stacklet');
      assert.equal(after.size.slug, 'b-2vcpu-4gb');
      assert.equal(after.disk, 80 * 1024 ** 3);
    });

    it('Resize sends nothing when Escape is pressed at either step', async () => {
      const target = await node('stacklets', 'stacklet', 'web-1');
      const first = await run('stacklet.resizeStacklet', target, 'escape');
      const second = await run('stacklet.resizeStacklet', target, { pick: 'b-2vcpu-4gb' }, 'escape');
      assert.deepEqual([first.sent, second.sent], [[], []]);
      assert.deepEqual(second.asked.map((q) => [q.step, q.totalSteps]), [[1, 2], [2, 2]]);
    });

    it('Resize leaves out the sizes with a smaller disk (the service refuses them) and refuses one typed, saying why', async () => {
      const target = await node('stacklets', 'stacklet', 'web-1');
      const outcome = await run('stacklet.resizeStacklet', target, { typed: 'b-1vcpu-1gb' }, 'escape');
      const [first, again] = outcome.asked;
      const offered = first!.items!.map((i) => i.value);
      // web-1 has a 50 GB disk: s-1vcpu-512mb (10 GB) and b-1vcpu-1gb (25 GB) would shrink it.
      assert.deepEqual(offered.filter((slug) => slug === 's-1vcpu-512mb' || slug === 'b-1vcpu-1gb'), []);
      assert.ok(offered.includes('c-4vcpu-8gb') && offered.includes('b-2vcpu-4gb'), 'sizes with the same or a larger disk are offered');
      assert.match(first!.placeHolder!, /sizes with a disk under 50 GB left out/);
      assert.equal(first!.refused, 'b-1vcpu-1gb has a 25 GB disk, smaller than the 50 GB disk of web-1: a disk never shrinks.');
      assert.equal(again!.title, first!.title, 'the same step is asked again');
      assert.deepEqual(outcome.sent, []);
    });

    it('Rebuild: offers distributions, applications and snapshots, warns that the disk is wiped and has its name typed', async () => {
      const target = await node('stacklets', 'stacklet', 'web-2');
      const declined = await run('stacklet.rebuildStacklet', target, { pick: byValue('debian-12-x64') }, 'escape');
      assert.deepEqual(declined.sent, [], 'Escape at the typed name sends nothing');
      const [images, typed] = declined.asked;
      assert.ok(images!.items!.some((i) => i.value === 'docker-22-04') && images!.items!.some((i) => typeof i.value === 'number'));
      // The definition's words: the disk is wiped, so its name is typed (it was a modal before the definition).
      assert.equal(typed!.kind, 'input');
      assert.equal(typed!.title, 'Rebuild web-2 from debian-12-x64?');
      assert.match(typed!.prompt!, /wiped .* Type its name, web-2, to confirm/);
      const outcome = await run('stacklet.rebuildStacklet', target, { pick: byValue('debian-12-x64') }, { input: 'web-2', bad: ['web-', 'WEB-2'] });
      assert.match(outcome.asked[1]!.validation!['web-']!, /Type web-2 exactly/);
      assert.deepEqual(one(outcome, 'POST', '/v1/stacklets/:id').body, { action: 'rebuild', image: 'debian-12-x64' });
      const after = await settled<Stacklet>(`/v1/stacklets/${target.resource!.id}`, 'stacklet');
      assert.equal(after.distribution.name, 'Debian');
    });

    it('Enable Private Networking: offered only without it, and sent once', async () => {
      const target = await node('stacklets', 'stacklet', 'ci-new-1');
      assert.doesNotMatch(contextValue('stacklets', target), /privateNetworking/);
      const outcome = await run('stacklet.enablePrivateNetworking', target);
      assert.deepEqual(one(outcome, 'POST', '/v1/stacklets/:id').body, { action: 'enable_private_networking' });
      const after = await settled<Stacklet>(`/v1/stacklets/${target.resource!.id}`, 'stacklet');
      assert.ok(after.networks.v4.some((n) => n.type === 'private'));
      assert.match(contextValue('stacklets', await node('stacklets', 'stacklet', 'ci-new-1')), /\bprivateNetworking\b/);
    });

    it('Take Snapshot: a validated name, and the snapshot appears when the task ends', async () => {
      const target = await node('stacklets', 'stacklet', 'web-1');
      const outcome = await run('stacklet.snapshotStacklet', target, { input: 'ci-snap', bad: ['', '   '] });
      assert.match(outcome.asked[0]!.value!, /^web-1 \d{4}-\d\d-\d\d$/, 'a dated default name');
      assert.match(outcome.asked[0]!.validation!['']!, /must not be empty/);
      assert.match(outcome.asked[0]!.validation!['   ']!, /must not be empty/);
      assert.deepEqual(one(outcome, 'POST', '/v1/stacklets/:id').body, { action: 'snapshot', name: 'ci-snap' });
      await settled(`/v1/stacklets/${target.resource!.id}`, 'stacklet');
      assert.equal((await snapshotNamed('ci-snap')).stacklet?.id, target.resource!.id);
    });

    it('Reset Password: the service generates one (the default, after a modal confirmation) or the user sets one', async () => {
      const target = await node('stacklets', 'stacklet', 'web-1');
      assert.deepEqual((await run('stacklet.resetPassword', target, 'escape')).sent, []);
      assert.deepEqual((await run('stacklet.resetPassword', target, { pick: 'Let the service generate one' }, { choose: 'Keep' })).sent, []);
      const generated = await run('stacklet.resetPassword', target, { pick: 'Let the service generate one' }, { choose: 'Reset Password' });
      assert.equal(generated.asked[0]!.items![0]!.label, 'Let the service generate one', 'generating is the default');
      assert.match(generated.asked[1]!.message!, /Reset the root password of web-1/);
      assert.deepEqual(one(generated, 'POST', '/v1/stacklets/:id').body, { action: 'reset_password' });
      await settled(`/v1/stacklets/${target.resource!.id}`, 'stacklet');

      const set = await run('stacklet.resetPassword', target, { pick: 'Set a password' }, { input: 'correct horse battery', bad: ['short', 'bell\u0007inside'] });
      assert.equal(set.asked[1]!.kind, 'input');
      assert.ok(set.asked[1]!.validation!['short'] && set.asked[1]!.validation!['bell\u0007inside'], 'too short and a control character are refused inline');
      assert.deepEqual(one(set, 'POST', '/v1/stacklets/:id').body, { action: 'reset_password', password: 'correct horse battery' });
      await settled(`/v1/stacklets/${target.resource!.id}`, 'stacklet');
    });

    it('Reset Password: a service that refuses the bare form, naming password, asks for one', async () => {
      const target = await node('stacklets', 'stacklet', 'web-1');
      await configureEmulator({ quirks: { resetPasswordNeedsPassword: true } });
      try {
        const outcome = await run('stacklet.resetPassword', target, { pick: 'Let the service generate one' }, { choose: 'Reset Password' }, { input: 'another good secret' });
        assert.match(outcome.asked[2]!.prompt!, /needs the new password from you/);
        const posts = outcome.sent.filter((sent) => sent.method === 'POST');
        assert.deepEqual(posts.map((sent) => [sent.status, sent.body]), [
          [422, { action: 'reset_password' }],
          [200, { action: 'reset_password', password: 'another good secret' }],
        ]);
      } finally {
        await configureEmulator({ quirks: { resetPasswordNeedsPassword: false } });
      }
      await settled(`/v1/stacklets/${target.resource!.id}`, 'stacklet');
    });

    it('Power Off (confirmed), Power On, Power Cycle (confirmed)', async () => {
      let target = await node('stacklets', 'stacklet', 'web-2');
      const off = await run('stacklet.powerOff', target, { confirm: true });
      assert.equal(off.asked[0]!.action, 'Power Off');
      assert.deepEqual(one(off, 'POST', '/v1/stacklets/:id').body, { action: 'power_off' });
      assert.equal((await settled<Stacklet>(`/v1/stacklets/${target.resource!.id}`, 'stacklet')).status, 'off');
      target = await node('stacklets', 'stacklet', 'web-2');
      assert.match(contextValue('stacklets', target), /^stacklet:off\b/);
      const on = await run('stacklet.powerOn', target, { confirm: true });
      assert.equal(on.asked[0]!.action, 'Power On');
      assert.deepEqual(one(on, 'POST', '/v1/stacklets/:id').body, { action: 'power_on' });
      assert.equal((await settled<Stacklet>(`/v1/stacklets/${target.resource!.id}`, 'stacklet')).status, 'active');
      target = await node('stacklets', 'stacklet', 'web-2');
      const declined = await run('stacklet.powerCycle', target, { confirm: false });
      assert.deepEqual(declined.sent, []);
      const cycle = await run('stacklet.powerCycle', target, { confirm: true });
      assert.deepEqual(one(cycle, 'POST', '/v1/stacklets/:id').body, { action: 'power_cycle' });
      assert.equal((await settled<Stacklet>(`/v1/stacklets/${target.resource!.id}`, 'stacklet')).status, 'active');
    });

    it('View Properties follows its resource: powered off, it shows "off"; deleted elsewhere, it says so after a refresh', async () => {
      const target = await node('stacklets', 'stacklet', 'web-2');
      await vscode.commands.executeCommand('stacklet.viewProperties', target);
      const document = vscode.window.activeTextEditor!.document;
      const status = () => (JSON.parse(document.getText()) as { status: string }).status;
      assert.equal(status(), 'active');
      await run('stacklet.powerOff', target, { confirm: true });
      await settled(`/v1/stacklets/${target.resource!.id}`, 'stacklet');
      await until('the document shows the stacklet off', () => document.languageId === 'json' && status() === 'off');
      await run('stacklet.powerOn', await node('stacklets', 'stacklet', 'web-2'), { confirm: true });
      await settled(`/v1/stacklets/${target.resource!.id}`, 'stacklet');
      await until('the document shows the stacklet on again', () => status() === 'active');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

      // A volume deleted at the service (from another window, say): the next refresh tells the open document.
      const web2 = await stackletNamed('web-2');
      const { json: { volume } } = await request<{ volume: Volume }>('POST', '/v1/volumes', { name: 'props-gone', size_gigabytes: 10, stacklet_id: web2.id });
      await settled(`/v1/volumes/${volume.id}`, 'volume');
      assert.equal((await request('PUT', `/v1/volumes/${volume.id}`, { action: 'detach' })).status, 200);
      await vscode.commands.executeCommand('stacklet.viewProperties', await node('volumes', 'volume', 'props-gone'));
      const gone = vscode.window.activeTextEditor!.document;
      assert.equal((JSON.parse(gone.getText()) as { name: string }).name, 'props-gone');
      await settled(`/v1/volumes/${volume.id}`, 'volume');
      assert.equal((await request('DELETE', `/v1/volumes/${volume.id}`)).status, 204);
      await vscode.commands.executeCommand('stacklet.volumes.refresh');
      await until('the document says the volume no longer exists', () => /^\/\/ props-gone no longer exists on Stacklet Cloud \(seen at .+\)\. Its properties as last read:\n\{/.test(gone.getText()));
      assert.equal(gone.languageId, 'jsonc', 'its first line is a comment');
      assert.match(gone.getText(), /"name": "props-gone"/, 'its properties as last read follow');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    it('Power On from the palette offers only stacklets that are off', async () => {
      const outcome = await run('stacklet.powerOn', undefined, 'escape');
      assert.deepEqual(outcome.asked[0]!.items!.map((i) => i.label), ['staging-1']);
      assert.deepEqual(outcome.sent, []);
    });

    it('Rename: the hostname rule inline, the new name sent', async () => {
      const target = await node('stacklets', 'stacklet', 'web-2');
      const outcome = await run('stacklet.renameStacklet', target, { input: 'web-2b', bad: ['bad name', '-x', 'ok.example'] });
      const validation = outcome.asked[0]!.validation!;
      assert.equal(outcome.asked[0]!.value, 'web-2', 'pre-filled with the current name');
      assert.match(validation['bad name']!, /only letters, digits/);
      assert.match(validation['-x']!, /must not start or end with '-'/);
      assert.equal(validation['ok.example'], undefined);
      assert.deepEqual(one(outcome, 'POST', '/v1/stacklets/:id').body, { action: 'rename', name: 'web-2b' });
      assert.equal((await settled<Stacklet>(`/v1/stacklets/${target.resource!.id}`, 'stacklet')).name, 'web-2b');
    });

    it('Restore: the stacklet’s snapshots, the account’s other snapshots and backups, then its name typed', async () => {
      const target = await node('stacklets', 'stacklet', 'db-1');
      const weekly = await snapshotNamed('db-1 weekly');
      const outcome = await run('stacklet.restoreStacklet', target, { pick: 'db-1 weekly' }, { input: 'db-1' });
      const items = outcome.asked[0]!.items!;
      assert.match(items[0]!.description!, /snapshot of this stacklet/, 'its own snapshots come first');
      const backups = items.filter((i) => /backup of this stacklet/.test(i.description ?? ''));
      assert.equal(backups.length, 2, 'backups are offered');
      assert.ok(backups.every((i) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(i.label)), 'a backup has no name: it is labelled by its date');
      assert.ok(backups[0]!.label > backups[1]!.label, 'the newest backup first');
      assert.ok(items.some((i) => i.label === 'web-1 before upgrade' && /snapshot of web-1/.test(i.description ?? '')), 'other snapshots are offered');
      // The definition's words; the disk is replaced, so its name is typed (it was a modal before the definition).
      assert.equal(outcome.asked[1]!.title, 'Restore db-1 from db-1 weekly?');
      assert.match(outcome.asked[1]!.prompt!, /replaced by the image: .* Type its name, db-1, to confirm/);
      assert.deepEqual(one(outcome, 'POST', '/v1/stacklets/:id').body, { action: 'restore', image_id: weekly.id });
      await settled(`/v1/stacklets/${target.resource!.id}`, 'stacklet');
    });

    it('Delete: only when the exact name is typed; the stacklet leaves the view', async () => {
      const target = await node('stacklets', 'stacklet', 'ci-new-1');
      const wrong = await run('stacklet.deleteStacklet', target, { input: 'ci-new-1', bad: ['ci-new', 'CI-NEW-1', ''] });
      for (const bad of ['ci-new', 'CI-NEW-1', '']) assert.match(wrong.asked[0]!.validation![bad]!, /Type ci-new-1 exactly/);
      assert.match(wrong.asked[0]!.prompt!, /^Deletes: ci-new-1 and its disk\. Estimated change: −\$\d+\.\d\d\/mo\. Type ci-new-1 to confirm\.$/);
      one(wrong, 'DELETE', '/v1/stacklets/:id');
      const { status } = await request('GET', `/v1/stacklets/${target.resource!.id}`);
      assert.equal(status, 404);
      assert.ok(!(await roots('stacklets')).some((n) => n.resource?.name === 'ci-new-1'));
    });
  });

  describe('volume actions', () => {
    it('Resize: a whole number larger than now', async () => {
      const target = await node('volumes', 'volume', 'archive');
      const outcome = await run('stacklet.resizeVolume', target, { input: '300', bad: ['250', '100', 'abc', '99999'] });
      const validation = outcome.asked[0]!.validation!;
      assert.match(validation['250']!, /larger than the current 250 GB/);
      assert.match(validation['100']!, /larger than the current 250 GB/);
      assert.match(validation['abc']!, /whole number/);
      assert.match(validation['99999']!, /from 1 to 16384/);
      assert.deepEqual(one(outcome, 'PUT', '/v1/volumes/:id').body, { action: 'resize', size_gigabytes: 300 });
      assertFollowed('volume', target.resource!.id, 'resize');
      assert.equal((await settled<Volume>(`/v1/volumes/${target.resource!.id}`, 'volume')).size_gigabytes, 300);
    });

    it('Attach: offers the stacklets of the volume’s region that have no volume', async () => {
      const target = await node('volumes', 'volume', 'archive');
      const web1 = await stackletNamed('web-1');
      const outcome = await run('stacklet.attachVolume', target, { pick: 'web-1' });
      const offered = outcome.asked[0]!.items!.map((i) => i.label);
      assert.ok(offered.includes('web-1') && offered.includes('web-2b'));
      assert.ok(!offered.includes('db-1'), 'a stacklet with a volume is not offered');
      assert.ok(!offered.includes('staging-1'), 'a stacklet of another region is not offered');
      assert.deepEqual(one(outcome, 'PUT', '/v1/volumes/:id').body, { action: 'attach', stacklet_id: web1.id });
      assert.equal((await settled<Volume>(`/v1/volumes/${target.resource!.id}`, 'volume')).stacklet?.id, web1.id);
    });

    it('Detach: after a confirmation', async () => {
      const target = await node('volumes', 'volume', 'archive');
      assert.match(contextValue('volumes', target), /^volume:attached/);
      const web1 = await stackletNamed('web-1');
      const outcome = await run('stacklet.detachVolume', target, { confirm: true });
      assert.match(outcome.asked[0]!.message!, /Detach archive from web-1/);
      assert.deepEqual(one(outcome, 'PUT', '/v1/volumes/:id').body, { action: 'detach', stacklet_id: web1.id });
      assert.equal((await settled<Volume>(`/v1/volumes/${target.resource!.id}`, 'volume')).stacklet, null);
    });

    it('Rename', async () => {
      const target = await node('volumes', 'volume', 'scratch');
      const outcome = await run('stacklet.renameVolume', target, { input: 'scratch-2', bad: ['', 'my scratch'] });
      assert.match(outcome.asked[0]!.validation!['']!, /must not be empty/);
      assert.deepEqual(one(outcome, 'PUT', '/v1/volumes/:id').body, { action: 'rename', name: 'scratch-2' });
      assert.equal((await settled<Volume>(`/v1/volumes/${target.resource!.id}`, 'volume')).name, 'scratch-2');
    });

    it('shows a name a co-tenant gave it, [x](command:…) and $(icon), literally in every message its action raises', async () => {
      const hostile = 'zz [Open Settings](command:workbench.action.openSettings) $(zap)';
      const archive = (await get<{ volumes: Volume[] }>('/v1/volumes')).volumes.find((v) => v.name === 'archive')!;
      await serviceRequest(TOKEN, 'PUT', `/v1/volumes/${archive.id}`, { action: 'rename', name: hostile });
      await settled<Volume>(`/v1/volumes/${archive.id}`, 'volume');
      try {
        const target = await node('volumes', 'volume', hostile);
        await run('stacklet.resizeVolume', target, { input: String(archive.size_gigabytes + 10) });
        await a.tasks.allEnded();
        await a.taskNotifications.settled();
        const messages = shown.map((s) => s.message);
        assert.ok(messages.some((m) => m.replace(/\u2060/g, '').includes(`${hostile}: volume was resized`)), `the name reads as written: ${messages.join(' | ')}`);
        for (const message of messages) {
          assert.doesNotMatch(message, /\]\(/, 'no link can be parsed from a message');
          assert.doesNotMatch(message, /\$\(/, 'no icon can be parsed from a message');
        }
      } finally {
        await serviceRequest(TOKEN, 'PUT', `/v1/volumes/${archive.id}`, { action: 'rename', name: 'archive' });
        await settled<Volume>(`/v1/volumes/${archive.id}`, 'volume');
      }
    });
    it('Delete of a volume named prod\\u200B-db: refuses the typed prod-db, says what to type, and takes that', async () => {
      const name = 'prod\u200b-db';
      const volume = (await get<{ volumes: Volume[] }>('/v1/volumes')).volumes.find((v) => /^scratch/.test(v.name) && !v.stacklet)!;
      assert.ok(volume, 'a detached volume to delete');
      await serviceRequest(TOKEN, 'PUT', `/v1/volumes/${volume.id}`, { action: 'rename', name });
      await settled<Volume>(`/v1/volumes/${volume.id}`, 'volume');
      const target = await node('volumes', 'volume', name);
      const outcome = await run('stacklet.deleteVolume', target, { input: 'prod\\u200B-db', bad: ['prod-db', 'prod\\u200B-d', ''] });
      const [asked] = outcome.asked;
      for (const bad of ['prod-db', 'prod\\u200B-d', '']) assert.equal(asked!.validation![bad], 'Type prod\\u200B-db exactly to confirm the deletion', bad);
      assert.match(asked!.prompt!, /Type its name, prod\\u200B-db, to confirm\. It holds characters that cannot be seen, shown here as codes such as \\u200B: type them as shown\.$/);
      one(outcome, 'DELETE', '/v1/volumes/:id');
      assert.equal((await request('GET', `/v1/volumes/${volume.id}`)).status, 404);
    });
  });

  describe('snapshot, firewall and Kubernetes actions', () => {
    it('Rename a snapshot', async () => {
      const target = await node('snapshots', 'snapshot', 'web-1 before upgrade');
      const outcome = await run('stacklet.renameSnapshot', target, { input: 'web-1 pre-upgrade' });
      assert.deepEqual(one(outcome, 'POST', '/v1/snapshots/:id').body, { action: 'rename', name: 'web-1 pre-upgrade' });
      assert.equal((await settled<Snapshot>(`/v1/snapshots/${target.resource!.id}`, 'snapshot')).name, 'web-1 pre-upgrade');
    });

    it('Transfer a snapshot: only to available regions it is not in yet', async () => {
      const target = await node('snapshots', 'snapshot', 'web-1 pre-upgrade');
      const outcome = await run('stacklet.transferSnapshot', target, { pick: 'ams' });
      assert.deepEqual(outcome.asked[0]!.items!.map((i) => i.value), ['ams', 'nyc', 'sgp']);
      assert.deepEqual(one(outcome, 'POST', '/v1/snapshots/:id').body, { action: 'transfer', region: 'ams' });
      assertFollowed('snapshot', target.resource!.id, 'transfer');
      assert.deepEqual((await settled<Snapshot>(`/v1/snapshots/${target.resource!.id}`, 'snapshot')).regions.sort(), ['ams', 'fra']);
    });

    it('Rename a firewall: the cached firewall is replaced by the answer', async () => {
      const target = await node('networking', 'firewall', 'web-firewall');
      const outcome = await run('stacklet.renameFirewall', target, { input: 'web-fw' });
      assert.deepEqual(one(outcome, 'PUT', '/v1/firewalls/:uuid').body, { name: 'web-fw' });
      assert.equal((await get<{ firewall: { name: string } }>(`/v1/firewalls/${target.resource!.id}`)).firewall.name, 'web-fw');
      assert.equal(((await a.session.current()).store).peek('firewall')?.items.find((f) => f.uuid === target.resource!.id)?.name, 'web-fw');
    });

    it('Rename a cluster', async () => {
      const target = await node('kubernetes', 'cluster', 'demo-cluster');
      const outcome = await run('stacklet.renameCluster', target, { input: 'demo-k8s' });
      assert.deepEqual(one(outcome, 'PUT', '/v1/kubernetes/:uuid').body, { name: 'demo-k8s' });
      assert.equal((await settled<{ name: string; task: Task | null }>(`/v1/kubernetes/${target.resource!.id}`, 'kubernetes')).name, 'demo-k8s');
    });

    it('Rename a node pool, keeping its node count', async () => {
      const target = await node('kubernetes', 'nodePool', 'default-pool');
      const cluster = (target.resource!.data as { cluster_uuid: string }).cluster_uuid;
      const outcome = await run('stacklet.renameNodePool', target, { input: 'workers' });
      assert.deepEqual(one(outcome, 'PUT', '/v1/kubernetes/:uuid/node_pools/:pool_id').body, { name: 'workers', count: 3 });
      assertFollowed('cluster', cluster, 'update');
      const after = await settled<{ node_pools: { name: string }[]; task: Task | null }>(`/v1/kubernetes/${cluster}`, 'kubernetes');
      assert.equal(after.node_pools[0]!.name, 'workers');
    });

    it('Change Node Count from the palette: 1 to 100, validated inline', async () => {
      const outcome = await run('stacklet.resizeNodePool', undefined, { pick: 'workers' }, { input: '4', bad: ['0', '101', 'x', ''] });
      const validation = outcome.asked[1]!.validation!;
      assert.equal(outcome.asked[1]!.value, '3');
      assert.match(validation['0']!, /from 1 to 100/);
      assert.match(validation['101']!, /from 1 to 100/);
      assert.match(validation['x']!, /whole number/);
      assert.match(validation['']!, /whole number/);
      const sent = one(outcome, 'PUT', '/v1/kubernetes/:uuid/node_pools/:pool_id');
      assert.deepEqual(sent.body, { name: 'workers', count: 4 });
      const { kubernetes_clusters: clusters } = await get<{ kubernetes_clusters: { uuid: string; name: string }[] }>('/v1/kubernetes');
      const uuid = clusters.find((c) => c.name === 'demo-k8s')!.uuid;
      const after = await settled<{ node_pools: { nodes: unknown[] }[]; task: Task | null }>(`/v1/kubernetes/${uuid}`, 'kubernetes');
      assert.equal(after.node_pools[0]!.nodes.length, 4);
    });
  });

  describe('Create VPC', () => {
    const full: Answer[] = [{ input: 'ci-vpc' }, { pick: 'fra' }, { input: '10.30.0.0/16' }];

    it('asks name, region (VPC regions) and a free range, and records the created VPC', async () => {
      const answers = [...full];
      answers[0] = { input: 'ci-vpc', bad: ['', 'my net'] };
      answers[2] = { input: '10.30.0.0/16', bad: ['10.20.0.0/16', '10.20.128.0/20', '8.8.8.0/24', '10.0.0.0/8', '10.30.0.1/16'] };
      const outcome = await run('stacklet.createVpc', undefined, ...answers, CREATE);
      assert.deepEqual(stepsOf(outcome.asked).map((q) => [q.step, q.totalSteps]), [[1, 3], [2, 3], [3, 3]]);
      assert.equal(outcome.asked[0]!.warning, undefined, 'a name no VPC has: nothing to warn of');
      const { regions } = await get<{ regions: { slug: string; available: boolean; features: string[] }[] }>('/v1/regions');
      assert.deepEqual(outcome.asked[1]!.items!.map((i) => i.value), regions.filter((r) => r.available && r.features.includes('vpc')).map((r) => r.slug));
      const cidr = outcome.asked[2]!;
      assert.equal(cidr.value, '10.10.0.0/16', 'a free range is suggested');
      assert.match(cidr.validation!['10.20.0.0/16']!, /overlaps 10.20.0.0\/16/);
      assert.match(cidr.validation!['10.20.128.0/20']!, /overlaps/);
      assert.match(cidr.validation!['8.8.8.0/24']!, /inside 10.0.0.0\/8/);
      assert.match(cidr.validation!['10.0.0.0/8']!, /prefix must be from \/16/);
      assert.match(cidr.validation!['10.30.0.1/16']!, /host bits zero/);
      const sent = one(outcome, 'POST', '/v1/vpcs');
      assert.deepEqual(sent.body, { name: 'ci-vpc', region: 'fra', cidr: '10.30.0.0/16' });
      const { vpcs } = await get<{ vpcs: { name: string; cidr: string }[] }>('/v1/vpcs');
      assert.equal(vpcs.find((v) => v.name === 'ci-vpc')?.cidr, '10.30.0.0/16');
      const groups = await roots('networking');
      const listed = await children('networking', groups.find((g) => g.id === 'networking/vpcs')!);
      assert.ok(listed.some((n) => n.resource?.name === 'ci-vpc'), 'the Networking view lists it');
    });

    it('sends nothing when Escape is pressed at any of its steps', async () => {
      // ci-vpc holds 10.30.0.0/16 now: the review is reached with a range still free.
      await escapeAtEveryStep('stacklet.createVpc', [full[0]!, full[1]!, { input: '10.31.0.0/16' }]);
    });

    it('shows the service’s refusal of a duplicate name in its words, and sends nothing more when not retried', async () => {
      const outcome = await run('stacklet.createVpc', undefined, { input: 'ci-vpc' }, { pick: 'ams' }, { input: '10.40.0.0/16' }, CREATE);
      // Said at its step, not refused there: the service decides.
      assert.match(outcome.asked[0]!.warning ?? '', /Another VPC is already named ci-vpc/);
      assert.equal(one(outcome, 'POST', '/v1/vpcs').status, 422);
      assert.equal(outcome.errors.length, 1);
      assert.match(outcome.errors[0]!, /Could not create VPC ci-vpc: .*already used by vpc/);
      assert.deepEqual(shown.find((s) => s.level === 'error')?.buttons, ['Edit and Retry', 'Show Log']);
    });

    it('Edit and Retry reopens the wizard with every answer kept, at the step the service named', async () => {
      choose = (s) => (s.buttons?.includes('Edit and Retry') ? 'Edit and Retry' : undefined);
      try {
        const outcome = await run('stacklet.createVpc', undefined, { input: 'ci-vpc' }, { pick: 'ams' }, { input: '10.41.0.0/16' }, CREATE,
          { input: 'ci-vpc-2' }, { pick: 'ams' }, { input: '10.41.0.0/16' }, CREATE);
        assert.deepEqual(outcome.sent.map((sent) => [sent.status, (sent.body as { name: string }).name]), [[422, 'ci-vpc'], [201, 'ci-vpc-2']]);
        const reopened = outcome.asked.slice(4);
        assert.equal(reopened[0]!.title, 'Create VPC: Name', 'reopened at the name, the field the service named');
        assert.equal(reopened[0]!.value, 'ci-vpc', 'with the answer given');
        assert.equal(reopened[1]!.items![0]!.value, 'ams', 'the region kept');
        assert.equal(reopened[2]!.value, '10.41.0.0/16', 'the range kept');
      } finally {
        choose = undefined;
      }
    });
  });

  describe('Create Kubernetes Cluster', () => {
    const full: Answer[] = [
      { input: 'ci-k8s' }, { typed: '1.29.6-00' }, { pick: 'ams' }, { input: 'ci-pool' }, { pick: 'b-2vcpu-4gb' }, { input: '2' },
    ];

    it('asks six steps with the versions in use, Kubernetes regions and a node pool, and follows the new cluster', async () => {
      const answers = [...full];
      answers[0] = { input: 'ci-k8s', bad: ['', 'my cluster'] };
      answers[3] = { input: 'ci-pool', bad: ['pool/1'] };
      answers[5] = { input: '2', bad: ['0', '101', 'two'] };
      const outcome = await run('stacklet.createKubernetesCluster', undefined, ...answers, CREATE);
      assert.deepEqual(stepsOf(outcome.asked).map((q) => [q.step, q.totalSteps]), Array.from({ length: 6 }, (_, i) => [i + 1, 6]));
      // The review: the first pool's nodes priced, as the size step priced each.
      const review = outcome.asked.at(-1)!;
      assert.equal(review.title, 'Create Kubernetes cluster ci-k8s?');
      assert.match(review.detail!, /Estimated change to the monthly cost: \+\$\d+\.\d\d\/mo\./);
      const versions = outcome.asked[1]!.items!;
      assert.ok(versions.some((i) => i.value === '1.30.2-00' && /used by a cluster/.test(i.description ?? '')), 'the versions in use are offered');
      const { regions } = await get<{ regions: { slug: string; available: boolean; features: string[] }[] }>('/v1/regions');
      assert.deepEqual(outcome.asked[2]!.items!.map((i) => i.value), regions.filter((r) => r.available && r.features.includes('kubernetes')).map((r) => r.slug));
      assert.equal(outcome.asked[3]!.value, 'ci-k8s-pool', 'the pool name defaults from the cluster name');
      assert.match(outcome.asked[5]!.validation!['0']!, /from 1 to 100/);
      assert.match(outcome.asked[5]!.validation!['101']!, /from 1 to 100/);
      assert.match(outcome.asked[5]!.validation!['two']!, /whole number/);
      const sent = one(outcome, 'POST', '/v1/kubernetes');
      assert.deepEqual(sent.body, { name: 'ci-k8s', version: '1.29.6-00', region: 'ams', node_pool: { name: 'ci-pool', size: 'b-2vcpu-4gb', count: 2 } });
      const { kubernetes_clusters: clusters } = await get<{ kubernetes_clusters: { uuid: string; name: string }[] }>('/v1/kubernetes');
      const uuid = clusters.find((c) => c.name === 'ci-k8s')!.uuid;
      assertFollowed('cluster', uuid, 'create');
      const after = await settled<{ node_pools: { nodes: unknown[] }[]; task: Task | null }>(`/v1/kubernetes/${uuid}`, 'kubernetes');
      assert.equal(after.node_pools[0]!.nodes.length, 2);
      assert.ok((await roots('kubernetes')).some((n) => n.resource?.name === 'ci-k8s'));
    });

    it('sends nothing when Escape is pressed at any of its steps', async () => {
      await escapeAtEveryStep('stacklet.createKubernetesCluster', full);
    });
  });

  describe('Create Load Balancer', () => {
    /**
     * Two forwarding rules (the HTTPS one ending TLS with a certificate), an HTTP health check with its interval,
     * rise and fall, one backend, cookie sticky sessions and the redirect: 24 steps.
     */
    const full: Answer[] = [
      { input: 'ci-lb' }, { pick: 'fra' }, { pick: 'least_connections' },
      { pick: 'http' }, { input: '80' }, { input: '8080' }, { pick: 'Add Another Rule' },
      { pick: 'https' }, { input: '443' }, { input: '8443' }, { pick: 'At the Load Balancer' }, { input: '7' }, { pick: 'Done' },
      { pick: 'http' }, { input: '8080' }, { input: '/health' }, { input: '15' }, { input: '2' }, { input: '4' },
      { many: ['web-1'] },
      { pick: 'Cookies' }, { input: 'ci_lb' }, { input: '600' },
      { pick: 'Yes' },
    ];

    it('loops over forwarding rules (TLS and certificate for HTTPS), asks the whole health check, backends, sticky sessions and redirect, and sends one create', async () => {
      const answers = [...full];
      answers[0] = { input: 'ci-lb', bad: ['', 'lb!'] };
      answers[8] = { input: '443', bad: ['80', '70000', 'x'] };
      answers[11] = { input: '7', bad: ['0', 'x', ''] };
      answers[15] = { input: '/health', bad: ['health', '/a b'] };
      answers[16] = { input: '15', bad: ['2', '301', 'x'] };
      answers[17] = { input: '2', bad: ['0', '11'] };
      answers[18] = { input: '4', bad: ['0', '11'] };
      answers[21] = { input: 'ci_lb', bad: ['bad cookie', ''] };
      answers[22] = { input: '600', bad: ['0', 'x'] };
      const outcome = await run('stacklet.createLoadBalancer', undefined, ...answers, CREATE);
      assert.deepEqual(stepsOf(outcome.asked).map((q) => [q.step, q.totalSteps]), Array.from({ length: 24 }, (_, i) => [i + 1, undefined]), 'numbered, without a total that would change midway');
      const { regions } = await get<{ regions: { slug: string; available: boolean; features: string[] }[] }>('/v1/regions');
      assert.deepEqual(outcome.asked[1]!.items!.map((i) => i.value), regions.filter((r) => r.available && r.features.includes('load_balancers')).map((r) => r.slug));
      assert.match(outcome.asked[8]!.validation!['80']!, /already used by another forwarding rule/);
      assert.match(outcome.asked[8]!.validation!['70000']!, /from 0 to 65535/);
      assert.match(outcome.asked[8]!.validation!['x']!, /whole number/);
      assert.equal(outcome.asked[10]!.title, 'Create Load Balancer: Rule 2 TLS');
      assert.deepEqual(outcome.asked[10]!.items!.map((i) => i.value), ['terminate', 'passthrough']);
      assert.equal(outcome.asked[11]!.title, 'Create Load Balancer: Rule 2 Certificate');
      assert.match(outcome.asked[11]!.validation!['0']!, /Certificate ID must be from 1/);
      assert.match(outcome.asked[11]!.validation!['x']!, /whole number/);
      assert.equal(outcome.asked[14]!.value, '8080', 'the health-check port defaults to the first rule’s target port');
      assert.match(outcome.asked[15]!.validation!['health']!, /start with '\/'/);
      assert.match(outcome.asked[15]!.validation!['/a b']!, /spaces/);
      assert.deepEqual(outcome.asked.slice(16, 19).map((q) => [q.title, q.value]), [
        ['Create Load Balancer: Health Check Interval', '10'], ['Create Load Balancer: Health Check Rise', '3'], ['Create Load Balancer: Health Check Fall', '3'],
      ], 'the service\'s defaults are offered');
      assert.match(outcome.asked[16]!.validation!['2']!, /from 3 to 300/);
      assert.match(outcome.asked[16]!.validation!['301']!, /from 3 to 300/);
      assert.match(outcome.asked[17]!.validation!['11']!, /Rise must be from 1 to 10/);
      assert.match(outcome.asked[18]!.validation!['0']!, /Fall must be from 1 to 10/);
      const backends = outcome.asked[19]!.items!.map((i) => i.label).sort();
      assert.deepEqual(backends, ['db-1', 'web-1', 'web-2b'], 'only stacklets of the chosen region');
      assert.match(outcome.asked[21]!.validation!['bad cookie']!, /only letters/);
      assert.match(outcome.asked[22]!.validation!['0']!, /from 1 to/);
      const web1 = await stackletNamed('web-1');
      const sent = one(outcome, 'POST', '/v1/load_balancers');
      assert.deepEqual(sent.body, {
        name: 'ci-lb',
        region: 'fra',
        algorithm: 'least_connections',
        rules: [{ protocol: 'http', source_port: 80, target_port: 8080 }, { protocol: 'https', source_port: 443, target_port: 8443, certificate_id: 7 }],
        health: { protocol: 'http', port: 8080, path: '/health', interval: 15, rise: 2, fall: 4 },
        stacklet_ids: [web1.id],
        sticky_sessions: { name: 'ci_lb', ttl: '600' },
        redirect_http_to_https: true,
      });
      const { load_balancers: lbs } = await get<{ load_balancers: { uuid: string; name: string }[] }>('/v1/load_balancers');
      const lb = lbs.find((l) => l.name === 'ci-lb')!.uuid;
      assertFollowed('loadBalancer', lb, 'create');
      const created = await settled<{ rules: unknown[]; stacklet_ids: number[]; task: Task | null }>(`/v1/load_balancers/${lb}`, 'load_balancer');
      assert.equal(created.rules.length, 2);
      assert.deepEqual(created.stacklet_ids, [web1.id]);
    });

    it('skips the path for a TCP check and the cookie for no sticky sessions; an HTTPS rule may pass TLS through', async () => {
      const outcome = await run('stacklet.createLoadBalancer', undefined,
        { input: 'ci-lb-tcp' }, { pick: 'ams' }, { pick: 'round_robin' },
        { pick: 'tcp' }, { input: '5432' }, { input: '5432' }, { pick: 'Add Another Rule' },
        { pick: 'https' }, { input: '443' }, { input: '443' }, { pick: 'At the Stacklets (TLS Passthrough)' }, { pick: 'Done' },
        { pick: 'tcp' }, { input: '5432' }, { input: '10' }, { input: '3' }, { input: '3' }, { many: [] }, { pick: 'None' }, { pick: 'No' }, CREATE);
      assert.equal(stepsOf(outcome.asked).at(-1)!.step, 20);
      assert.ok(outcome.asked.every((q) => q.totalSteps === undefined));
      assert.deepEqual(one(outcome, 'POST', '/v1/load_balancers').body, {
        name: 'ci-lb-tcp',
        region: 'ams',
        algorithm: 'round_robin',
        rules: [{ protocol: 'tcp', source_port: 5432, target_port: 5432 }, { protocol: 'https', source_port: 443, target_port: 443, tls_passthrough: true }],
        health: { protocol: 'tcp', port: 5432, interval: 10, rise: 3, fall: 3 },
        redirect_http_to_https: false,
      });
    });

    it('sends nothing when Escape is pressed at any of its steps', async () => {
      await escapeAtEveryStep('stacklet.createLoadBalancer', full);
    });

    it('keeps the rule being entered when going Back', async () => {
      const outcome = await run('stacklet.createLoadBalancer', undefined,
        { input: 'ci-lb-back' }, { pick: 'fra' }, { pick: 'round_robin' },
        { pick: 'tcp' }, { input: '81' }, { input: '8081' }, 'back', 'back', 'back', 'escape');
      const [, , , protocol, , , more, target, source, protocolAgain] = outcome.asked;
      assert.equal(more!.step, 7);
      assert.deepEqual([target!.step, target!.value], [6, '8081']);
      assert.deepEqual([source!.step, source!.value], [5, '81']);
      assert.equal(protocolAgain!.step, 4);
      assert.equal(protocol!.items![0]!.value, 'http');
      assert.equal(protocolAgain!.items![0]!.value, 'tcp', 'the earlier choice comes first');
      assert.deepEqual(outcome.sent, []);
    });
  });

  describe('from the palette', () => {
    const ACTIONS = [
      'stacklet.resizeStacklet', 'stacklet.rebuildStacklet', 'stacklet.snapshotStacklet', 'stacklet.resetPassword',
      'stacklet.powerOn', 'stacklet.powerOff', 'stacklet.powerCycle', 'stacklet.renameStacklet', 'stacklet.restoreStacklet',
      'stacklet.deleteStacklet', 'stacklet.resizeVolume', 'stacklet.attachVolume', 'stacklet.detachVolume', 'stacklet.renameVolume',
      'stacklet.renameSnapshot', 'stacklet.transferSnapshot', 'stacklet.renameFirewall', 'stacklet.renameCluster',
      'stacklet.renameNodePool', 'stacklet.resizeNodePool', 'stacklet.editFirewall',
    ];

    it('every action asks for its resource with a picker, and Escape there sends nothing', async () => {
      await fresh();
      for (const command of ACTIONS) {
        const outcome = await run(command, undefined, 'escape');
        assert.equal(outcome.asked[0]!.kind, 'pick', command);
        assert.match(outcome.asked[0]!.title, /which/, command);
        assert.ok(outcome.asked[0]!.items!.length > 0, `${command} offers something`);
        assert.deepEqual(outcome.sent, [], command);
      }
    });

    it('says so when no stacklet lacks private networking', async () => {
      const outcome = await run('stacklet.enablePrivateNetworking', undefined);
      assert.deepEqual(outcome.asked, []);
      assert.deepEqual(outcome.sent, []);
      assert.ok(shown.some((s) => s.level === 'info' && /already has private networking/.test(s.message)));
    });
  });

  describe('busy resources', () => {
    before(async () => {
      // Long tasks, so the resources stay busy while the commands run; the stacklets used are not used again.
      await control('/_emulator/config', { taskMs: 30_000 });
    });

    after(async () => {
      await control('/_emulator/config', { taskMs: TASK_MS });
    });

    it('refuses an action on a stacklet whose task the extension follows, without asking or sending', async () => {
      const worker = await node('stacklets', 'stacklet', 'worker-1');
      const cycle = await run('stacklet.powerCycle', worker, { confirm: true });
      assert.equal(one(cycle, 'POST', '/v1/stacklets/:id').status, 200);
      // The tree item is the one from before the action: it still shows the stacklet as active.
      const outcome = await run('stacklet.renameStacklet', worker);
      assert.deepEqual(outcome.asked, []);
      assert.deepEqual(outcome.sent, []);
      assert.equal(outcome.warnings.length, 1);
      assert.match(outcome.warnings[0]!, /worker-1 is busy .*A task is running on it: try again when it completes\./);
    });

    it('shows the service’s 409 as it was worded when the task started elsewhere', async () => {
      const blog = await node('stacklets', 'stacklet', 'blog');
      // Another client starts a task: neither the cached listing nor the tracker knows about it.
      assert.equal((await request('POST', `/v1/stacklets/${blog.resource!.id}`, { action: 'power_cycle' })).status, 200);
      const outcome = await run('stacklet.renameStacklet', blog, { input: 'blog-2' });
      assert.equal(one(outcome, 'POST', '/v1/stacklets/:id').status, 409);
      assert.equal(outcome.errors.length, 1);
      assert.match(outcome.errors[0]!, /^Could not rename blog: /);
      assert.match(outcome.errors[0]!, new RegExp(`stacklet ${blog.resource!.id} has a task in progress \\(power_cycle\\); try again when it completes`));
      assert.equal((await get<{ stacklet: Stacklet }>(`/v1/stacklets/${blog.resource!.id}`)).stacklet.name, 'blog');
    });
  });
});
