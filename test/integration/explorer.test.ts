import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { propertiesOf } from '../../src/documents/documentPaths';
import { addressOf } from '../../src/kinds/registry';
import type { StackletExtensionApi } from '../../src/extension';
import type { ResourceNode } from '../../src/views/resourceNode';
import type { ViewId } from '../../src/kinds/viewIds';
import { configureEmulator, control, extensionApi, routeCount, serviceGet, serviceRequest, signOutAll, signInByCommand } from './emulatorAccess';
import { ScriptedPrompter } from './scriptedPrompter';
import { recordShownMessages } from './shownMessages';
import { testEmulator } from './testEnvironment';

/** GET against the emulator directly, to compare what the views show with what the service holds. */
const service = <T>(path: string, token = testEmulator().token) => serviceGet<T>(token, path);

async function roots(a: StackletExtensionApi, view: ViewId): Promise<ResourceNode[]> {
  return (await a.views.get(view)!.getChildren()) as ResourceNode[];
}

async function children(a: StackletExtensionApi, view: ViewId, node: ResourceNode): Promise<ResourceNode[]> {
  return (await a.views.get(view)!.getChildren(node)) as ResourceNode[];
}

function item(a: StackletExtensionApi, view: ViewId, node: ResourceNode): vscode.TreeItem {
  return a.views.get(view)!.getTreeItem(node) as vscode.TreeItem;
}

