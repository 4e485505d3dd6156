// The MCP server registered with an editor that takes extensions' servers (src/mcp/editorServer.ts), against a
// stand-in of Cursor's documented API (`vscode.cursor.mcp.registerServer` / `unregisterServer`, synchronous, a
// stdio server by name): registered for the signed-in account with the person's limits as options, registered
// again when either changes, removed at sign-out and deactivation; the token only in the environment. The
// registered command is then started as the editor would start it, and answers a find on the emulator.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEFAULT_MONTHLY_LIMIT, DEFAULT_PROTECTED_TAGS, type AgentLimits } from '../../src/agent/guards';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { EDITOR_SERVER_NAME, editorMcpApi, editorServerConfig, EditorServerRegistration, type EditorMcpApi, type EditorServerConfig, type ServedAccount } from '../../src/mcp/editorServer';

/** Cursor's API as its documentation gives it, recording each call. */
function standIn(): EditorMcpApi & { calls: (['register', EditorServerConfig] | ['unregister', string])[] } {
  const calls: (['register', EditorServerConfig] | ['unregister', string])[] = [];
  return {
    calls,
    registerServer: (config) => void calls.push(['register', structuredClone(config)]),
    unregisterServer: (name) => void calls.push(['unregister', name]),
  };
}

const TOKEN = 'stk_live_0123456789abcdef';
const RUNTIME = { nodePath: process.execPath, script: path.resolve('dist/mcp.js') };
const ASK: AgentLimits = { access: 'ask', protectedTags: DEFAULT_PROTECTED_TAGS, monthlyLimit: DEFAULT_MONTHLY_LIMIT };

