// Hostile names for every kind of resource that has one, through the emulator: what a co-tenant can set with the
// ordinary API (links, images, HTML, codicons, comment ends, bidi controls, quotes, the longest name allowed; for
// stacklets, whose names are host names, the oddest host names) is read back by the client exactly as it was
// sent, from the listing and by id, and every escaper turns it into text that carries no markup.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { StackletClient } from '../../src/api/client';
import { HOSTNAME_MAX, NAME_MAX } from '../../src/api/validators';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { documentFileName } from '../../src/documents/documentPaths';
import { literalText, markdownText, plainText } from '../../src/model/serviceText';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGhvc3RpbGUtbmFtZXMtcHJvcGVydHktdGVzdA hostile@test';

const FRAGMENTS = [
  '[Open Settings](command:workbench.action.openSettings)', '![p](https://t.example/p.png)', '<img src=x onerror=alert(1)>',
  '<script>', '$(zap)', '$(sync~spin)', '*/', '/*', '**', '_', '`', '|', '#', '> ', '- ', '&amp;', '&#60;', '\\', '"', "'",
  '\u202e', '\u2066', '\u2069', '\u200f', '\u061c', '\u200b', '\u2060', '\ufeff', '\u00ad', '\u3164', '\u{e0041}', '\u{e007f}', 'a\ufe0f', 'ž', '漢字', '😀', 'https://evil.example', 'www.evil.example', 'a@b.example',
  '{0}', '%s', '${x}', '__proto__', ' ', 'x',
];
/** An invisible character that may not be left in escaped text (but our joiner after `]` or `$`, an emoji's selector). */
const INVISIBLE_LEFT = /[\u00ad\u200b-\u200f\u2061-\u206f\u3164\ufeff\u{e0000}-\u{e007f}]|(?<![\]$])\u2060|(?<!\p{Extended_Pictographic})\ufe0f/u;
/** A display name as the API accepts it: 1–255 characters, no C0 controls, not blank. */
const hostileName = fc
  .oneof(
    fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
    fc.constant('y'.repeat(NAME_MAX)),
  )
  // eslint-disable-next-line no-control-regex -- control characters are what the name may not hold
  .map((name) => name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, NAME_MAX))
  .filter((name) => name.trim() !== '' && !/[\ud800-\udfff]/.test(name.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')));
/** Host names at the edges of what the API allows: punycode, digits, hyphens inside labels, 63-character labels. */
const hostileHostname = fc
  .array(fc.oneof(fc.constantFrom('xn--80ak6aa92e', 'xn--e1afmkfd', '0', '1-1', 'a--b', 'l'.repeat(63), 'localhost', 'www', 'com'), fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/)), { minLength: 1, maxLength: 6 })
  .map((labels) => labels.join('.').slice(0, HOSTNAME_MAX).replace(/[.-]+$/, ''))
  .filter((name) => name !== '' && name.split('.').every((label) => label !== '' && !label.startsWith('-')));

interface Kind {
  readonly name: string;
  readonly arbitrary: fc.Arbitrary<string>;
  rename(name: string): Promise<void>;
  /** The name as the listing and as a GET by id answer it. */
  readBack(): Promise<string[]>;
}

describe('hostile names through the emulator: read back intact (fast-check)', function () {
  this.timeout(120_000);
  let emu: EmulatorHandle;
  let client: StackletClient;
  const kinds: Kind[] = [];

  before(async () => {
    emu = await startEmulator({ port: 0, taskMs: 0 });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
    const first = async <T>(listing: Promise<{ items: T[] }>): Promise<T> => (await listing).items[0]!;
    const stacklet = await first(client.listStacklets());
    const volume = await first(client.listVolumes());
    const snapshot = await first(client.listSnapshots());
    const firewall = await first(client.listFirewalls());
    const balancer = await first(client.listLoadBalancers());
    const cluster = await first(client.listKubernetesClusters());
    const vpc = await first(client.listVpcs());
    const script = await first(client.listUserdata());
    let keyId: number | undefined;
    const named = <T extends { name: string }>(items: T[], match: (item: T) => boolean) => items.filter(match).map((item) => item.name);

    /** A kind read back from its listing (the item `isIt` picks) and by id. */
    const kind = <T extends { name: string }>(
      name: string,
      rename: (name: string) => Promise<unknown>,
      list: () => Promise<{ items: T[] }>,
      get: () => Promise<T>,
      isIt: (item: T) => boolean,
      arbitrary = hostileName,
    ): Kind => ({
      name,
      arbitrary,
      rename: async (value) => void (await rename(value)),
      readBack: async () => [...named((await list()).items, isIt), (await get()).name],
    });

    kinds.push(
      kind('stacklet', (n) => client.renameStacklet(stacklet.id, n), () => client.listStacklets(), () => client.getStacklet(stacklet.id), (s) => s.id === stacklet.id, hostileHostname),
      kind('volume', (n) => client.renameVolume(volume.id, n), () => client.listVolumes(), () => client.getVolume(volume.id), (v) => v.id === volume.id),
      kind('snapshot', (n) => client.renameSnapshot(snapshot.id, n), () => client.listSnapshots(), () => client.getSnapshot(snapshot.id), (s) => s.id === snapshot.id),
      kind('firewall', (n) => client.renameFirewall(firewall.uuid, n), () => client.listFirewalls(), () => client.getFirewall(firewall.uuid), (f) => f.uuid === firewall.uuid),
      kind(
        'load balancer',
        async (n) => {
          const current = await client.getLoadBalancer(balancer.uuid);
          await client.updateLoadBalancer(balancer.uuid, { name: n, health: current.health ?? { protocol: 'tcp', port: 80 }, algorithm: current.algorithm as 'round_robin' });
        },
        () => client.listLoadBalancers(), () => client.getLoadBalancer(balancer.uuid), (b) => b.uuid === balancer.uuid,
      ),
      kind('Kubernetes cluster', (n) => client.renameKubernetesCluster(cluster.uuid, n), () => client.listKubernetesClusters(), () => client.getKubernetesCluster(cluster.uuid), (c) => c.uuid === cluster.uuid),
      kind(
        'node pool',
        async (n) => {
          const pool = (await client.getKubernetesCluster(cluster.uuid)).node_pools[0]!;
          await client.updateNodePool(cluster.uuid, pool.id, { name: n, count: pool.count ?? pool.nodes.length });
        },
        async () => ({ items: (await client.listKubernetesClusters()).items.flatMap((c) => (c.uuid === cluster.uuid ? c.node_pools.slice(0, 1) : [])) }),
        async () => (await client.getKubernetesCluster(cluster.uuid)).node_pools[0]!,
        () => true,
      ),
      kind('VPC', (n) => client.renameVpc(vpc.uuid, n), () => client.listVpcs(), () => client.getVpc(vpc.uuid), (v) => v.uuid === vpc.uuid),
      kind('userdata', (n) => client.updateUserdata(script.uuid, { name: n, userdata: script.userdata }), () => client.listUserdata(), () => client.getUserdata(script.uuid), (u) => u.uuid === script.uuid),
      {
        name: 'SSH key',
        arbitrary: hostileName,
        rename: async (name) => {
          if (keyId !== undefined) await client.deleteSshKey(keyId);
          keyId = (await client.createSshKey({ name, public_key: PUBLIC_KEY })).id;
        },
        readBack: async () => named((await client.listSshKeys()).items, (k) => k.id === keyId),
      },
    );
  });

  after(async () => {
    await client?.dispose();
    await emu?.close();
  });

  it(`${RUNS} hostile names across every kind: the client reads each back exactly, and every escaper leaves no markup`, async () => {
    const seen = new Set<string>();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...kinds).chain((kind) => kind.arbitrary.map((name) => ({ kind, name }))),
        async ({ kind, name }) => {
          // Names are unique within a kind: a run number keeps two runs from asking for the same one.
          const unique = kind.name === 'stacklet' ? `r${run++}.${name}`.slice(0, HOSTNAME_MAX).replace(/[.-]+$/, '') : `${run++} ${name}`.slice(0, NAME_MAX);
          seen.add(kind.name);
          await kind.rename(unique);
          for (const back of await kind.readBack()) assert.equal(back, unique, `${kind.name}: ${JSON.stringify(unique)}`);
          const literal = literalText(unique);
          assert.doesNotMatch(literal, /\]\(|\$\(|[\n\r\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
          assert.doesNotMatch(plainText(unique), /\*\/|[\n\r\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
          assert.doesNotMatch(markdownText(unique), /(?<!\\)[<[\]()`*_|]|\$\(/);
          // Nothing invisible is left (our joiners, right after `]` or `$`, aside), and the tab shows what the tree shows.
          for (const shown of [literal, plainText(unique), markdownText(unique)]) assert.doesNotMatch(shown, INVISIBLE_LEFT, JSON.stringify(unique));
          assert.doesNotMatch(documentFileName(unique, 'x', '.jsonc'), INVISIBLE_LEFT);
        },
      ),
      { numRuns: RUNS, seed: 0x1713 },
    );
    assert.equal(seen.size, kinds.length, `every kind was tried: ${[...seen].join(', ')}`);
  });
});
