// Enterprise networks inside the real extension host (code-server, a remote workspace host): where the
// extension runs; signing in and Stacklet: Test Connection through a real forward proxy (VS Code's http.proxy
// setting, then http.proxyAuthorization after a 407) to an emulator named api.stacklet.test, a name only that
// proxy resolves: the bundle's own proxy code, end to end.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import type { StackletExtensionApi } from '../../src/extension';
import { PROXY_ONLY_HOST, startForwardProxy, unknownHereOnly, type ForwardProxy } from '../unit/forwardProxy';
import { EXTENSION_ID, extensionApi, signOutAll } from './emulatorAccess';
import { recordShownMessages, type Shown } from './shownMessages';

describe('Network: where the extension runs, proxies and Test Connection', function () {
  this.timeout(60_000);
  let a: StackletExtensionApi;
  let emu: EmulatorHandle;
  let open: ForwardProxy;
  let guarded: ForwardProxy;
  let restoreLookup: () => void;
  let shown: Shown[] = [];
  let restoreWindow: (() => void) | undefined;
  const CREDENTIALS = 'carol:proxy-pass-7';
  const http = () => vscode.workspace.getConfiguration('http');
  const stacklet = () => vscode.workspace.getConfiguration('stacklet');

  /** Sets a user setting and waits until the extension host has it. */
  async function set(section: 'http' | 'stacklet', key: string, value: unknown): Promise<void> {
    const changed = new Promise<void>((resolve) => {
      const subscription = vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${section}.${key}`)) {
          subscription.dispose();
          resolve();
        }
      });
    });
    await vscode.workspace.getConfiguration(section).update(key, value, vscode.ConfigurationTarget.Global);
    await changed;
  }

  before(async () => {
    a = await extensionApi();
    await signOutAll(a);
    // The extension host never resolves the proxy-only name itself: it goes through the proxy or not at all.
    restoreLookup = unknownHereOnly();
    emu = await startEmulator({ port: 0, allowedHosts: [PROXY_ONLY_HOST] });
    [open, guarded] = await Promise.all([startForwardProxy(), startForwardProxy({ credentials: CREDENTIALS })]);
    ({ shown, restore: restoreWindow } = recordShownMessages());
  });

  after(async () => {
    restoreWindow?.();
    await signOutAll(a);
    for (const key of ['proxy', 'proxyAuthorization']) await http().update(key, undefined, vscode.ConfigurationTarget.Global);
    await stacklet().update('allowInsecureHttp', undefined, vscode.ConfigurationTarget.Global);
    await Promise.all([open?.close(), guarded?.close(), emu?.close()]);
    restoreLookup?.();
  });

  it('runs in the workspace extension host: code-server is a remote host and its browser has no Node host', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.deepEqual((extension.packageJSON as { extensionKind?: string[] }).extensionKind, ['ui', 'workspace']);
    assert.equal(extension.extensionKind, vscode.ExtensionKind.Workspace);
    assert.equal(vscode.env.uiKind, vscode.UIKind.Web);
    assert.equal(typeof process.versions.node, 'string', 'a Node extension host, on the server');
  });

  it('signs in and tests the connection through http.proxy, over tunnels only', async () => {
    await set('http', 'proxy', open.url);
    // The name is not loopback: plain HTTP to it needs the user's consent, given here.
    await set('stacklet', 'allowInsecureHttp', true);
    const apiUrl = `http://${PROXY_ONLY_HOST}:${emu.port}`;
    assert.equal(await vscode.commands.executeCommand('stacklet.signIn', { apiUrl, token: emu.demoToken }), true);
    shown.length = 0;
    assert.equal(await vscode.commands.executeCommand('stacklet.testConnection'), true);
    const info = shown.find((s) => s.level === 'info')?.message ?? '';
    assert.equal(info, `The connection to ${apiUrl} works (through the proxy ${open.url} (from http.proxy)), signed in as demo@stacklet.example.`);
    const stats = await open.stats();
    assert.ok(stats.tunnels >= 3, `${stats.tunnels} tunnels: sign-in, the check's own, its client`);
    assert.equal(stats.connects, stats.tunnels);
    assert.equal(stats.plainRequests, 0, 'no request in clear to the proxy, though the API is plain HTTP');
    assert.equal(stats.withAuthorization, 0, 'the token never reached the proxy');
    assert.ok(emu.stats().requests.some((r) => r.path === '/v1/account/profile' && r.status === 200));
  });

  it('names the proxy step when the proxy asks for authentication, and passes once http.proxyAuthorization is set', async () => {
    await set('http', 'proxy', guarded.url);
    shown.length = 0;
    assert.equal(await vscode.commands.executeCommand('stacklet.testConnection'), false);
    assert.deepEqual(shown.map((s) => [s.level, s.message]), [
      ['error', `Test Connection: the Proxy step failed: The proxy ${guarded.url} asks for authentication (HTTP 407): set the http.proxyAuthorization setting, or a user name and password in the proxy URL.`],
    ]);
    await set('http', 'proxyAuthorization', `Basic ${Buffer.from(CREDENTIALS).toString('base64')}`);
    shown.length = 0;
    assert.equal(await vscode.commands.executeCommand('stacklet.testConnection'), true);
    assert.match(shown[0]?.message ?? '', /works \(through the proxy .*\), signed in as demo@stacklet\.example\.$/);
    // The views read through the new settings too: the session reconnected when they changed.
    const store = await a.session.store();
    assert.equal(store.client.http.route.kind === 'proxy' && store.client.http.route.display, guarded.url);
    assert.ok((await store.get('stacklets')).items.length > 0);
    const stats = await guarded.stats();
    assert.equal(stats.refused, 1);
    assert.ok(stats.tunnels >= 2);
  });
});
