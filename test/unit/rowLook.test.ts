// Each kind's tree row as its row.ts builds it, in plain Node (the views only turn a look into a tree item:
// src/views/resourceNode.ts, lookNode): rows of the emulator's demo account, renamed to hostile names, show the
// name as it is in the label, and their tooltips carry every text of the service escaped (no link, command,
// codicon, table cell or line of its own); the labels, descriptions, icons, states and contextValues are those the
// views have always shown.
import * as assert from 'node:assert/strict';
import { protectingTag } from '../../src/agent/guards';
import { StackletClient } from '../../src/api/client';
import type * as s from '../../src/api/schemas';
import type { Account } from '../../src/auth/accountRegistry';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { KIND_ROWS } from '../../src/kinds/kindRows';
import { type Kind, type KindItems, type ListedKind, kindSpec } from '../../src/kinds/registry';
import { spokenOf, type RowLook } from '../../src/kinds/rowLook';
import { cell } from '../../src/model/format';

/** What a co-tenant may name a resource: a command link, a table's `|`, a line break, a codicon. */
const HOSTILE = 'x [x](command:foo) | y\nz $(icon) **b**';

const LISTED: readonly ListedKind[] = ['stacklet', 'volume', 'snapshot', 'backup', 'firewall', 'loadBalancer', 'vpc', 'cluster', 'userdata', 'sshKey', 'tag', 'container', 'profile'];

