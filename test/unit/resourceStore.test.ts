// The cache's part in a deletion: a resource is marked "deleting…" while the service works (its views redraw),
// comes back unmarked when the service refuses, and leaves every cached variant of its listing when the service
// confirms, with no refetch.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { ResourceStore, type StoreChange } from '../../src/kinds/resourceStore';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';

describe('ResourceStore: deletions', () => {
  let emu: EmulatorHandle;
  let client: StackletClient;
  let store: ResourceStore;
  let changes: string[];

  beforeEach(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
    store = new ResourceStore(client);
    changes = [];
    store.onDidChange((change: StoreChange) => changes.push(change.kind));
  });
  afterEach(async () => {
    store.dispose();
    await client.dispose();
    await emu.close();
  });

  it('marks a resource while it is deleted, in the views of its listing, and unmarks it on a refusal', async () => {
    const volume = (await store.get('volume')).items.find((v) => v.name === 'scratch')!;
    store.markDeleting({ kind: 'volume', id: volume.id, listing: 'volume' });
    assert.ok(store.isDeleting('volume', volume.id));
    assert.ok(!store.isDeleting('volume', 'another'));
    assert.deepEqual(changes, ['volume']);
    store.unmarkDeleting({ kind: 'volume', id: volume.id, listing: 'volume' });
    assert.ok(!store.isDeleting('volume', volume.id));
    assert.deepEqual(changes, ['volume', 'volume']);
    assert.ok(store.peek('volume')!.items.some((v) => v.id === volume.id), 'the item stays cached');
  });

  it('a node pool is marked in its clusters\' views', () => {
    store.markDeleting({ kind: 'nodePool', id: 'p-1', listing: 'cluster' });
    assert.ok(store.isDeleting('nodePool', 'p-1'));
    assert.deepEqual(changes, ['cluster']);
  });

  it('removes a deleted resource from every cached variant of its listing, unmarked, without a request', async () => {
    await store.get('volume');
    await store.get('volume', { region: 'ams' });
    const scratch = store.peek('volume', { region: 'ams' })!.items.find((v) => v.name === 'scratch')!;
    store.markDeleting({ kind: 'volume', id: scratch.id, listing: 'volume' });
    const requests = emu.stats().requests.length;
    store.removeDeleted('volume', scratch.id);
    assert.ok(!store.isDeleting('volume', scratch.id));
    assert.ok(!store.peek('volume')!.items.some((v) => v.id === scratch.id));
    assert.deepEqual(store.peek('volume', { region: 'ams' })!.items, []);
    assert.equal(emu.stats().requests.length, requests, 'no request');
    assert.equal(changes.at(-1), 'volume');
  });

  it('takes a deleted firewall, VPC or cluster out of what the account knows, for a service that cannot list them', async () => {
    const known = new Map<string, Set<string>>();
    const ids = (kind: string) => known.get(kind) ?? known.set(kind, new Set()).get(kind)!;
    const remembering = new ResourceStore(client, {
      get: (kind) => [...ids(kind)],
      add: (kind, id) => void ids(kind).add(id),
      remove: (kind, id) => void ids(kind).delete(id),
    });
    try {
      remembering.rememberCreated('vpc', 'v-1');
      remembering.removeDeleted('vpc', 'v-1');
      assert.deepEqual([...ids('vpc')], []);
    } finally {
      remembering.dispose();
    }
  });
});
