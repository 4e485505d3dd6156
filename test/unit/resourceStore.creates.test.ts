// The cache's part in a create: the new item's listing and those its kind's rules name
// (`invalidates.afterCreate`, src/kinds/<kind>/kind.ts) are read again when next shown, and nothing else; a
// kind the service may be unable to list remembers the new id. Every create (wizards, documents) goes through it.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { staleAfterCreate } from '../../src/kinds/registry';
import { ResourceStore } from '../../src/kinds/resourceStore';

describe('ResourceStore: creates', () => {
  let emu: EmulatorHandle;
  let client: StackletClient;
  let store: ResourceStore;
  const known = new Map<string, Set<string>>();
  const ids = (kind: string) => known.get(kind) ?? known.set(kind, new Set()).get(kind)!;
  /** The listings still cached. */
  const cached = () => (['stacklet', 'volume', 'firewall', 'vpc', 'cluster', 'sshKey', 'profile'] as const).filter((kind) => store.peek(kind));

  beforeEach(async () => {
    known.clear();
    emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
    store = new ResourceStore(client, { get: (kind) => [...ids(kind)], add: (kind, id) => void ids(kind).add(id), remove: (kind, id) => void ids(kind).delete(id) });
    for (const kind of ['stacklet', 'volume', 'firewall', 'vpc', 'cluster', 'sshKey', 'profile'] as const) await store.get(kind);
  });
  afterEach(async () => {
    store.dispose();
    await client.dispose();
    await emu.close();
  });

  it('a new volume makes its own listing, the stacklets\' (it is attached to one) and the profile\'s (its limits count volumes) stale, and no other', async () => {
    const volume = (await store.get('volume')).items[0]!;
    store.created('volume', volume.id, volume);
    assert.deepEqual(cached(), ['firewall', 'vpc', 'cluster', 'sshKey']);
  });

  it('a new stacklet makes the profile stale (its limits count stacklets), the firewalls and VPCs only when it is in one of them', async () => {
    const stacklet = (await store.get('stacklet')).items[0]!;
    store.created('stacklet', stacklet.id, { ...stacklet, firewall_uuid: 'fw-1', vpc_uuid: null });
    assert.deepEqual(cached(), ['volume', 'vpc', 'cluster', 'sshKey']);
    assert.deepEqual(staleAfterCreate('stacklet', { ...stacklet, firewall_uuid: null, vpc_uuid: null }), ['stacklet', 'profile']);
    assert.deepEqual(staleAfterCreate('stacklet', { ...stacklet, firewall_uuid: 'fw-1', vpc_uuid: 'v-1' }), ['stacklet', 'firewall', 'vpc', 'profile']);
  });

  it('remembers a new cluster, VPC or firewall, which the service may be unable to list, and no SSH key', async () => {
    store.created('cluster', 'c-new');
    store.created('firewall', 'f-new');
    store.created('sshKey', 17);
    assert.deepEqual([...ids('cluster')], ['c-new']);
    assert.deepEqual([...ids('firewall')], ['f-new']);
    assert.equal(known.has('sshKey'), false);
    assert.deepEqual(cached(), ['stacklet', 'volume', 'vpc', 'profile']);
  });
});
