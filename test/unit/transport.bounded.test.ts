// Bounded work whatever the service sends: a listing that claims a billion pages of large names ends in the
// client's own error naming the limit it reached, a page count is believed only so far, and an error body of
// 60 MB is read no further than its first 64 KB. (Heap and event-loop figures at full size: npm run bench.)
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { HttpTransport } from '../../src/api/transport';
import { DEFAULT_MAX_ERROR_BODY_BYTES } from '../../src/api/transport';
import { startHostileService, type HostileOptions, type HostileService } from './support/hostileService';
import { rejection } from './support/helpers';

const KB = 1024;
const MB = 1024 * KB;

describe('bounded work whatever the service sends', () => {
  let service: HostileService | undefined;
  let client: StackletClient | undefined;

  async function start(options: HostileOptions, limits: ConstructorParameters<typeof StackletClient>[0]['listingLimits'] = {}) {
    service = await startHostileService(options);
    client = new StackletClient({ baseUrl: service.url, token: 'stk_bounded_token_1234', retry: { maxAttempts: 1 }, listingLimits: limits });
    return { service, client };
  }

  afterEach(async () => {
    await client?.dispose();
    await service?.close();
    client = undefined;
    service = undefined;
  });

  it('stops a listing that claims a billion pages of large names at its byte limit, with an error naming it', async () => {
    const { service, client } = await start({ claimedPages: 1e9, itemsPerPage: 1, nameChars: 256 * KB }, { maxBytes: 2 * MB });
    const error = await rejection(client.listVolumes());
    assert.equal(error.kind, 'limit');
    assert.match(error.message, /GET \/v1\/volumes/);
    assert.match(error.message, /2 MB/);
    // 2 MB of 256 KB pages, and at most one more page per request in flight.
    assert.ok(service.served.pages <= 8 + 12 + 1, `${service.served.pages} pages were asked for`);
  });

  it('stops a listing at its item limit', async () => {
    const { client } = await start({ claimedPages: 1e9, itemsPerPage: 25, nameChars: 8 }, { maxItems: 300 });
    const error = await rejection(client.listVolumes());
    assert.equal(error.kind, 'limit');
    assert.match(error.message, /300 items/);
  });

  it('believes a page count only up to its page limit, and says so', async () => {
    const { service, client } = await start({ claimedPages: 1e9, itemsPerPage: 2, nameChars: 8 }, { maxPages: 5 });
    const result = await client.listVolumes();
    assert.equal(result.pages, 5);
    assert.equal(result.items.length, 10);
    assert.match(result.warning ?? '', /1000000000 pages; only 5/);
    assert.equal(service.served.pages, 5);
  });

  it('reads no more than 64 KB of a 60 MB error body, and shows a short message from it', async () => {
    const { service } = await start({ claimedPages: 1, itemsPerPage: 1, nameChars: 1 });
    // The route is the hostile service's own, not an operation of the client: asked through the transport.
    const http = new HttpTransport({ baseUrl: service.url, token: 'stk_bounded_token_1234', retry: { maxAttempts: 1 } });
    const error = await rejection(http.request('GET', '/v1/error', { query: { bytes: 60 * MB, status: 500 } })).finally(() => http.close());
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 500);
    assert.ok(error.serviceMessage?.startsWith('xxxx') && error.serviceMessage.length <= 501, error.serviceMessage?.slice(0, 40));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // What the server could write before the hang-up: what the client read plus the sockets' buffers.
    assert.ok(service.served.errorBytes < 8 * MB, `the server wrote ${service.served.errorBytes} bytes`);
    assert.equal(DEFAULT_MAX_ERROR_BODY_BYTES, 64 * KB);
  });
});