describe('the MCP server registered with an editor that takes extensions\' servers (Cursor)', function () {
  this.timeout(60_000);

  it('finds the API only where the editor has it: Cursor\'s two functions, not VS Code\'s namespace', () => {
    const api = standIn();
    assert.equal(editorMcpApi({ cursor: { mcp: api } }), api);
    assert.equal(editorMcpApi({ lm: {}, window: {} }), undefined);
    assert.equal(editorMcpApi({ cursor: { mcp: { registerServer: () => undefined } } }), undefined);
    assert.equal(editorMcpApi({ cursor: {} }), undefined);
    assert.equal(editorMcpApi(undefined), undefined);
  });

  it('starts dist/mcp.js with the person\'s limits as options, the account and token in the environment only', () => {
    const config = editorServerConfig({ apiUrl: 'https://api.stacklet.example', token: TOKEN, isEmulator: false }, { access: 'read', protectedTags: ['prod', 'keep'], monthlyLimit: 12.5 }, RUNTIME, true);
    assert.equal(config.name, EDITOR_SERVER_NAME);
    assert.equal(config.server.command, process.execPath);
    assert.deepEqual(config.server.args, [RUNTIME.script, '--access', 'read', '--protected-tags=prod,keep', '--monthly-limit', '12.5']);
    assert.deepEqual(config.server.env, { ELECTRON_RUN_AS_NODE: '1', STACKLET_API_URL: 'https://api.stacklet.example', STACKLET_TOKEN: TOKEN });
    assert.equal(config.server.args.some((arg) => arg.includes(TOKEN.slice(0, 8))), false);
    // No tag protected is said as an empty list, which the server takes as none (not as its default).
    assert.ok(editorServerConfig({ apiUrl: 'http://127.0.0.1:1', token: TOKEN, isEmulator: true }, { ...ASK, protectedTags: [] }, RUNTIME, true).server.args.includes('--protected-tags='));
    assert.equal(editorServerConfig({ apiUrl: 'http://127.0.0.1:1', token: TOKEN, isEmulator: true }, ASK, RUNTIME, true).server.env['STACKLET_EMULATOR'], '1');
    // The editor's display language, for the server's words and confirmations (src/model/processLocale.ts).
    assert.equal(editorServerConfig({ apiUrl: 'http://127.0.0.1:1', token: TOKEN, isEmulator: true }, ASK, { ...RUNTIME, language: 'de' }, true).server.env['STACKLET_LOCALE'], 'de');
  });

  it('starts it with --restricted for a window in Restricted Mode, where an account document is not applied', () => {
    const account = { apiUrl: 'https://api.stacklet.example', token: TOKEN, isEmulator: false };
    assert.equal(editorServerConfig(account, ASK, RUNTIME, false).server.args.at(-1), '--restricted');
    assert.equal(editorServerConfig(account, ASK, RUNTIME, true).server.args.includes('--restricted'), false);
  });

  it('registers at sign-in, again when the limits or the account change, not for nothing new, and removes it at sign-out and when disposed', async () => {
    const api = standIn();
    let account: ServedAccount | undefined;
    let limits = ASK;
    const errors: unknown[] = [];
    const registration = new EditorServerRegistration(api, async () => (account && limits.access !== 'off' ? editorServerConfig(account, limits, RUNTIME, true) : undefined), (error) => errors.push(error));

    await registration.update();
    assert.equal(api.calls.length, 0, 'signed out: nothing registered');

    account = { apiUrl: 'https://api.stacklet.example', token: TOKEN, isEmulator: false };
    await registration.update();
    assert.deepEqual(api.calls.map(([call]) => call), ['register']);
    await registration.update();
    assert.equal(api.calls.length, 1, 'the same server is not registered again');

    limits = { ...ASK, monthlyLimit: 20 };
    await registration.update();
    assert.deepEqual(api.calls.slice(1).map(([call, arg]) => [call, call === 'unregister' ? arg : (arg as EditorServerConfig).server.args.at(-1)]), [['unregister', EDITOR_SERVER_NAME], ['register', '20']]);

    account = { apiUrl: 'https://other.stacklet.example', token: 'stk_live_other', isEmulator: false };
    await registration.update();
    const last = api.calls.at(-1)!;
    assert.equal(last[0], 'register');
    assert.equal((last[1] as EditorServerConfig).server.env['STACKLET_API_URL'], 'https://other.stacklet.example');

    limits = { ...ASK, access: 'off' };
    await registration.update();
    assert.deepEqual(api.calls.at(-1), ['unregister', EDITOR_SERVER_NAME], 'access off: no server, not a server of no tools');
    limits = ASK;
    await registration.update();
    assert.equal(api.calls.at(-1)![0], 'register');

    account = undefined;
    await registration.update();
    assert.deepEqual(api.calls.at(-1), ['unregister', EDITOR_SERVER_NAME], 'signed out: removed');
    const count = api.calls.length;
    registration.dispose();
    assert.equal(api.calls.length, count, 'nothing registered: nothing to remove');

    const again = new EditorServerRegistration(api, async () => editorServerConfig({ apiUrl: 'https://api.stacklet.example', token: TOKEN, isEmulator: false }, ASK, RUNTIME, true), (error) => errors.push(error));
    await again.update();
    const pending = again.update();
    again.dispose();
    await pending;
    assert.deepEqual(api.calls.slice(count).map(([call]) => call), ['register', 'unregister'], 'disposed: removed, and an update still on its way registers nothing');
    assert.deepEqual(errors, []);
  });

  it('says a failure to read the account once and keeps going', async () => {
    const api = standIn();
    const errors: unknown[] = [];
    let fail = true;
    const registration = new EditorServerRegistration(api, async () => {
      if (fail) throw new Error('the emulator could not start');
      return editorServerConfig({ apiUrl: 'https://api.stacklet.example', token: TOKEN, isEmulator: false }, ASK, RUNTIME, true);
    }, (error) => errors.push(error));
    await registration.update();
    assert.equal(errors.length, 1);
    assert.equal(api.calls.length, 0);
    fail = false;
    await registration.update();
    assert.equal(api.calls[0]![0], 'register');
  });

  describe('the registered server, started as the editor starts it', () => {
    let emu: EmulatorHandle;
    before(async () => {
      execFileSync(process.execPath, ['esbuild.mjs', '--quiet']);
      emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    });
    after(async () => emu.close());

    it('answers a find on the account it was registered for, with the limits it was given', async () => {
      const api = standIn();
      const registration = new EditorServerRegistration(api, async () => editorServerConfig({ apiUrl: emu.url, token: emu.demoToken, isEmulator: true }, { ...ASK, access: 'read' }, RUNTIME, true), () => undefined);
      await registration.update();
      const [, config] = api.calls[0] as ['register', EditorServerConfig];
      const client = new Client({ name: 'editor', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: config.server.command, args: config.server.args, env: { PATH: process.env['PATH'] ?? '', ...config.server.env }, stderr: 'pipe' }));
      try {
        const { tools } = await client.listTools();
        assert.equal(tools.some((tool) => tool.name.startsWith('stacklet_manage_')), false, '--access read: no write tool');
        const found = await client.callTool({ name: 'stacklet_find', arguments: { query: 'web-1', kind: 'stacklet' } });
        const envelope = found.structuredContent as { source: string; data: { items: { name: string }[] } };
        assert.equal(envelope.source, 'emulator');
        assert.equal(envelope.data.items[0]!.name, 'web-1');
      } finally {
        await client.close();
        registration.dispose();
      }
    });
  });
});
