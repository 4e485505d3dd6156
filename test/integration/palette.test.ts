// The item commands run from the Command Palette (no tree item given): they ask for the resource through
// the Prompter, which the tests script. Also what screen readers are told about tree items, and that the
// English host runs without a translation bundle. The suite works in an account of its own, seeded with the
// demo data.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { StackletExtensionApi } from '../../src/extension';
import type { PickItem } from '../../src/ui/prompter';
import type { ResourceNode, ResourceRef } from '../../src/views/resourceNode';
import type { ViewId } from '../../src/kinds/viewIds';
import { control, extensionApi, serviceGet, signOutAll, signInByCommand } from './emulatorAccess';
import { ScriptedPrompter, type Answer, type Asked } from './scriptedPrompter';
import { recordShownMessages } from './shownMessages';
import { testEmulator } from './testEnvironment';

const EMAIL = 'palette@stacklet.example';
const TOKEN = `stk_palette_${Date.now().toString(36)}`;

interface Stacklet {
  id: number;
  name: string;
  status: string;
  tags: string[];
  region: { name: string };
  size: { vcpu: number; memory: number };
  networks: { v4: { address: string; type: string }[] };
}

const resource = (kind: string, name: string) => (item: PickItem<unknown>) => {
  const ref = item.value as ResourceRef;
  return ref.kind === kind && ref.name === name;
};

