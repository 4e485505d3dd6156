// The API URL as users paste it: a trailing /v1 (the documentation's and the public client's base URLs end
// in it) is taken off and reported, so paths do not become …/v1/v1/…; sign-in uses the stripped URL.
import * as assert from 'node:assert/strict';
import { stripApiVersion } from '../../src/api/apiUrl';
import { SessionManager } from '../../src/auth/session';
import { startEmulator } from '../../src/emulator/server';
import { memoryStores } from './support/helpers';

describe('stripApiVersion', () => {
  it('takes off a trailing /v1 with its slashes, and says so', () => {
    for (const [pasted, url, removed] of [
      ['https://api.simplystack.com/v1', 'https://api.simplystack.com', '/v1'],
      ['https://cloud.hubgridcloud.com/api/v1/', 'https://cloud.hubgridcloud.com/api', '/v1/'],
      ['  https://host.example/API/V1//  ', 'https://host.example/API', '/V1//'],
    ] as const) {
      const got = stripApiVersion(pasted);
      assert.equal(got.url, url, pasted);
      assert.equal(got.removed, removed, pasted);
      assert.match(got.note ?? '', new RegExp(`ended in ${removed}.*uses ${url.replace(/\./g, '\\.')}\\.$`));
    }
  });

  it('leaves every other URL as it is (but for trailing slashes), and says nothing', () => {
    for (const [pasted, url] of [
      ['https://api.example.com', 'https://api.example.com'],
      ['https://api.example.com/api/', 'https://api.example.com/api'],
      ['https://api.example.com/v10', 'https://api.example.com/v10'],
      ['https://api.example.com/v1/stacklets', 'https://api.example.com/v1/stacklets'],
      ['not a url', 'not a url'],
    ] as const) {
      assert.deepEqual(stripApiVersion(pasted), { url }, pasted);
    }
  });

  it('sign-in uses the stripped URL', async () => {
    const emu = await startEmulator({ port: 0 });
    const session = new SessionManager(memoryStores().registry, () => ({ pageConcurrency: 4, allowInsecureHttp: false, requestTimeoutMs: 5000 }), () => Promise.reject(new Error('no embedded emulator')));
    try {
      const account = await session.signIn(`${emu.url}/v1/`, emu.demoToken);
      assert.equal(account.apiUrl, emu.url);
      assert.deepEqual(Object.keys(emu.stats().requestCount), ['GET /v1/account/profile']);
    } finally {
      await session.dispose();
      await emu.close();
    }
  });
});
