// Known bugs found while testing the client against the emulator. Each failing test here stays until the bug is
// fixed in src/; the passing ones beside it guard the behaviour the fix must keep.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StackletClient } from '../../src/api/client';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { rejection } from './support/helpers';


describe('StackletClient: broken and unwrapped envelopes', function () {
  describe('envelope.readOne: an envelope key holding a non-object', () => {
    let emu: EmulatorHandle;
    let client: StackletClient;
    before(async () => {
      emu = await startEmulator({ port: 0, host: '127.0.0.1', faultRate: 1, faultKinds: ['wrong-shape'] });
      client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
    });
    after(async () => {
      await client.dispose();
      await emu.close();
    });

    // `{"stacklet": "unexpected"}` (the emulator's wrong-shape fault) must name the field that is wrong,
    // `stacklet`, not read the body as an unwrapped stacklet and blame `stacklet.id`.
    it('{"stacklet": "unexpected"} is reported at fieldPath "stacklet", not "stacklet.id"', async () => {
      const error = await rejection(client.getStacklet(1001));
      assert.equal(error.kind, 'invalid-response');
      assert.equal(error.fieldPath, 'stacklet');
    });

    it('(guard) a list key holding a string is already reported at the key', async () => {
      const error = await rejection(client.listStacklets());
      assert.equal(error.kind, 'invalid-response');
      assert.equal(error.fieldPath, 'stacklets');
    });
  });

  it('(guard for the fix) an unwrapped userdata script, whose own `userdata` field is text, is still read', async () => {
    const script = { uuid: 'u-1', name: 'unwrapped', userdata: '#!/bin/sh\ntrue\n', created_at: '2026-01-01T00:00:00.000000Z' };
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(script));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new StackletClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 'stk_tiny_token', retry: { maxAttempts: 1 } });
    try {
      const got = await client.getUserdata('u-1');
      assert.equal(got.name, 'unwrapped');
      assert.equal(got.userdata, script.userdata);
    } finally {
      await client.dispose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