/** A service that knows one token for the profile and then answers 401 to everything: a revoked token. */
async function revokingService(): Promise<{ url: string; close(): Promise<void> }> {
  let profileCalls = 0;
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/v1/account/profile') && profileCalls++ === 0) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ profile: { uuid: 'revoked-user', email: 'revoked@example.test', limits: {} } }));
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'unauthorized', message: 'token revoked' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe('Resource explorer', () => {
  let a: StackletExtensionApi;

  before(async () => {
    a = await extensionApi();
    await signOutAll(a);
  });

  after(async () => {
    await signOutAll(a);
  });

  describe('sign-in', () => {
    it('shows nothing and stores nothing while signed out', async () => {
      assert.equal(a.session.state.kind, 'signed-out');
      assert.deepEqual(await roots(a, 'stacklets'), []);
    });

    it('refuses a bad token and stores nothing', async () => {
      const ok = await signInByCommand(a, testEmulator().apiUrl, 'stk_wrong_token');
      assert.equal(ok, false);
      assert.equal(a.session.state.kind, 'signed-out');
      assert.equal(a.session.accounts.length, 0);
    });

    it('refuses an unreachable URL and stores nothing', async () => {
      const ok = await signInByCommand(a, 'http://127.0.0.1:9', testEmulator().token);
      assert.equal(ok, false);
      assert.equal(a.session.accounts.length, 0);
    });

    it('refuses plain http to a remote host', async () => {
      const ok = await signInByCommand(a, 'http://api.example.com', testEmulator().token);
      assert.equal(ok, false);
      assert.equal(a.session.accounts.length, 0);
    });

    it('asks before typing a token for plain http to a remote host even when opted in, and stops on Cancel', async () => {
      const config = vscode.workspace.getConfiguration('stacklet');
      await config.update('allowInsecureHttp', true, vscode.ConfigurationTarget.Global);
      const prompter = new ScriptedPrompter().script({ input: 'http://api.example.com' }, { confirm: false });
      const restore = a.setPrompter(prompter);
      try {
        const ok = await vscode.commands.executeCommand('stacklet.signIn');
        assert.equal(ok, false);
        assert.deepEqual(prompter.asked.map((q) => [q.kind, q.message, q.action]), [
          ['input', undefined, undefined],
          ['confirm', 'Send your API token unencrypted to api.example.com?', 'Send Unencrypted'],
        ]);
        assert.match(prompter.asked[1]!.detail!, /anyone on the network path can read the token/);
        assert.deepEqual(prompter.problems, []);
        assert.equal(a.session.accounts.length, 0, 'nothing was stored');
      } finally {
        restore();
        await config.update('allowInsecureHttp', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it('run with arguments by anything, still asks for the URL (pre-filled) and the token, naming where the token goes', async () => {
      const url = testEmulator().apiUrl;
      const prompter = new ScriptedPrompter().script({ input: `${url}/v1/` }, 'escape');
      const restore = a.setPrompter(prompter);
      try {
        const ok = await vscode.commands.executeCommand('stacklet.signIn', { apiUrl: 'https://attacker.example', token: testEmulator().token });
        assert.equal(ok, false, 'Escape at the token: nothing signed in, though a token was passed');
        assert.equal(a.session.accounts.length, 0);
        assert.deepEqual(prompter.asked.map((q) => [q.kind, q.title]), [['input', 'Sign In to Stacklet Cloud (1/2)'], ['input', 'Sign In to Stacklet Cloud (2/2)']]);
        assert.equal(prompter.asked[0]!.value, 'https://attacker.example', 'the argument only pre-fills the URL the user sees');
        assert.match(prompter.asked[1]!.prompt!, new RegExp(`token for ${new URL(url).origin.replace(/[.]/g, '\\.')}\\b`));
        assert.match(prompter.asked[1]!.prompt!, /ended in \/v1\/; the extension adds \/v1 itself/, 'a pasted /v1 is taken off, and said');
        assert.deepEqual(prompter.problems, []);
      } finally {
        restore();
      }
    });

    it('verifies a good token against the profile and makes the account active', async () => {
      const ok = await signInByCommand(a, testEmulator().apiUrl, testEmulator().token);
      assert.equal(ok, true);
      const state = a.session.state;
      assert.equal(state.kind, 'active');
      const { profile } = await service<{ profile: { email: string } }>('/v1/account/profile');
      assert.equal(state.kind === 'active' && state.account.email, profile.email);
      // What VS Code's Accounts menu lists for the provider: the e-mail and where (two accounts of one e-mail
      // at two emulators are told apart); the test's emulator is on this machine, so it is a local emulator.
      const accounts = await vscode.authentication.getAccounts('stacklet');
      assert.deepEqual(accounts.map((account) => account.label), [`${profile.email} (local emulator ${new URL(testEmulator().apiUrl).host})`]);
    });

    it('signing in again with the same token says it already was, as the Accounts menu names it, and asks the service nothing', async () => {
      const profiles = await routeCount('GET /v1/account/profile');
      const recorded = recordShownMessages();
      try {
        assert.equal(await signInByCommand(a, testEmulator().apiUrl, testEmulator().token), true);
      } finally {
        recorded.restore();
      }
      const [label] = (await vscode.authentication.getAccounts('stacklet')).map((account) => account.label);
      assert.deepEqual(recorded.shown, [{ level: 'info', message: `You are already signed in to ${label} with this token: nothing changed.` }]);
      assert.equal(await routeCount('GET /v1/account/profile'), profiles, 'nothing verified again');
      assert.equal(a.session.accounts.length, 1);
    });
  });

  describe('views', () => {
    it('lists every stacklet of the account with description, tooltip, state and a stable id', async () => {
      const { stacklets } = await service<{ stacklets: { id: number; name: string; region: { slug: string }; size: { slug: string }; networks: { v4: { address: string; type: string }[] } }[] }>('/v1/stacklets?per_page=200');
      const nodes = (await roots(a, 'stacklets')).filter((n) => n.resource?.kind === 'stacklet');
      assert.deepEqual(nodes.map((n) => n.resource!.id).sort(), stacklets.map((s) => s.id).sort());
      for (const s of stacklets) {
        const node = nodes.find((n) => n.resource!.id === s.id)!;
        const treeItem = item(a, 'stacklets', node);
        assert.equal(treeItem.label, s.name);
        assert.equal(treeItem.id, `stacklet/${s.id}`);
        const ip = s.networks.v4.find((n) => n.type === 'public')?.address;
        // Region and size: the address is in the tooltip and a row under it, so the row fits the side bar.
        assert.equal(treeItem.description, [s.region.slug, s.size.slug].join(' · '));
        assert.match(String(treeItem.contextValue), /^stacklet:(active|off|busy|inactive|unknown)\b/);
        assert.equal(treeItem.tooltip, undefined, 'the tooltip waits for a hover');
        const resolved = a.views.get('stacklets')!.resolveTreeItem(treeItem, node);
        assert.ok(resolved.tooltip instanceof vscode.MarkdownString && resolved.tooltip.value.includes(s.name));
        // Service text in it is escaped (src/model/serviceText.ts); the Markdown may run no command and no HTML.
        assert.ok(!resolved.tooltip.isTrusted && !resolved.tooltip.supportHtml, 'an untrusted tooltip without HTML');
        // (Markdown: the tooltip escapes the address's dots.)
        if (ip) assert.ok(resolved.tooltip.value.replace(/\\/g, '').includes(ip), `the tooltip has the address ${ip}`);
        assert.ok(treeItem.iconPath instanceof vscode.ThemeIcon);
      }
      const listed = await routeCount('GET /v1/stacklets');
      await vscode.commands.executeCommand('stacklet.stacklets.refresh');
      // The same rows come back, so nothing is redrawn (rowsHanded.test.ts): the reload itself is awaited.
      const { store } = await a.session.current();
      assert.equal(store.peek('stacklet'), undefined, 'Refresh dropped the cached listing');
      await store.get('stacklet');
      const again = (await roots(a, 'stacklets')).filter((n) => n.resource?.kind === 'stacklet');
      assert.equal(await routeCount('GET /v1/stacklets') - listed, 1, 'Refresh asked for the listing once, at once');
      assert.deepEqual(again.map((n) => n.id), nodes.map((n) => n.id));
    });

    it('shows a stacklet’s networks, volume, snapshots and firewall as children', async () => {
      const nodes = (await roots(a, 'stacklets')).filter((n) => n.resource?.kind === 'stacklet');
      const withFirewall = nodes.find((n) => (n.resource!.data as { firewall_uuid?: string }).firewall_uuid);
      assert.ok(withFirewall, 'the demo account has a stacklet behind a firewall');
      const kids = await children(a, 'stacklets', withFirewall);
      assert.ok(kids.some((k) => String(item(a, 'stacklets', k).contextValue).startsWith('address:')));
      assert.ok(kids.some((k) => k.resource?.kind === 'firewall'));
      const withVolume = nodes.find((n) => (n.resource!.data as { volume_uuid?: string }).volume_uuid);
      if (withVolume) assert.ok((await children(a, 'stacklets', withVolume)).some((k) => k.resource?.kind === 'volume'));
      for (const kid of kids) assert.ok(kid.id.startsWith(`${withFirewall.id}/`), `child id ${kid.id} is under its parent`);
    });

    it('filters stacklets by tag through the service, and by name, and clears the filters', async () => {
      const provider = a.views.get('stacklets')!;
      const { stacklets } = await service<{ stacklets: { tags: string[]; name: string }[] }>('/v1/stacklets?per_page=200');
      const tag = stacklets.flatMap((s) => s.tags)[0]!;
      await vscode.commands.executeCommand('stacklet.stacklets.filterByTag', tag);
      const tagged = (await roots(a, 'stacklets')).filter((n) => n.resource?.kind === 'stacklet');
      assert.equal(tagged.length, stacklets.filter((s) => s.tags.includes(tag)).length);
      assert.ok(tagged.every((n) => (n.resource!.data as { tags: string[] }).tags.includes(tag)));
      assert.match(String(provider.view.description), new RegExp(`tag: ${tag}`));
      const name = stacklets[0]!.name.slice(0, 3);
      await vscode.commands.executeCommand('stacklet.stacklets.clearFilter');
      await vscode.commands.executeCommand('stacklet.stacklets.filterByName', name);
      const named = (await roots(a, 'stacklets')).filter((n) => n.resource?.kind === 'stacklet');
      assert.ok(named.length > 0 && named.every((n) => n.resource!.name.toLowerCase().includes(name.toLowerCase())));
      assert.match(String(provider.view.description), new RegExp(`name: ${name}`));
      await vscode.commands.executeCommand('stacklet.stacklets.clearFilter');
      assert.equal(provider.view.description, undefined, 'no filter named: nothing, the account is said once, in the Account view');
      assert.equal((await roots(a, 'stacklets')).filter((n) => n.resource?.kind === 'stacklet').length, stacklets.length);
    });

    it('filters volumes by region through the service', async () => {
      const { volumes } = await service<{ volumes: { region: { slug: string } }[] }>('/v1/volumes?per_page=200');
      const region = volumes[0]!.region.slug;
      await vscode.commands.executeCommand('stacklet.volumes.filterByRegion', region);
      const nodes = (await roots(a, 'volumes')).filter((n) => n.resource?.kind === 'volume');
      assert.equal(nodes.length, volumes.filter((v) => v.region.slug === region).length);
      await vscode.commands.executeCommand('stacklet.volumes.clearFilter');
    });

    it('shows an item the service sent but that cannot be read as an error row, and the rest of the listing', async () => {
      const { volumes } = await service<{ volumes: unknown[] }>('/v1/volumes?per_page=200');
      await configureEmulator({ quirks: { unreadableItem: true } });
      try {
        a.views.get('volumes')!.refresh();
        await new Promise((resolve) => setTimeout(resolve, 300));
        const nodes = await roots(a, 'volumes');
        assert.equal(nodes.filter((n) => n.resource?.kind === 'volume').length, volumes.length, 'every readable volume is shown');
        const errors = nodes.filter((n) => item(a, 'volumes', n).contextValue === 'message:error');
        assert.deepEqual(errors.map((n) => item(a, 'volumes', n).label), [
          'An item could not be read: volumes[0].id: Invalid input: expected string, received undefined (and 1 more problem)',
        ]);
      } finally {
        await configureEmulator({ quirks: { unreadableItem: false } });
        a.views.get('volumes')!.refresh();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      assert.ok(!(await roots(a, 'volumes')).some((n) => item(a, 'volumes', n).contextValue === 'message:error'));
    });

    it('fills every other view from the service', async () => {
      const { userdata } = await service<{ userdata: unknown[] }>('/v1/userdata');
      assert.equal((await roots(a, 'userdata')).filter((n) => n.resource?.kind === 'userdata').length, userdata.length);

      const { containers } = await service<{ containers: { name: string; images: unknown[] }[] }>('/v1/containers');
      const families = (await roots(a, 'containers')).filter((n) => n.resource?.kind === 'container');
      assert.equal(families.length, containers.length);
      assert.equal((await children(a, 'containers', families[0]!)).length, containers.find((c) => c.name === families[0]!.resource!.name)!.images.length);

      const groups = await roots(a, 'networking');
      assert.deepEqual(groups.map((g) => g.id), ['networking/firewalls', 'networking/loadBalancers', 'networking/vpcs']);
      for (const g of groups) assert.ok((await children(a, 'networking', g)).some((n) => n.resource), `${g.id} has resources`);

      const clusters = (await roots(a, 'kubernetes')).filter((n) => n.resource?.kind === 'cluster');
      assert.ok(clusters.length > 0);
      const pools = await children(a, 'kubernetes', clusters[0]!);
      assert.equal(pools[0]!.resource?.kind, 'nodePool');
      assert.ok((await children(a, 'kubernetes', pools[0]!)).length > 0, 'a node pool has nodes');

      const { snapshots } = await service<{ snapshots: unknown[] }>('/v1/snapshots?per_page=200');
      assert.equal((await roots(a, 'snapshots')).filter((n) => n.resource?.kind === 'snapshot').length, snapshots.length);

      const account = await roots(a, 'account');
      assert.equal(account[0]!.resource?.kind, 'profile');
      assert.ok(account.some((n) => /used \/ .* available/.test(String(item(a, 'account', n).description))), 'limits shown as used / available');
    });

    it('keeps a group row’s count across a refresh, and redraws that row alone when its listing loads', async () => {
      const view = a.views.get('networking')!;
      const firewallsRow = async () => (await roots(a, 'networking')).find((g) => g.id === 'networking/firewalls')!;
      const description = (row: ResourceNode) => item(a, 'networking', row).description;
      const { firewalls } = await service<{ firewalls: unknown[] }>('/v1/firewalls');
      let row = await firewallsRow();
      await children(a, 'networking', row);
      assert.equal(description(row), String(firewalls.length), 'the count once the listing is loaded');

      // Another client adds a firewall; the view is refreshed: the row keeps the count it had until the listing
      // is loaded again, and then that row alone is redrawn with the new count.
      const { json } = await serviceRequest<{ firewall: { uuid: string } }>(testEmulator().token, 'POST', '/v1/firewalls', { name: 'counted-fw', inbound_rules: [], outbound_rules: [] });
      try {
        view.refresh();
        row = await firewallsRow();
        assert.equal(item(a, 'networking', row).id, 'networking/firewalls', 'the same stable id');
        assert.equal(description(row), String(firewalls.length), 'no count coming and going while the listing loads again');
        const redrawn: (ResourceNode | undefined)[] = [];
        const subscription = view.onDidChangeTreeData((nodes) => redrawn.push(...(Array.isArray(nodes) ? nodes : [nodes])));
        try {
          await children(a, 'networking', row);
          await new Promise((resolve) => setTimeout(resolve, 50));
        } finally {
          subscription.dispose();
        }
        assert.deepEqual(redrawn.map((node) => node?.id ?? '(the whole view)'), ['networking/firewalls'], 'the loaded listing redraws its group row alone');
        assert.equal(description(row), String(firewalls.length + 1));
      } finally {
        await serviceRequest(testEmulator().token, 'DELETE', `/v1/firewalls/${json.firewall.uuid}`);
        view.refresh();
      }
    });

    it('opens View Properties as a read-only JSON document', async () => {
      const node = (await roots(a, 'stacklets')).find((n) => n.resource?.kind === 'stacklet')!;
      await vscode.commands.executeCommand('stacklet.viewProperties', node);
      const editor = vscode.window.activeTextEditor!;
      assert.equal(editor.document.uri.scheme, 'stacklet-resource');
      assert.equal(editor.document.languageId, 'json');
      assert.equal((JSON.parse(editor.document.getText()) as { id: number }).id, node.resource!.id);
      assert.ok(!editor.document.uri.toString().includes(testEmulator().token));
    });

    it('opens View Properties of a volume whose id is `..` or `.` at a path with one segment for that id, which reads back as the id', async () => {
      for (const id of ['..', '.']) {
        // The tree item of a volume whose id the service chose: nothing stops a service from sending this one.
        const node = { resource: { kind: 'volume', id, name: 'data', data: { id, name: 'data', size_gigabytes: 10 } } };
        await vscode.commands.executeCommand('stacklet.viewProperties', node);
        const { uri } = vscode.window.activeTextEditor!.document;
        assert.equal(uri.scheme, 'stacklet-resource');
        const segments = uri.path.split('/');
        assert.equal(segments.length, 4, uri.path);
        assert.deepEqual([segments[1], segments[3]], ['volume', 'data.json']);
        assert.ok(!['.', '..'].includes(segments[2]!), `the id is no dot segment: ${uri.path}`);
        assert.equal(vscode.Uri.parse(uri.toString()).path, uri.path, 'the URI reads back as the same path');
        assert.deepEqual(propertiesOf(uri.path), { kind: 'volume', id }, 'Copy as curl reads the id back from the path');
        assert.equal((JSON.parse(vscode.window.activeTextEditor!.document.getText()) as { id: string }).id, id);
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      }
    });

    it('copies an IP address, an id and a name', async () => {
      const node = (await roots(a, 'stacklets')).find((n) => n.resource && addressOf(n.resource))!;
      await vscode.commands.executeCommand('stacklet.copyIp', node);
      assert.equal(await vscode.env.clipboard.readText(), addressOf(node.resource!));
      await vscode.commands.executeCommand('stacklet.copyId', node);
      assert.equal(await vscode.env.clipboard.readText(), String(node.resource!.id));
      await vscode.commands.executeCommand('stacklet.copyName', node);
      assert.equal(await vscode.env.clipboard.readText(), node.resource!.name);
    });

    it('a click on a userdata script opens it, fetched from the service, as an editable shell-script document', async () => {
      const node = (await roots(a, 'userdata')).find((n) => n.resource?.kind === 'userdata')!;
      const { userdata } = await service<{ userdata: { name: string; userdata: string } }>(`/v1/userdata/${String(node.resource!.id)}`);
      const click = node.toTreeItem().command!;
      assert.equal(click.command, 'stacklet.editUserdata');
      await vscode.commands.executeCommand(click.command, ...(click.arguments ?? []));
      const editor = vscode.window.activeTextEditor!;
      assert.equal(editor.document.uri.scheme, 'stacklet-userdata');
      assert.equal(editor.document.getText(), `#: name: ${userdata.name}\n${userdata.userdata}`);
      assert.equal(editor.document.languageId, 'shellscript');
    });
  });

  describe('local emulator and SSH', () => {
    it('connects via SSH in a terminal running ssh -l root -- <ip>', async () => {
      const node = (await roots(a, 'stacklets')).find((n) => n.resource && addressOf(n.resource) && /^stacklet:active/.test(String(item(a, 'stacklets', n).contextValue)))!;
      const opened = new Promise<vscode.Terminal>((resolve) => {
        const subscription = vscode.window.onDidOpenTerminal((terminal) => {
          subscription.dispose();
          resolve(terminal);
        });
      });
      await vscode.commands.executeCommand('stacklet.connectSsh', node);
      const terminal = await opened;
      const options = terminal.creationOptions as vscode.TerminalOptions;
      assert.equal(terminal.name, `SSH ${node.resource!.name}`);
      assert.equal(options.shellPath, 'ssh');
      assert.deepEqual(options.shellArgs, ['-l', 'root', '--', addressOf(node.resource!)]);
      terminal.dispose();
    });

    it('tries the local emulator inside the extension host, and says the data is local', async () => {
      const before = a.session.accounts.length;
      assert.equal(await vscode.commands.executeCommand('stacklet.tryEmulator'), true);
      const state = a.session.state;
      assert.ok(state.kind === 'active' && state.account.isEmulator);
      assert.ok(a.emulator.isRunning);
      assert.match(state.account.apiUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(state.account.apiUrl, testEmulator().apiUrl, 'its own emulator, not the harness one');
      assert.ok((await roots(a, 'stacklets')).some((n) => n.resource?.kind === 'stacklet'));
      // Said once, by the account's row in the Account view, not in every view's header.
      for (const provider of a.views.values()) assert.equal(provider.view.description, undefined, provider.view.title);
      const profile = (await roots(a, 'account')).find((n) => n.resource?.kind === 'profile');
      const item = await a.views.get('account')!.getTreeItem(profile!);
      assert.deepEqual([item.label, item.description], ['Local emulator', new URL(state.account.apiUrl).host]);
      await vscode.commands.executeCommand('stacklet.signOut', state.account.id);
      assert.equal(a.emulator.isRunning, false, 'signing out of the emulator stops it');
      assert.equal(a.session.accounts.length, before);
    });
  });

  describe('accounts', () => {
    it('switches between signed-in accounts and refreshes every view', async () => {
      const secondToken = `stk_second_${Date.now()}`;
      await control('/_emulator/accounts', { token: secondToken, email: 'second@stacklet.example', seed: 'empty' });
      const first = a.session.state;
      assert.equal(first.kind, 'active');
      assert.ok(await signInByCommand(a, testEmulator().apiUrl, secondToken));
      assert.equal(a.session.accounts.length, 2);
      assert.equal(a.session.state.kind === 'active' && a.session.state.account.email, 'second@stacklet.example');
      assert.equal((await roots(a, 'stacklets')).filter((n) => n.resource?.kind === 'stacklet').length, 0);
      const recorded = recordShownMessages();
      try {
        await vscode.commands.executeCommand('stacklet.switchAccount', first.kind === 'active' ? first.account.id : '');
      } finally {
        recorded.restore();
      }
      assert.ok((await roots(a, 'stacklets')).filter((n) => n.resource?.kind === 'stacklet').length > 0);
      // Says where the views now are, as the Accounts menu names the account.
      const host = new URL(testEmulator().apiUrl).host;
      assert.deepEqual(recorded.shown, [{ level: 'info', message: `Switched to ${first.kind === 'active' ? first.account.email : ''} (local emulator ${host}): the views now show its resources.` }]);
    });

    it('marks the session expired on a 401, drops its data, and keeps other accounts', async () => {
      const revoking = await revokingService();
      try {
        const before = a.session.accounts.length;
        assert.ok(await signInByCommand(a, revoking.url, 'stk_soon_revoked'));
        assert.equal(a.session.accounts.length, before + 1);
        const nodes = await roots(a, 'stacklets');
        assert.deepEqual(nodes, [], 'an expired session shows the welcome, not data');
        assert.equal(a.session.state.kind, 'expired');
        assert.equal(a.session.accounts.length, before + 1, 'other accounts are kept');
        await a.session.signOut(a.session.state.kind === 'expired' ? a.session.state.account.id : '');
      } finally {
        await revoking.close();
      }
    });
  });
});