describe('Palette and accessibility', function () {
  this.timeout(60_000);
  let a: StackletExtensionApi;
  const prompter = new ScriptedPrompter();
  let restorePrompter: (() => void) | undefined;
  let stacklets: Stacklet[] = [];

  const stacklet = (name: string) => {
    const found = stacklets.find((s) => s.name === name);
    assert.ok(found, `the demo account has ${name}`);
    return found;
  };
  const publicIp = (s: Stacklet) => s.networks.v4.find((n) => n.type === 'public')!.address;

  /** Runs a command as the palette does (no arguments) with scripted answers; returns what was asked. */
  async function fromPalette(command: string, ...answers: Answer[]): Promise<Asked[]> {
    prompter.script(...answers);
    await vscode.commands.executeCommand(command);
    assert.deepEqual(prompter.problems, [], `${command}: the script fits the questions`);
    assert.equal(prompter.remaining, 0, `${command}: every scripted answer was used`);
    return [...prompter.asked];
  }

  async function treeItems(view: ViewId, nodes?: ResourceNode[]): Promise<{ node: ResourceNode; item: vscode.TreeItem }[]> {
    const provider = a.views.get(view)!;
    const list = nodes ?? ((await provider.getChildren()) as ResourceNode[]);
    return list.map((node) => ({ node, item: provider.getTreeItem(node) as vscode.TreeItem }));
  }

  before(async () => {
    a = await extensionApi();
    await signOutAll(a);
    await control('/_emulator/accounts', { token: TOKEN, email: EMAIL, seed: 'demo' });
    assert.equal(await signInByCommand(a, testEmulator().apiUrl, TOKEN), true);
    restorePrompter = a.setPrompter(prompter);
    stacklets = (await serviceGet<{ stacklets: Stacklet[] }>(TOKEN, '/v1/stacklets?per_page=200')).stacklets;
  });

  after(async () => {
    restorePrompter?.();
    await vscode.workspace.getConfiguration('stacklet').update('sshUser', undefined, vscode.ConfigurationTarget.Global);
    await signOutAll(a);
  });

  describe('item commands from the palette ask for the item', () => {
    it('View Properties offers every kind of resource, named in words, and opens the one picked', async () => {
      const asked = await fromPalette('stacklet.viewProperties', { pick: resource('stacklet', 'web-1') });
      assert.equal(asked.length, 1);
      assert.equal(asked[0]!.kind, 'pick');
      assert.equal(asked[0]!.title, 'View properties of which resource?');
      const kinds = new Set(asked[0]!.items!.map((item) => item.description!.split(' · ')[0]));
      // Every listed kind whose rows offer View Properties (the registry's), SSH keys and tags too.
      for (const kind of ['Stacklet', 'Volume', 'Snapshot', 'Firewall', 'Load balancer', 'VPC', 'Kubernetes cluster', 'Userdata script', 'SSH key', 'Tag']) {
        assert.ok(kinds.has(kind), `offers a ${kind} (offered: ${[...kinds].join(', ')})`);
      }
      const editor = vscode.window.activeTextEditor!;
      assert.equal(editor.document.uri.scheme, 'stacklet-resource');
      assert.equal((JSON.parse(editor.document.getText()) as { id: number }).id, stacklet('web-1').id);
    });

    it('Copy ID, Copy Name and Copy IP Address copy what belongs to the resource picked', async () => {
      const db1 = stacklet('db-1');
      await fromPalette('stacklet.copyId', { pick: resource('stacklet', 'db-1') });
      assert.equal(await vscode.env.clipboard.readText(), String(db1.id));
      await fromPalette('stacklet.copyName', { pick: resource('volume', 'db-data') });
      assert.equal(await vscode.env.clipboard.readText(), 'db-data');
      const asked = await fromPalette('stacklet.copyIp', { pick: resource('stacklet', 'db-1') });
      assert.equal(await vscode.env.clipboard.readText(), publicIp(db1));
      assert.ok(asked[0]!.items!.length > 0 && asked[0]!.items!.every((item) => /^\d+\.\d+\.\d+\.\d+$/.test(item.detail ?? '')), 'only resources with an IP address are offered, with it');
    });

    it('Escape in the picker copies nothing', async () => {
      await vscode.env.clipboard.writeText('unchanged');
      await fromPalette('stacklet.copyId', 'escape');
      assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
    });

    it('Connect via SSH opens ssh to the stacklet picked, as the user the stacklet.sshUser setting names', async () => {
      const opened = (command: string, ...answers: Answer[]) => {
        const terminal = new Promise<vscode.Terminal>((resolve) => {
          const subscription = vscode.window.onDidOpenTerminal((t) => {
            subscription.dispose();
            resolve(t);
          });
        });
        return fromPalette(command, ...answers).then(() => terminal);
      };
      const web1 = stacklet('web-1');
      let terminal = await opened('stacklet.connectSsh', { pick: resource('stacklet', 'web-1') });
      assert.deepEqual((terminal.creationOptions as vscode.TerminalOptions).shellArgs, ['-l', 'root', '--', publicIp(web1)]);
      terminal.dispose();
      await vscode.workspace.getConfiguration('stacklet').update('sshUser', 'ubuntu', vscode.ConfigurationTarget.Global);
      terminal = await opened('stacklet.connectSsh', { pick: resource('stacklet', 'web-1') });
      assert.deepEqual((terminal.creationOptions as vscode.TerminalOptions).shellArgs, ['-l', 'ubuntu', '--', publicIp(web1)]);
      terminal.dispose();
    });

    it('refuses an SSH user that ssh would read as an option, and opens no terminal', async () => {
      await vscode.workspace.getConfiguration('stacklet').update('sshUser', '-oProxyCommand=touch /tmp/x', vscode.ConfigurationTarget.Global);
      const { shown, restore } = recordShownMessages();
      let openedTerminal = false;
      const subscription = vscode.window.onDidOpenTerminal(() => (openedTerminal = true));
      try {
        await fromPalette('stacklet.connectSsh', { pick: resource('stacklet', 'web-1') });
      } finally {
        subscription.dispose();
        restore();
        await vscode.workspace.getConfiguration('stacklet').update('sshUser', undefined, vscode.ConfigurationTarget.Global);
      }
      assert.equal(openedTerminal, false);
      assert.ok(shown.some((s) => s.level === 'error' && /stacklet\.sshUser/.test(s.message)), JSON.stringify(shown));
    });

    it('Filter Stacklets by Tag picks a tag, then offers to clear the filter', async () => {
      const provider = a.views.get('stacklets')!;
      await fromPalette('stacklet.stacklets.filterByTag', { pick: 'db' });
      assert.match(String(provider.view.description), /tag: db/);
      const asked = await fromPalette('stacklet.stacklets.filterByTag', { pick: 'Clear the filter' });
      assert.equal(asked[0]!.items![0]!.description, 'now: db', 'the clear item comes first and names the filter');
      assert.equal(provider.view.description, undefined, 'no filter named: nothing, the account is said once, in the Account view');
    });

    it('Filter by Name asks for the text, pre-filled with the current filter', async () => {
      const provider = a.views.get('volumes')!;
      await fromPalette('stacklet.volumes.filterByName', { input: 'arch' });
      assert.equal(provider.filter.name, 'arch');
      const asked = await fromPalette('stacklet.volumes.filterByName', { input: '' });
      assert.equal(asked[0]!.value, 'arch');
      assert.equal(provider.filter.name, undefined);
    });
  });

  describe('accessibility', () => {
    it('reads a stacklet’s name, state, region and size in words', async () => {
      const items = (await treeItems('stacklets')).filter(({ node }) => node.resource?.kind === 'stacklet');
      assert.equal(items.length, stacklets.length);
      for (const { node, item } of items) {
        const s = stacklet(node.resource!.name);
        const state = s.status === 'active' ? 'active' : s.status === 'off' ? 'off' : undefined;
        if (!state) continue;
        const gb = s.size.memory / 1024 ** 3;
        const size = s.size.vcpu === 1 ? `1 vCPU ${gb} GB` : `${s.size.vcpu} vCPUs ${gb} GB`;
        // A stacklet carrying a protected tag (production, by default) says so last.
        const guarded = s.tags.some((tag) => ['protected', 'production'].includes(tag.toLowerCase())) ? ', protected from agents' : '';
        assert.equal(item.accessibilityInformation?.label, `Stacklet ${s.name}, ${state}, ${s.region.name}, ${size}, ${publicIp(s)}${guarded}`);
      }
      const db1 = items.find(({ node }) => node.resource!.name === 'db-1')!;
      assert.equal(db1.item.accessibilityInformation?.label, `Stacklet db-1, active, Frankfurt 1, 2 vCPUs 4 GB, ${publicIp(stacklet('db-1'))}, protected from agents`);
    });

    it('names the kind of every resource row and reads its description without separators', async () => {
      const views: ViewId[] = ['volumes', 'snapshots', 'userdata', 'kubernetes'];
      for (const view of views) {
        for (const { node, item } of (await treeItems(view)).filter(({ node }) => node.resource)) {
          const label = item.accessibilityInformation?.label ?? '';
          assert.ok(label.includes(node.resource!.name), `${view}: "${label}" names ${node.resource!.name}`);
          assert.ok(!label.includes('·'), `${view}: "${label}" is read without "·"`);
          assert.match(label, /^(Volume|Snapshot|Userdata script|Kubernetes cluster) /, `${view}: "${label}" starts with the kind`);
        }
      }
      const volume = (await treeItems('volumes')).find(({ node }) => node.resource?.name === 'db-data')!;
      assert.equal(volume.item.accessibilityInformation?.label, 'Volume db-data, attached to db-1, Frankfurt 1, 100 GB');
      const firewalls = await a.views.get('networking')!.getChildren((await a.views.get('networking')!.getChildren())[0]);
      const firewall = (await treeItems('networking', firewalls as ResourceNode[])).find(({ node }) => node.resource?.kind === 'firewall')!;
      assert.match(firewall.item.accessibilityInformation?.label ?? '', /^Firewall \S+, \d+ in, \d+ out, \d+ stacklets$/);
    });

    it('keeps message rows readable as they are', async () => {
      await vscode.commands.executeCommand('stacklet.volumes.filterByName', 'no-such-volume');
      try {
        const [message] = await treeItems('volumes');
        assert.equal(message!.item.accessibilityInformation?.label, 'Nothing matches "no-such-volume".');
      } finally {
        await vscode.commands.executeCommand('stacklet.volumes.clearFilter');
      }
    });
  });

  describe('localization in the English host', () => {
    it('runs without a translation bundle and shows the source strings', () => {
      assert.match(vscode.env.language, /^en/);
      assert.equal(vscode.l10n.bundle, undefined);
      assert.equal(vscode.l10n.t('There is nothing to choose from.'), 'There is nothing to choose from.');
    });

    it('ships a German bundle and manifest translation with the keys of the English ones', () => {
      const root = vscode.extensions.getExtension('stacklet.stacklet-cloud')!.extensionPath;
      const keys = (file: string) => Object.keys(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as object).sort();
      assert.deepEqual(keys('l10n/bundle.l10n.de.json'), keys('l10n/bundle.l10n.json'));
      assert.deepEqual(keys('package.nls.de.json'), keys('package.nls.json'));
    });
  });
});
