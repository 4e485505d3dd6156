// Enterprise networks inside the real extension host (code-server, a remote workspace host): where the
// extension runs; signing in and Stacklet: Test Connection through a real forward proxy (VS Code's http.proxy
// setting, then http.proxyAuthorization after a 407) to an emulator named api.stacklet.test, a name only that
// proxy resolves: the bundle's own proxy code, end to end. Then Open in Remote Window: the SSH config it writes
// (into the file the harness gives Remote-SSH's own setting) and the address it opens.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { addressOf, type ResourceRef } from '../../src/kinds/registry';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import type { StackletExtensionApi } from '../../src/extension';
import { PROXY_ONLY_HOST, startForwardProxy, unknownHereOnly, type ForwardProxy } from '../unit/support/forwardProxy';
import { EXTENSION_ID, extensionApi, signOutAll, signInByCommand } from './emulatorAccess';
import { STACKLET_COMMENT } from '../../src/remote/sshConfig';
import type { PickItem } from '../../src/ui/prompter';
import { ScriptedPrompter, type Answer, type Asked } from './scriptedPrompter';
import { recordShownMessages, type Shown } from './shownMessages';
import { testEmulator } from './testEnvironment';

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
    assert.equal(await signInByCommand(a, apiUrl, emu.demoToken, { confirmPlainHttp: true }), true);
    shown.length = 0;
    assert.equal(await vscode.commands.executeCommand('stacklet.testConnection'), true);
    const info = shown.find((s) => s.level === 'info')?.message ?? '';
    assert.equal(info, `The connection to ${apiUrl} works, through the proxy ${open.url} (from http.proxy); signed in as demo@stacklet.example.`);
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
    const refusal = `The proxy ${guarded.url} asks for authentication (HTTP 407): set the http.proxyAuthorization setting, or a user name and password in the proxy URL.`;
    // A visible view that reloaded when the proxy setting changed meets the same refusal, in the same words.
    const [tested, viewed] = [shown.filter((s) => s.message.startsWith('Test Connection')), shown.filter((s) => !s.message.startsWith('Test Connection'))];
    assert.deepEqual(tested.map((s) => [s.level, s.message]), [['error', `Test Connection: the Proxy step failed: ${refusal}`]]);
    for (const s of viewed) assert.match(s.message, new RegExp(`^Loading \\w+ failed: ${refusal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await set('http', 'proxyAuthorization', `Basic ${Buffer.from(CREDENTIALS).toString('base64')}`);
    shown.length = 0;
    assert.equal(await vscode.commands.executeCommand('stacklet.testConnection'), true);
    assert.match(shown.find((s) => s.level === 'info')?.message ?? '', /works, through the proxy .* \(from http\.proxy\); signed in as demo@stacklet\.example\.$/);
    // The views read through the new settings too: the session reconnected when they changed.
    const { client, store } = await a.session.current();
    assert.equal(client.route.kind === 'proxy' && client.route.display, guarded.url);
    // Refusals so far came before the credentials (Test Connection's, and any view that loaded meanwhile).
    const refused = (await guarded.stats()).refused;
    assert.ok(refused >= 1, 'the proxy refused the tunnel without credentials');
    store.invalidate('stacklet');
    assert.ok((await store.get('stacklet')).items.length > 0);
    assert.equal(await vscode.commands.executeCommand('stacklet.testConnection'), true);
    const stats = await guarded.stats();
    assert.equal(stats.refused, refused, 'with the credentials, no tunnel is refused');
    assert.ok(stats.tunnels >= 2);
  });
});

describe('Network: Open in Remote Window', function () {
  this.timeout(60_000);
  let a: StackletExtensionApi;
  const prompter = new ScriptedPrompter();
  let restorePrompter: (() => void) | undefined;
  let shown: Shown[] = [];
  let restoreWindow: (() => void) | undefined;
  const configFile = vscode.workspace.getConfiguration('remote.SSH').get<string>('configFile');
  const opened: unknown[][] = [];
  const restores: (() => void)[] = [];

  /** Pretends a Remote-SSH extension is installed, and records what is opened instead of opening it. */
  function fakeRemoteSsh(installed: boolean): void {
    const extensions = vscode.extensions as unknown as { getExtension: (id: string) => unknown };
    const getExtension = extensions.getExtension;
    extensions.getExtension = (id: string) => (installed && id === 'jeanp413.open-remote-ssh' ? { id, isActive: false } : getExtension.call(vscode.extensions, id));
    const commands = vscode.commands as unknown as { executeCommand: (id: string, ...args: unknown[]) => Thenable<unknown> };
    const executeCommand = commands.executeCommand;
    commands.executeCommand = (id: string, ...args: unknown[]) => {
      if (id === 'vscode.openFolder') {
        opened.push(args);
        return Promise.resolve();
      }
      return executeCommand.call(vscode.commands, id, ...args);
    };
    restores.push(() => {
      extensions.getExtension = getExtension;
      commands.executeCommand = executeCommand;
    });
  }

  async function run(...answers: Answer[]): Promise<Asked[]> {
    prompter.script(...answers);
    shown.length = 0;
    await vscode.commands.executeCommand('stacklet.openInRemoteWindow');
    assert.deepEqual(prompter.problems, []);
    assert.equal(prompter.remaining, 0);
    return [...prompter.asked];
  }

  before(async function () {
    // Never the machine's own ~/.ssh/config: the harness points Remote-SSH's setting into its run folder.
    if (!configFile) this.skip();
    a = await extensionApi();
    await signOutAll(a);
    const { apiUrl, token } = testEmulator();
    assert.equal(await signInByCommand(a, apiUrl, token), true);
    restorePrompter = a.setPrompter(prompter);
    ({ shown, restore: restoreWindow } = recordShownMessages());
  });

  afterEach(() => {
    restores.splice(0).forEach((restore) => restore());
    opened.length = 0;
  });

  after(async () => {
    restorePrompter?.();
    restoreWindow?.();
    if (a) await signOutAll(a);
  });

  const webOne = { pick: (item: PickItem<unknown>) => (item.value as { name?: string }).name === 'web-1' };

  it('shows the exact lines, writes them before the first Host (keeping the rest), then opens vscode-remote://ssh-remote+<host>/', async () => {
    fakeRemoteSsh(true);
    const before = '# mine\nServerAliveInterval 30\n\nHost *\n    User nobody\n';
    fs.mkdirSync(path.dirname(configFile!), { recursive: true });
    fs.writeFileSync(configFile!, before);
    const asked = await run(webOne, { pick: 'No identity file' }, { confirm: true });
    const confirm = asked.find((q) => q.kind === 'confirm')!;
    assert.equal(confirm.message, `Write this entry to ${configFile}?`);
    const ip = addressOf(asked[0]!.items!.find((item) => (item.value as { name?: string }).name === 'web-1')!.value as ResourceRef)!;
    assert.match(ip, /^\d+\.\d+\.\d+\.\d+$/);
    const lines = [STACKLET_COMMENT, 'Host stacklet-web-1', `    HostName ${ip}`, '    User root'];
    assert.equal(confirm.detail, lines.join('\n'));
    assert.equal(fs.readFileSync(configFile!, 'utf8'), `# mine\nServerAliveInterval 30\n\n${lines.join('\n')}\n\nHost *\n    User nobody\n`);
    assert.deepEqual(opened.map(([uri, options]) => [(uri as vscode.Uri).toString(true), options]), [['vscode-remote://ssh-remote+stacklet-web-1/', { forceNewWindow: true }]]);
    assert.equal((opened[0]![0] as vscode.Uri).authority, 'ssh-remote+stacklet-web-1');
  });

  it('asks nothing more and writes nothing the second time; adds the identity file the user types', async () => {
    fakeRemoteSsh(true);
    const written = fs.readFileSync(configFile!, 'utf8');
    const again = await run(webOne, { pick: 'No identity file' });
    assert.ok(again.every((q) => q.kind !== 'confirm'), 'nothing to write, nothing to confirm');
    assert.equal(fs.readFileSync(configFile!, 'utf8'), written);
    const withKey = await run(webOne, { typed: '/keys/my stacklet key' }, { confirm: true });
    assert.match(withKey.at(-1)!.detail!, /\n {4}IdentityFile "\/keys\/my stacklet key"$/);
    assert.match(fs.readFileSync(configFile!, 'utf8'), /User root\n {4}IdentityFile "\/keys\/my stacklet key"\n\nHost \*/);
    assert.equal(opened.length, 2);
  });

  it('without a Remote-SSH extension, writes nothing and says what is needed', async () => {
    fakeRemoteSsh(false);
    const written = fs.readFileSync(configFile!, 'utf8');
    if (vscode.env.uiKind === vscode.UIKind.Web) {
      await run(webOne);
      assert.match(shown.map((s) => s.message).join('\n'), /needs VS Code on the desktop with a Remote - SSH extension/);
    } else {
      const asked = await run(webOne, { confirm: false });
      assert.match(asked.at(-1)!.message!, /^Open in Remote Window needs a Remote - SSH extension\. Install (ms-vscode-remote\.remote-ssh|jeanp413\.open-remote-ssh)\?$/);
    }
    assert.equal(fs.readFileSync(configFile!, 'utf8'), written);
    assert.deepEqual(opened, []);
  });
});
