// The command line (`node dist/cli.js`, the npm package's `stacklet`) against the emulator over HTTP, as a terminal
// and a pull request's check run it: export prints the account as a document; plan exits 0 for no changes, 2 for
// changes and 1 for a document with problems (each "file:line: message"); apply applies exactly a saved plan with
// --yes, refuses one the account moved away from, and a deletion without --allow-delete; the token never shows.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'jsonc-parser';
import { StackletClient } from '../../src/api/client';
import { createAuthority, issueCertificate } from '../../src/emulator/certificates';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { hasUnsafe } from '../../src/model/serviceText';

describe('stacklet (node dist/cli.js) ⇄ emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHandle;
  let dir: string;

  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', taskMs: 30 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacklet-cli-'));
  });
  after(async () => {
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // A process of its own, waited for without blocking: the emulator answers it from this one.
  const cliWith = (env: Record<string, string>, ...args: string[]) => new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...args], { env: { PATH: process.env['PATH'] ?? '', STACKLET_API_URL: emu.url, STACKLET_TOKEN: emu.demoToken, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      assert.ok(!out.includes(emu.demoToken) && !err.includes(emu.demoToken), 'the token never shows');
      resolve({ code, out, err });
    });
  });
  const cli = (...args: string[]) => cliWith({}, ...args);
  const file = (name: string) => path.join(dir, name);

  // The build leaves undici's HTTP/2 out (esbuild.mjs): a TLS connection still works, and speaks HTTP/1.1.
  it('exports over HTTPS from the bundle, its certificate trusted through NODE_EXTRA_CA_CERTS', async () => {
    const authority = createAuthority('CLI Test CA');
    const secure = await startEmulator({ port: 0, host: '127.0.0.1', tls: issueCertificate(authority, { names: ['127.0.0.1'] }) });
    try {
      fs.writeFileSync(file('ca.pem'), authority.cert);
      const exported = await cliWith({ STACKLET_API_URL: secure.url, NODE_EXTRA_CA_CERTS: file('ca.pem') }, 'export');
      assert.equal(exported.code, 0, exported.err);
      assert.match(exported.out, /^\/\/ Stacklet Cloud account demo@stacklet\.example as read at\s/);
      assert.match(secure.url, /^https:/);
    } finally {
      await secure.close();
    }
  });

  it('exports, and plans its export as no changes (exit 0)', async () => {
    const exported = await cli('export');
    assert.equal(exported.code, 0, exported.err);
    assert.match(exported.out, /^\/\/ Stacklet Cloud account demo@stacklet\.example as read at\s/);
    fs.writeFileSync(file('stacklet.jsonc'), exported.out);
    const planned = await cli('plan', file('stacklet.jsonc'));
    assert.equal(planned.code, 0, planned.err);
    assert.match(planned.out, /^No changes: demo@stacklet\.example matches /);
  });

  it('plans a change (exit 2), applies exactly the saved plan with --yes, then plans no changes', async () => {
    const doc = parse(fs.readFileSync(file('stacklet.jsonc'), 'utf8')) as { tags: { name: string }[] };
    doc.tags.push({ name: 'from-ci' });
    fs.writeFileSync(file('changed.stacklet.jsonc'), JSON.stringify(doc, null, 2));
    const planned = await cli('plan', file('changed.stacklet.jsonc'), '--out', file('plan.json'));
    assert.equal(planned.code, 2, planned.err);
    assert.match(planned.out, /1\. create tag from-ci/);
    const asked = await cli('apply', file('plan.json'));
    assert.equal(asked.code, 1, 'no terminal to ask on, and no --yes');
    assert.match(asked.err, /pass --yes/);
    const applied = await cli('apply', file('plan.json'), '--yes');
    assert.equal(applied.code, 0, applied.err);
    assert.match(applied.out, /Applied 1 of 1 step\./);
    assert.equal((await cli('plan', file('changed.stacklet.jsonc'))).code, 0);
  });

  it('refuses a saved plan the account moved away from, and a deletion without --allow-delete', async () => {
    const doc = parse(fs.readFileSync(file('changed.stacklet.jsonc'), 'utf8')) as { tags: { name: string }[]; prune?: boolean };
    doc.tags = doc.tags.filter((tag) => tag.name !== 'from-ci');
    doc.prune = true;
    fs.writeFileSync(file('prune.stacklet.jsonc'), JSON.stringify(doc, null, 2));
    assert.equal((await cli('plan', file('prune.stacklet.jsonc'), '--out', file('prune.json'))).code, 2);
    const refused = await cli('apply', file('prune.json'), '--yes');
    assert.equal(refused.code, 1);
    assert.match(refused.err, /--allow-delete/);
    const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
    await client.createTag({ name: 'moved-meanwhile' });
    await client.dispose();
    const stale = await cli('apply', file('prune.json'), '--yes', '--allow-delete');
    assert.equal(stale.code, 1);
    assert.match(stale.err, /The account changed since the plan was made: nothing was applied/);
  });

  it('speaks the language the environment asks for, its own words and the core\'s, from the bundle beside it', async () => {
    const help = await cliWith({ LANG: 'de_DE.UTF-8' }, '--help');
    assert.equal(help.code, 0, help.err);
    assert.match(help.out, /^Aufruf:\n {2}stacklet export/);
    const planned = await cliWith({ LANG: 'de_DE.UTF-8' }, 'plan', file('stacklet.jsonc'));
    assert.match(planned.out, /^Keine Änderungen: demo@stacklet\.example entspricht /);
    const exported = await cliWith({ LANGUAGE: 'de:en', LANG: 'de_AT.UTF-8' }, 'export');
    assert.match(exported.out, /^\/\/ Stacklet-Cloud-Konto demo@stacklet\.example, gelesen um\s/, 'the core\'s words (the export\'s header)');
    // C asks for no language, whatever LANGUAGE says; STACKLET_LOCALE (the editor's, for the server it registers) wins.
    assert.match((await cliWith({ LANGUAGE: 'de', LC_ALL: 'C' }, '--help')).out, /^Usage:/);
    assert.match((await cliWith({ STACKLET_LOCALE: 'de', LANG: 'en_US.UTF-8' }, '--help')).out, /^Aufruf:/);
    assert.match((await cliWith({ LANG: 'fr_FR.UTF-8' }, '--help')).out, /^Usage:/, 'English where there is no bundle');
  });

  it('exits 1 for a document with problems, each as file:line: message', async () => {
    const text = fs.readFileSync(file('stacklet.jsonc'), 'utf8').replace('"region": "sgp"', '"region": "nowhere"');
    fs.writeFileSync(file('bad.stacklet.jsonc'), text);
    const planned = await cli('plan', file('bad.stacklet.jsonc'));
    assert.equal(planned.code, 1);
    const line = text.slice(0, text.indexOf('"region": "nowhere"')).split('\n').length;
    assert.match(planned.out, new RegExp(`bad\\.stacklet\\.jsonc:${line}: `));
    assert.equal((await cli('frobnicate')).code, 1);
  });

  // A co-tenant may name a volume with a C1 control (U+009B is CSI to a terminal that reads 8-bit controls) and a
  // bidi override, which the API allows; a compromised service may send an e-mail with ESC in it.
  it('writes no control or bidi character to the terminal, and the export still reads back the exact names', async () => {
    const token = 'stk_cli_hostile_0001';
    const email = 'ops\u001b]8;;https://evil.example\u0007@corp.example';
    emu.addAccount(token, { email, seed: 'demo' });
    const client = new StackletClient({ baseUrl: emu.url, token });
    const volume = (await client.listVolumes()).items[0]!;
    const name = 'data\u009b2J\u202eevil\u{e0041}';
    await client.renameVolume(volume.id, name);
    await client.dispose();
    const clean = (text: string) => !hasUnsafe(text.replace(/\n/g, ''));

    const exported = await cliWith({ STACKLET_TOKEN: token }, 'export');
    assert.equal(exported.code, 0, exported.err);
    assert.ok(clean(exported.out), 'the export as the terminal shows it');
    assert.match(exported.out, /ops\\u001B\]8;;https:\/\/evil\.example\\u0007@corp\.example/, 'the e-mail in the header, escaped');
    const doc = parse(exported.out) as { volumes: { name: string }[]; tags: { name: string }[] };
    assert.ok(doc.volumes.some((entry) => entry.name === name), 'the JSON escapes read back as the very name');

    doc.volumes = doc.volumes.filter((entry) => entry.name !== name);
    doc.tags.push({ name: 'hostile-test' });
    fs.writeFileSync(file('hostile.stacklet.jsonc'), JSON.stringify(doc, null, 2));
    const planned = await cliWith({ STACKLET_TOKEN: token }, 'plan', file('hostile.stacklet.jsonc'));
    assert.equal(planned.code, 2, planned.err);
    assert.ok(clean(planned.out) && clean(planned.err), 'the plan as the terminal shows it');
    assert.ok(planned.out.includes('data\\u009B2J\\u202Eevil\\u{E0041}'), `the name left alone, escaped: ${planned.out}`);
    const json = await cliWith({ STACKLET_TOKEN: token }, 'plan', file('hostile.stacklet.jsonc'), '--json');
    assert.ok(clean(json.out), 'the plan as JSON');
    assert.ok((JSON.parse(json.out) as { leftAlone: { name: string }[] }).leftAlone.some((item) => item.name === name));
  });
});
