// Two bundle optimisations reach into private modules of their packages: undici's Pool, ProxyAgent and
// connect API by file path (the bundle then leaves undici's fetch and stream layers out), and zod's generated
// object parser ($ZodObjectJIT) for zod/mini's objects. Both packages are pinned to exact versions in
// package.json; this test fails loudly, naming what moved, when an update changes the shape relied on.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import * as core from 'zod/v4/core';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('private internals the bundle relies on', () => {
  it('pins undici and zod to exact versions', () => {
    for (const name of ['undici', 'zod']) assert.match(manifest.dependencies[name] ?? '', /^\d+\.\d+\.\d+$/, `${name} must be pinned exactly`);
  });

  it('undici: lib/dispatcher/pool and proxy-agent are dispatcher classes, lib/api/api-connect a function', () => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const Pool = require('undici/lib/dispatcher/pool') as new (origin: string) => { dispatch: unknown; close: () => Promise<void> };
    const ProxyAgent = require('undici/lib/dispatcher/proxy-agent') as new (options: { uri: string }) => { dispatch: unknown; close: () => Promise<void> };
    const connect = require('undici/lib/api/api-connect') as unknown;
    /* eslint-enable @typescript-eslint/no-require-imports */
    const pool = new Pool('http://127.0.0.1:9');
    const agent = new ProxyAgent({ uri: 'http://127.0.0.1:9' });
    assert.equal(typeof pool.dispatch, 'function', 'Pool#dispatch');
    assert.equal(typeof agent.dispatch, 'function', 'ProxyAgent#dispatch');
    assert.equal(typeof connect, 'function', 'api-connect exports the connect function');
    return Promise.all([pool.close(), agent.close()]);
  });

  it('zod: $ZodObjectJIT initialises a zod/mini object that parses, keeps unknown keys and reports paths', () => {
    assert.equal(typeof core.$ZodObjectJIT.init, 'function', '$ZodObjectJIT.init');
    assert.equal(typeof z.ZodMiniObject.init, 'function', 'ZodMiniObject.init');
    const Jit = core.$constructor('TestObjectJIT', (inst: z.ZodMiniObject, def: core.$ZodObjectDef) => {
      core.$ZodObjectJIT.init(inst, def);
      z.ZodMiniObject.init(inst, def);
    });
    const schema = new Jit({ type: 'object', shape: { id: z.int(), nested: z.object({ n: z.string() }) }, catchall: z.unknown() }) as z.ZodMiniObject;
    assert.deepEqual(schema.parse({ id: 1, nested: { n: 'x' }, extra: true }), { id: 1, nested: { n: 'x' }, extra: true });
    const failed = schema.safeParse({ id: 1, nested: { n: 2 } });
    assert.equal(failed.success, false);
    assert.deepEqual(failed.error?.issues[0]?.path, ['nested', 'n']);
  });
});
