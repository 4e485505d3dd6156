// The npm package for agents outside the editor (packages/stacklet-mcp), as a user meets it: `npm pack` makes the
// tarball, which installs into an empty folder with no registry to reach (it has no runtime dependency), and
// `npx -y stacklet-mcp` serves over stdio to the MCP SDK's own client: initialize, the same tools as the in-repo
// `node dist/mcp.js` byte for byte, and a find against the emulator.
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { ELICITING_CLIENTS } from '../../src/mcp/server';
import { NPX, packAndInstallOffline } from '../harness/mcpPackage';

const execFileAsync = promisify(execFile);

describe('the npm package stacklet-mcp (npm pack → an offline install → npx -y stacklet-mcp)', function () {
  this.timeout(120_000);
  let emu: EmulatorHandle;
  let work: string;
  let tarball: string;
  let installed: string;
  const clients: Client[] = [];
  /** No registry can be reached (a closed port) and the cache is empty: whatever installs comes from the tarball. */
  let offline: Record<string, string>;

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'stacklet-mcp-package-'));
    ({ tarball, folder: installed, offline } = packAndInstallOffline(work));
    execFileSync(process.execPath, ['esbuild.mjs', '--quiet']);
    emu = await startEmulator({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await emu?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** A client that can ask (so the write tools are listed too), of a server started by `command args`. */
  async function connect(command: string, args: string[], cwd: string): Promise<Client> {
    const transport = new StdioClientTransport({
      command, args, cwd, stderr: 'pipe',
      env: { ...offline, STACKLET_API_URL: emu.url, STACKLET_TOKEN: emu.demoToken, STACKLET_EMULATOR: '1' },
    });
    const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  it('packs its two commands, the chunk they share, the notices, the licence and the README, and declares no runtime dependency', () => {
    const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    const chunks = listed.filter((file) => file.startsWith('package/dist/chunks/'));
    assert.ok(chunks.length > 0 && chunks.every((file) => file.endsWith('.mjs')), `chunks: ${chunks.join(', ')}`);
    assert.deepEqual(listed.filter((file) => !chunks.includes(file)), ['package/LICENSE', 'package/README.md', 'package/dist/ThirdPartyNotices.txt', 'package/dist/l10n/bundle.l10n.de.json', 'package/dist/stacklet-mcp.mjs', 'package/dist/stacklet.mjs', 'package/package.json']);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'node_modules/stacklet-mcp/package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies']) assert.equal(manifest[field], undefined, field);
    assert.deepEqual(manifest['bin'], { 'stacklet-mcp': 'dist/stacklet-mcp.mjs', stacklet: 'dist/stacklet.mjs' });
    assert.match(String((manifest['engines'] as { node: string }).node), /^>=20\./);
    for (const bin of ['stacklet-mcp', 'stacklet']) {
      assert.ok(fs.readFileSync(path.join(installed, `node_modules/stacklet-mcp/dist/${bin}.mjs`), 'utf8').startsWith('#!/usr/bin/env node\n'), bin);
    }
    const notices = fs.readFileSync(path.join(installed, 'node_modules/stacklet-mcp/dist/ThirdPartyNotices.txt'), 'utf8');
    for (const name of ['@modelcontextprotocol/sdk', 'undici', 'zod']) assert.ok(notices.includes(`\n${name} `), name);
  });

  it('its stacklet command exports the account and plans the export against the emulator: no changes', async () => {
    // Not execFileSync: the emulator answers from this process.
    const stacklet = (...args: string[]) => execFileAsync(path.join(installed, 'node_modules/.bin/stacklet'), args, { env: { ...offline, STACKLET_API_URL: emu.url, STACKLET_TOKEN: emu.demoToken }, encoding: 'utf8' });
    const document = path.join(work, 'account.json');
    fs.writeFileSync(document, (await stacklet('export')).stdout);
    assert.match((await stacklet('plan', document)).stdout, /^No changes: demo@stacklet\.example matches /);
  });

  it('README: the one line, the configurations, the guard rails and the options, with no token in any configuration', () => {
    const readme = fs.readFileSync(path.join(installed, 'node_modules/stacklet-mcp/README.md'), 'utf8');
    assert.match(readme, /claude mcp add stacklet .*-- npx -y stacklet-mcp/);
    for (const client of ['Claude Desktop', 'Cursor', 'Windsurf', 'mcp.json']) assert.ok(readme.includes(client), client);
    for (const variable of ['STACKLET_TOKEN_FILE', 'STACKLET_TOKEN_COMMAND', '${input:stacklet-token}']) assert.ok(readme.includes(variable), variable);
    for (const option of ['--access', '--protected-tags', '--monthly-limit', '--fresh-seconds']) assert.ok(readme.includes(option), option);
    assert.ok(readme.replace(/\s+/g, ' ').includes(ELICITING_CLIENTS), 'which clients can confirm a write');
    // A configuration holds where the token is, never a token: no STACKLET_TOKEN given a literal value.
    assert.equal(/"STACKLET_TOKEN"\s*:\s*"(?!\$\{)/.test(readme), false);
    assert.ok(readme.split(/\s+/).length < 900, 'short: the details are in the repository');
  });

  it('npx -y stacklet-mcp prints its usage under its own name', () => {
    const usage = execFileSync(NPX, ['-y', '--offline', 'stacklet-mcp', '--help'], { cwd: installed, env: offline, encoding: 'utf8' });
    assert.match(usage, /^Usage: stacklet-mcp \[--access off\|read\|ask\]/);
    assert.ok(usage.replace(/\s+/g, ' ').includes(ELICITING_CLIENTS));
  });

  it('speaks the language LANG asks for, from the translations it carries: both commands, German', () => {
    const german: Record<string, string> = { ...offline, LANG: 'de_DE.UTF-8' };
    for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANGUAGE']) delete german[name];
    const usage = execFileSync(NPX, ['-y', '--offline', 'stacklet-mcp', '--help'], { cwd: installed, env: german, encoding: 'utf8' });
    assert.match(usage, /^Aufruf: stacklet-mcp \[--access off\|read\|ask\]/);
    assert.match(usage, /Umgebung:/);
    const cli = execFileSync(process.execPath, [path.join(installed, 'node_modules/stacklet-mcp/dist/stacklet.mjs'), '--help'], { env: german, encoding: 'utf8' });
    assert.match(cli, /^Aufruf:\n {2}stacklet export/);
    // Only the words its own sources say: the editor's are left out of the tarball.
    const carried = JSON.parse(fs.readFileSync(path.join(installed, 'node_modules/stacklet-mcp/dist/l10n/bundle.l10n.de.json'), 'utf8')) as Record<string, string>;
    const all = JSON.parse(fs.readFileSync('l10n/bundle.l10n.de.json', 'utf8')) as Record<string, string>;
    assert.ok(Object.keys(carried).length > 50 && Object.keys(carried).length < Object.keys(all).length, `${Object.keys(carried).length} of ${Object.keys(all).length}`);
    assert.equal(carried['Usage:'], all['Usage:']);
  });

  it('initializes over stdio, lists the same tools as node dist/mcp.js byte for byte, and finds web-1 on the emulator', async () => {
    const packaged = await connect(NPX, ['-y', '--offline', 'stacklet-mcp', '--access', 'ask'], installed);
    assert.equal(packaged.getServerVersion()?.name, 'stacklet-cloud');
    const inRepo = await connect(process.execPath, ['dist/mcp.js', '--access', 'ask'], process.cwd());
    const [ours, theirs] = await Promise.all([packaged.listTools(), inRepo.listTools()]);
    assert.ok(ours.tools.length >= 18, `${ours.tools.length} tools`);
    assert.equal(JSON.stringify(ours), JSON.stringify(theirs));
    assert.equal(packaged.getInstructions(), inRepo.getInstructions());
    const found = await packaged.callTool({ name: 'stacklet_find', arguments: { query: 'web-1', kind: 'stacklet' } });
    assert.equal(found.isError, undefined);
    const envelope = found.structuredContent as { source: string; data: { items: { name: string }[] } };
    assert.equal(envelope.source, 'emulator');
    assert.equal(envelope.data.items[0]!.name, 'web-1');
  });
});
