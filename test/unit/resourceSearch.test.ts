// Go to Resource's index over the emulator's demo account read through the client: every kind the registry
// marks, found by name, id, any IP address (public or private, v4 or v6), tag and region, best first, bounded;
// the same whether it keeps lookups for every keystroke (Go to Resource) or looks at every entry (an agent's find).
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import type * as s from '../../src/api/schemas';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { SEARCH_KINDS, kindSpec, type SearchKind } from '../../src/kinds/registry';
import { ResourceIndex } from '../../src/kinds/resourceSearch';

for (const perKeystroke of [true, false]) describe(`Go to Resource: the index${perKeystroke ? ', per keystroke' : ', for one query'}`, () => {
  let emu: EmulatorHandle;
  let client: StackletClient;
  const index = new ResourceIndex({ perKeystroke });
  let stacklets: s.Stacklet[];

  before(async () => {
    emu = await startEmulator({ port: 0 });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
    const listings = await Promise.all(SEARCH_KINDS.map(async (kind) => ({ kind, items: (await kindSpec(kind).list!(client, {}, {})).items as unknown[] })));
    index.replace(listings as { kind: SearchKind; items: unknown[] }[]);
    stacklets = (await client.listStacklets()).items;
  });

  after(async () => {
    await client.dispose();
    await emu.close();
  });

  const names = (query: string) => index.find(query).map((result) => `${result.ref.kind}:${result.ref.name}`);
  const web1 = () => stacklets.find((stacklet) => stacklet.name === 'web-1')!;

  it('holds every listed kind the registry marks for search', () => {
    assert.deepEqual([...SEARCH_KINDS].sort(), ['cluster', 'container', 'firewall', 'loadBalancer', 'snapshot', 'sshKey', 'stacklet', 'userdata', 'volume', 'vpc']);
    const kinds = new Set(index.find('', 1000).map((result) => result.ref.kind));
    assert.deepEqual([...kinds].sort(), [...SEARCH_KINDS].sort());
  });

  it('finds a stacklet by its private IPv4, its public IPv4 and its IPv6, saying which address matched', () => {
    const { networks } = web1();
    const privateV4 = networks.v4.find((n) => n.type === 'private')!.address;
    for (const address of [privateV4, networks.v4.find((n) => n.type === 'public')!.address, networks.v6[0]!.address]) {
      const [first] = index.find(address);
      assert.equal(first?.ref.name, 'web-1', address);
      assert.deepEqual(first?.match, { field: 'address', value: address });
    }
    assert.equal(index.find(privateV4.split('.').slice(0, 3).join('.')).length > 1, true, 'part of an address finds the network');
  });

  it('finds by id, tag and region, and by several words that must all match', () => {
    assert.deepEqual(names(String(web1().id)), ['stacklet:web-1']);
    assert.deepEqual(index.find(String(web1().id))[0]!.match, { field: 'id', value: String(web1().id) });
    assert.deepEqual(names('production'), ['stacklet:web-1', 'stacklet:web-2', 'stacklet:db-1']);
    assert.ok(names('sgp').includes('stacklet:blog'));
    assert.deepEqual(names('web ams'), ['stacklet:staging-1'], 'tag web, region ams');
    assert.deepEqual(names('WEB-1'), ['stacklet:web-1', 'snapshot:web-1 before upgrade'], 'whatever the case, the exact name first');
    assert.ok(names('198.51.100.10').includes('cluster:demo-cluster'), 'a cluster by its IPv4');
    assert.ok(names('203.0.113.200').includes('loadBalancer:web-lb'), 'a load balancer by its IP');
    assert.deepEqual(names('no such thing'), []);
  });

  it('puts the exact name first, then names that start with the query, and keeps at most the limit', () => {
    assert.equal(names('web')[0], 'stacklet:web-1');
    assert.ok(names('web').indexOf('firewall:web-firewall') < names('web').indexOf('stacklet:staging-1'), 'names starting with "web" before other matches');
    assert.equal(names('web-firewall')[0], 'firewall:web-firewall');
    assert.equal(index.find('', 3).length, 3);
    assert.equal(index.find('e', 2).length, 2);
  });
});

describe('Go to Resource: the index for one query answers as the one per keystroke', () => {
  it('gives the same results in the same order, over 3,000 stacklets with names shared and names that extend others', async () => {
    const emu = await startEmulator({ port: 0, extraStacklets: 3000 });
    const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
    try {
      const listings = await Promise.all(SEARCH_KINDS.map(async (kind) => ({ kind, items: (await kindSpec(kind).list!(client, {}, {})).items as unknown[] })));
      // Names a query meets exactly more than once, and names that start with another's.
      const stacklets = listings.find(({ kind }) => kind === 'stacklet')!.items as s.Stacklet[];
      const shared = stacklets.slice(0, 40).map((stacklet, i) => ({ ...stacklet, name: i % 2 === 0 ? 'web' : `web-${i}` }));
      const all = listings.map((listing) => (listing.kind === 'stacklet' ? { ...listing, items: [...shared, ...stacklets.slice(40)] } : listing)) as { kind: SearchKind; items: unknown[] }[];
      const typed = new ResourceIndex({ perKeystroke: true });
      const once = new ResourceIndex();
      typed.replace(all);
      once.replace(all);
      const queries = ['', 'web', 'WEB', 'web-1', 'w', 'e', '10.', String(stacklets[100]!.id), stacklets[200]!.networks.v4[0]!.address, 'web ams', 'production', 'no such thing'];
      for (const query of queries) {
        for (const limit of [1, 5, 100, Number.MAX_SAFE_INTEGER]) {
          const show = (index: ResourceIndex) => index.find(query, limit).map((result) => `${result.ref.kind}:${String(result.ref.id)}:${result.match?.field ?? ''}`);
          assert.deepEqual(show(once), show(typed), `${query} (${limit})`);
        }
      }
      assert.ok(typed.find('web', 30).slice(0, 20).every((result) => result.ref.name === 'web'), 'the exact names first');
    } finally {
      await client.dispose();
      await emu.close();
    }
  });
});