describe('each kind\'s row look', () => {
  let emu: EmulatorHandle;
  let client: StackletClient;
  const items = {} as { [K in Kind]: KindItems[K] };

  before(async () => {
    emu = await startEmulator({ port: 0 });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
    for (const kind of LISTED) (items as Record<string, unknown>)[kind] = (await kindSpec(kind).list!(client, {}, {})).items[0];
    const cluster = items.cluster;
    items.nodePool = { ...cluster.node_pools[0]!, cluster_uuid: cluster.uuid };
    items.kubernetesNode = items.nodePool.nodes[0]!;
    items.containerImage = items.container.images[0]!;
    items.address = { ...items.stacklet.networks.v4[0]!, family: 'v4' };
  });

  after(async () => {
    await client.dispose();
    await emu.close();
  });

  const account: Account = { id: 'a', apiUrl: 'https://api.example', email: 'e@example', profileUuid: 'p', isEmulator: false };
  function lookOf(kind: Kind, item: unknown): RowLook {
    if (kind === 'nodePool') return KIND_ROWS.nodePool.look(item as KindItems['nodePool'], items.cluster);
    if (kind === 'tag') return KIND_ROWS.tag.look(item as s.Tag, 3);
    if (kind === 'profile') return KIND_ROWS.profile.look(item as s.Profile, account, false);
    return (KIND_ROWS[kind].look as (item: unknown) => RowLook)(item);
  }

  /** The item with the hostile name where its row shows the name (a backup shows its stacklet's). */
  function renamed<K extends Kind>(kind: K, item: KindItems[K]): KindItems[K] {
    const named = (field: string) => ({ ...item, [field]: HOSTILE }) as KindItems[K];
    if (kind === 'backup') return { ...item, stacklet: { ...(item as s.Backup).stacklet, name: HOSTILE } } as KindItems[K];
    if (kind === 'containerImage') return named('slug');
    if (kind === 'address') return named('address');
    if (kind === 'profile') return named('email');
    return named('name');
  }

  /**
   * What the demo account's first item of each kind shows, as the views have always shown it. A spoken label says
   * what the row leaves to its tooltip to fit the side bar (a screen reader has no side bar to fit).
   */
  const SHOWN: Record<Kind, Omit<RowLook, 'tooltip'>> = {
    stacklet: { label: 'web-1', description: 'fra · b-1vcpu-2gb', icon: { id: 'vm-running', color: 'charts.green' }, contextValue: 'stacklet:active hasIp privateNetworking hasFirewall hasTags', spoken: 'Stacklet web-1, active, Frankfurt 1, 1 vCPU 2 GB, 198.18.0.12' },
    volume: { label: 'db-data', description: 'fra · 100 GB · on db-1', icon: { id: 'database', color: 'charts.green' }, spoken: 'Volume db-data, attached to db-1, Frankfurt 1, 100 GB', contextValue: 'volume:attached' },
    snapshot: { label: 'web-1 before upgrade', description: 'fra · 5.5 GB', icon: { id: 'device-camera' }, contextValue: 'snapshot:ready' },
    backup: { label: 'db-1, 2026-05-12 09:31', description: '10.4 GB', icon: { id: 'history' }, contextValue: 'backup:ready' },
    firewall: { label: 'web-firewall', description: '4 in · 1 out', icon: { id: 'shield' }, contextValue: 'firewall:ready', spoken: 'Firewall web-firewall, 4 in, 1 out, 2 stacklets' },
    loadBalancer: { label: 'web-lb', description: 'fra · 203.0.113.200', icon: { id: 'server-environment', color: 'charts.green' }, state: 'active', contextValue: 'loadBalancer:active hasIp', spoken: 'Load balancer web-lb, active, fra, 203.0.113.200, round robin' },
    vpc: { label: 'fra-private', description: 'fra · 10.20.0.0/16', icon: { id: 'type-hierarchy' }, contextValue: 'vpc:ready', spoken: 'VPC fra-private, fra, 10.20.0.0/16, 3 stacklets' },
    cluster: { label: 'demo-cluster', description: 'fra · 3 nodes', icon: { id: 'symbol-namespace', color: 'charts.green' }, state: 'active', contextValue: 'cluster:active hasIp', spoken: 'Kubernetes cluster demo-cluster, active, fra, 1.30.2-00, 3 nodes' },
    nodePool: { label: 'default-pool', description: '3 × b-2vcpu-4gb', icon: { id: 'layers' }, contextValue: 'nodePool:active' },
    // A node's name is made up when the emulator starts: the test puts it in.
    kubernetesNode: { label: '', icon: { id: 'server' }, contextValue: 'kubernetesNode:' },
    userdata: { label: 'docker-bootstrap', description: '7 lines', icon: { id: 'file-code' }, contextValue: 'userdata:script' },
    sshKey: { label: 'laptop', description: '98:27:98:0e:ac:05:b4:b6:f0:a5:4d:38:0e:e3:fc:e0', icon: { id: 'key' }, contextValue: 'sshKey:ready' },
    tag: { label: 'blog', description: '3 resources', icon: { id: 'tag' }, contextValue: 'tag:ready', spoken: 'Tag blog, 3 resources' },
    container: { label: 'nginx', description: '2 images', icon: { id: 'package' }, contextValue: 'container:family' },
    containerImage: { label: 'nginx-1-27', description: '1.27 · default', icon: { id: 'symbol-constant' }, contextValue: 'containerImage:available' },
    address: { label: '198.18.0.12', description: 'public IPv4', icon: { id: 'globe' }, contextValue: 'address:public' },
    profile: { label: 'demo@stacklet.example', description: 'Demo User', icon: { id: 'account' }, contextValue: 'profile:' },
  };

  it('shows each kind\'s row as the views always have: label, description, icon, state, spoken label and contextValue', () => {
    for (const kind of Object.keys(KIND_ROWS) as Kind[]) {
      const { tooltip, spoken, ...look } = lookOf(kind, items[kind]);
      const shown = { ...look, ...(spoken !== undefined ? { spoken: spokenOf(spoken) } : {}) };
      assert.deepEqual(shown, kind === 'kubernetesNode' ? { ...SHOWN[kind], label: items.kubernetesNode.name } : SHOWN[kind], kind);
      assert.equal(shown.icon.id, kind === 'stacklet' ? 'vm-running' : KIND_ROWS[kind].icon, `${kind}: its row shows the kind's icon when idle`);
      if (kind !== 'kubernetesNode' && kind !== 'container') assert.ok(tooltip, `${kind} has a tooltip`);
    }
  });

  /** `|` not escaped: where a table row's cells are split. */
  const cellBreaks = (line: string) => (line.match(/(?<!\\)\|/g) ?? []).length;

  it('shows a hostile name as it is in the label, and escaped in the tooltip: no link, command, codicon, cell or line of its own', () => {
    for (const kind of Object.keys(KIND_ROWS) as Kind[]) {
      const clean = lookOf(kind, items[kind]);
      const hostile = lookOf(kind, renamed(kind, items[kind]));
      assert.equal(hostile.label, kind === 'backup' ? `${HOSTILE}, 2026-05-12 09:31` : HOSTILE, kind);
      assert.equal(hostile.contextValue, clean.contextValue, kind);
      const lines = hostile.tooltip?.();
      if (!lines) continue;
      const cleanLines = clean.tooltip!();
      assert.equal(lines.length, cleanLines.length, `${kind}: the name adds no line`);
      lines.forEach((line, index) => {
        if (!line.startsWith('```')) assert.ok(!line.includes('\n'), `${kind}: the name breaks no line: ${line}`);
        assert.equal(cellBreaks(line), cellBreaks(cleanLines[index]!), `${kind}: the name adds no table cell: ${line}`);
      });
      const text = lines.join('\n');
      assert.ok(text.includes(cell(HOSTILE)), `${kind}: the tooltip names it escaped: ${text}`);
      for (const raw of ['[x](command:foo)', '](command:', '$(icon)', '**b**']) assert.ok(!text.includes(raw), `${kind}: ${raw} left as it is in ${text}`);
    }
  });

  it('says where a volume is by the name of its stacklet, however hostile, in the description and the spoken label', () => {
    const volume = { ...items.volume, stacklet: { ...items.volume.stacklet!, name: HOSTILE } };
    const look = KIND_ROWS.volume.look(volume);
    assert.equal(look.description, `fra · 100 GB · on ${HOSTILE}`);
    assert.equal(look.spoken, `Volume db-data, attached to ${HOSTILE}, Frankfurt 1, 100 GB`);
    assert.ok(look.tooltip!().includes(`| Attached to | ${cell(HOSTILE)} |`));
  });

  it('shows a stacklet\'s monthly estimate after its facts when the setting asks, and a busy one\'s task in words', () => {
    const look = KIND_ROWS.stacklet.look(items.stacklet, { cost: true });
    assert.equal(look.description, 'fra · b-1vcpu-2gb · est. $12.00/mo');
    assert.equal(spokenOf(look.spoken), 'Stacklet web-1, active, Frankfurt 1, 1 vCPU 2 GB, 198.18.0.12, est. $12.00/mo');
    const task: s.Task = { id: 7, name: 'resize', description: { progress: 'Resizing the disk', completed: '' } };
    const busy = KIND_ROWS.stacklet.look({ ...items.stacklet, task });
    assert.deepEqual([busy.icon, busy.contextValue], [{ id: 'loading~spin' }, 'stacklet:busy hasIp privateNetworking hasFirewall hasTags']);
    assert.equal(spokenOf(busy.spoken), 'Stacklet web-1, busy: Resizing the disk, Frankfurt 1, 1 vCPU 2 GB, 198.18.0.12');
    const volume = KIND_ROWS.volume.look({ ...items.volume, task });
    assert.deepEqual([volume.icon, volume.contextValue, volume.spoken], [{ id: 'loading~spin' }, 'volume:busy', 'Volume db-data, busy, attached to db-1, Frankfurt 1, 100 GB']);
  });

  it('says in its tooltip and spoken label that a stacklet is protected from agents by one of the protected tags, in any case', () => {
    const tooltip = (look: RowLook) => (look.tooltip?.() ?? []).join('\n');
    const protectedLook = KIND_ROWS.stacklet.look(items.stacklet, { cost: false, protectedBy: (tags) => protectingTag(tags, ['Production']) });
    assert.match(tooltip(protectedLook), /\| Agents \| protected by its tag production\\?: an agent cannot change it, you can \|/);
    assert.match(spokenOf(protectedLook.spoken) ?? '', /, protected from agents$/);
    assert.equal(protectedLook.description, 'fra · b-1vcpu-2gb', 'the row keeps its width');
    const open = KIND_ROWS.stacklet.look(items.stacklet, { cost: false, protectedBy: (tags) => protectingTag(tags, []) });
    assert.doesNotMatch(tooltip(open), /Agents/);
    assert.doesNotMatch(spokenOf(open.spoken) ?? '', /protected/);
  });
});
