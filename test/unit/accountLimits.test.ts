// The account's limits read before a create (src/kinds/accountLimits.ts): the profile's count of what is left,
// from the cache when it is there and with one request when it is not; none for a kind without a limit; a
// profile that cannot be read stops nothing. And the words and the count rule the wizards and tools refuse with.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import type { Profile } from '../../src/api/schemas';
import { checkWithinLimit } from '../../src/api/validators';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { staleAfterCreate, staleAfterDelete } from '../../src/kinds/registry';
import { limitOf, limitReached, readLimit } from '../../src/kinds/accountLimits';
import { ResourceStore } from '../../src/kinds/resourceStore';

const profileWith = (limits: Profile['limits']): Profile => ({ uuid: 'u-1', limits, features: [] }) as unknown as Profile;

describe('account limits', () => {
  it('reads the limit of a kind the profile counts, and none for a kind without one or a profile without a count', () => {
    const profile = profileWith({ stacklets: { available: 3, used: 47 }, volumes: { used: 2 } });
    assert.deepEqual(limitOf(profile, 'stacklet'), { key: 'stacklets', available: 3, used: 47 });
    assert.equal(limitOf(profile, 'volume'), undefined, 'no available count: nothing to check');
    assert.equal(limitOf(profile, 'firewall'), undefined);
    assert.equal(limitOf(undefined, 'stacklet'), undefined);
    assert.deepEqual(limitOf(profileWith({ volumes: { available: 0 } }), 'volume'), { key: 'volumes', available: 0 });
  });

  it('refuses a create only when nothing is left, naming the limit', () => {
    assert.equal(limitReached('stacklet', { key: 'stacklets', available: 1, used: 49 }), undefined);
    assert.equal(limitReached('stacklet', undefined), undefined);
    assert.equal(limitReached('stacklet', { key: 'stacklets', available: 0, used: 50 }), 'This account may create no more stacklets: its limit is 50, and 50 are in use.');
    assert.equal(limitReached('volume', { key: 'volumes', available: -2 }), 'This account may create no more volumes: its profile gives 0 available.');
  });

  it('refuses a count above what is left, naming the number available', () => {
    assert.equal(checkWithinLimit(3, 2), '3 is more than this account may still create: 2 available');
    assert.equal(checkWithinLimit(2, 2), undefined);
    assert.equal(checkWithinLimit(1, 0), '1 is more than this account may still create: 0 available');
  });

  it('makes the profile stale after a create or delete of a kind it counts, and only then', () => {
    const stacklet = { firewall_uuid: null, vpc_uuid: null, volume_uuid: null } as never;
    assert.ok(staleAfterCreate('stacklet', stacklet).includes('profile'));
    assert.ok(staleAfterDelete('stacklet', stacklet).includes('profile'));
    assert.ok(staleAfterCreate('volume', {} as never).includes('profile'));
    assert.ok(!staleAfterCreate('tag', {} as never).includes('profile'));
    assert.ok(!staleAfterCreate('sshKey', {} as never).includes('profile'));
  });

  describe('⇄ emulator', () => {
    let emu: EmulatorHandle;
    let client: StackletClient;
    let store: ResourceStore;
    const profileRequests = () => emu.stats().requests.filter((r) => r.path === '/v1/account/profile').length;

    beforeEach(async () => {
      emu = await startEmulator({ port: 0, host: '127.0.0.1' });
      client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
      store = new ResourceStore(client);
    });
    afterEach(async () => {
      store.dispose();
      await client.dispose();
      await emu.close();
    });

    it('reads the profile with one request when it is not cached, and none when it is', async () => {
      assert.deepEqual(await readLimit(store, 'stacklet'), { key: 'stacklets', available: 44, used: 6 });
      assert.equal(profileRequests(), 1);
      assert.deepEqual(await readLimit(store, 'volume'), { key: 'volumes', available: 97, used: 3 });
      assert.equal(profileRequests(), 1, 'the cached profile is read');
      assert.equal(await readLimit(store, 'firewall'), undefined);
      assert.equal(profileRequests(), 1, 'a kind without a limit reads nothing');
      store.invalidate(...staleAfterCreate('stacklet', undefined));
      await readLimit(store, 'stacklet');
      assert.equal(profileRequests(), 2, 'after a create, the profile is read again');
    });

    it('gives no limit when the profile cannot be read, so the create goes on', async () => {
      const refused = new StackletClient({ baseUrl: emu.url, token: 'stk_not_an_account', retry: { maxAttempts: 1 } });
      const other = new ResourceStore(refused);
      try {
        assert.equal(await readLimit(other, 'stacklet'), undefined);
        assert.equal(profileRequests(), 1, 'it was asked once');
      } finally {
        other.dispose();
        await refused.dispose();
      }
    });
  });
});
