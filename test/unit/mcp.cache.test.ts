// The MCP server reads through the cache (ResourceStore) with its rules: a run of calls shares one reading of
// each listing; the server's own write makes what it changed read again; a listing older than the freshness
// window is read again. The SDK's own Client over its in-memory transport pair, the server on a clock the test
// moves, the emulator counting the requests.
import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { StackletClient } from '../../src/api/client';
import { requestsSince } from '../../src/emulator/stats';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { ActionHistory } from '../../src/model/actionHistory';
import { ResourceStore } from '../../src/kinds/resourceStore';
import { createServer, FRESH_MS } from '../../src/mcp/server';

describe('MCP server reads through the cache', function () {
  this.timeout(30_000);
  let emu: EmulatorHandle;
  let client: Client;
  // The store stamps a listing with Date.now(); the server's clock starts there (when the test starts) and the test moves it on.
  let now = 0;

  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', taskMs: 20 });
    const api = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, allowInsecureHttp: true });
    const server = createServer({ source: 'emulator', client: api, store: new ResourceStore(api), history: new ActionHistory() }, { limits: { access: 'ask', protectedTags: [], monthlyLimit: Infinity }, now: () => now });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: {} }));
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  });
  after(async () => {
    await client.close();
    await emu.close();
  });

  /** The requests `work` made, by route. */
  async function requestsOf(work: () => Promise<unknown>): Promise<Record<string, number>> {
    const before = { ...emu.stats().requestCount };
    await work();
    return requestsSince(emu.stats().requestCount, before);
  }
  const find = async () => {
    const result = await client.callTool({ name: 'stacklet_find', arguments: { query: 'web' } });
    assert.equal(result.isError, undefined, JSON.stringify(result.content));
  };

  it('reads each listing once for two finds in a row, keeps its own write\'s answer in place, and reads again after the freshness window', async () => {
    now = Date.now();
    const first = await requestsOf(find);
    assert.equal(first['GET /v1/stacklets'], 1, JSON.stringify(first));
    assert.deepEqual(await requestsOf(find), {}, 'the second find answers from the cache');
    now += FRESH_MS / 2;
    assert.deepEqual(await requestsOf(find), {}, 'still fresh');

    const written = await requestsOf(() => client.callTool({ name: 'stacklet_manage_stacklet', arguments: { action: 'powerCycle', id: 1001 } }));
    assert.deepEqual(Object.keys(written).filter((route) => route.startsWith('POST')).length, 1, JSON.stringify(written));
    // The write's answer is the stacklet as the service has it now: it replaces the cached one, and no listing
    // is read again for it.
    const afterWrite = await requestsOf(find);
    assert.deepEqual(afterWrite, {}, 'the write\'s answer updated the cache in place');

    now += FRESH_MS + 1;
    const afterWindow = await requestsOf(find);
    assert.equal(afterWindow['GET /v1/stacklets'], 1, JSON.stringify({ afterWrite, afterWindow, written }));
    assert.deepEqual(Object.keys(afterWindow).sort(), Object.keys(first).sort(), 'every listing is read again once stale');
  });

  it('with --fresh-seconds 0 reads the service on every call', async () => {
    const api = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, allowInsecureHttp: true });
    const server = createServer({ source: 'emulator', client: api, store: new ResourceStore(api), history: new ActionHistory() }, { limits: { access: 'read', protectedTags: [], monthlyLimit: 0 }, freshMs: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const always = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), always.connect(clientSide)]);
    try {
      const call = () => always.callTool({ name: 'stacklet_find', arguments: { query: 'web' } });
      assert.equal((await requestsOf(call))['GET /v1/stacklets'], 1);
      assert.equal((await requestsOf(call))['GET /v1/stacklets'], 1, 'the second find reads again, at once');
    } finally {
      await always.close();
    }
  });
});
