// Go to Resource… inside VS Code: found by a private IP, an ID, a tag or a name, from the cache without a
// request when the cache is fresh, with the missing listings read meanwhile otherwise; the chosen resource is
// revealed and selected in its view with its parents expanded, a filter that hides it cleared.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StackletExtensionApi } from '../../src/extension';
import { sleep, waitFor } from '../harness/processes';
import { control, extensionApi, ownAccount, serviceGet } from './emulatorAccess';
import { ScriptedPrompter } from './scriptedPrompter';
import { manifest } from './testEnvironment';

const EMAIL = 'goto@stacklet.example';
const TOKEN = `stk_goto_${Date.now().toString(36)}`;

interface Stacklet {
  id: number;
  name: string;
  networks: { v4: { address: string; type: string }[] };
}

async function requestCount(): Promise<number> {
  const { requestCount: counts } = await control<{ requestCount: Record<string, number> }>('/_emulator/stats');
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** The request count once the views have drawn what they load: no request for 300 ms. */
async function quietRequestCount(): Promise<number> {
  for (let last = -1; ; await sleep(300)) {
    const count = await requestCount();
    if (count === last) return count;
    last = count;
  }
}

describe('Go to Resource', function () {
  this.timeout(60_000);
  let a: StackletExtensionApi;
  const prompter = new ScriptedPrompter();
  let leave: (() => Promise<void>) | undefined;
  let web1: Stacklet;

  const selectionOf = (view: 'stacklets' | 'networking') => a.views.get(view)!.view.selection.map((node) => `${node.resource?.kind}:${node.resource?.name}`);

  async function goTo(search: string, pick: string | RegExp): Promise<boolean> {
    prompter.script({ search, pick });
    const shown = await vscode.commands.executeCommand<boolean>('stacklet.goToResource');
    assert.deepEqual(prompter.problems, []);
    return shown;
  }

  before(async () => {
    a = await extensionApi();
    leave = await ownAccount(a, EMAIL, TOKEN, prompter);
    web1 = (await serviceGet<{ stacklets: Stacklet[] }>(TOKEN, '/v1/stacklets')).stacklets.find((s) => s.name === 'web-1')!;
  });

  after(async () => {
    await leave?.();
  });

  it('is in the palette, on a keybinding and in the title bar of every view', () => {
    const pkg = manifest() as unknown as { contributes: { keybindings: { command: string; key: string }[]; menus: Record<string, { command: string; when?: string; group?: string }[]> } };
    assert.ok(pkg.contributes.keybindings.some((k) => k.command === 'stacklet.goToResource' && k.key === 'ctrl+alt+g'));
    assert.ok(pkg.contributes.menus['commandPalette']!.some((m) => m.command === 'stacklet.goToResource' && m.when === 'stacklet.state == active'));
    const title = pkg.contributes.menus['view/title']!.find((m) => m.command === 'stacklet.goToResource');
    assert.ok(title?.when?.startsWith('view =~ /^stacklet\\./') && title.group === 'navigation@0');
  });

  it('reads the listings it lacks while the picker is open, then finds a stacklet by its private IP and selects it', async () => {
    const privateIp = web1.networks.v4.find((n) => n.type === 'private')!.address;
    assert.equal(await goTo(privateIp, 'web-1'), true);
    const row = prompter.asked[0]!.items!.find((item) => item.label === 'web-1')!;
    assert.equal(row.detail, `IP address ${privateIp}`);
    assert.match(row.description!, /^Stacklet · fra · b-1vcpu-2gb/);
    assert.equal(row.icon, 'vm');
    await waitFor('web-1 to be selected', 10_000, () => (selectionOf('stacklets').includes('stacklet:web-1') ? true : undefined), 50);
  });

  it('filters from the cache without a request once the listings are fresh', async () => {
    // The views draw what the last test's reads changed (the Account view its tags) on their own time.
    const before = await quietRequestCount();
    assert.equal(await goTo(String(web1.id), 'web-1'), true);
    assert.equal(await requestCount(), before, 'no request while typing and choosing');
    assert.equal(prompter.asked[0]!.items![0]!.detail, `ID ${web1.id}`);
  });

  it('reveals a resource below a group, its parents expanded: a firewall of the Networking view', async () => {
    assert.equal(await goTo('web-firewall', 'web-firewall'), true);
    await waitFor('the firewall to be selected', 10_000, () => (selectionOf('networking').includes('firewall:web-firewall') ? true : undefined), 50);
    const [selected] = a.views.get('networking')!.view.selection;
    assert.equal(a.views.get('networking')!.getParent(selected!)?.id, 'networking/firewalls');
  });

  it('clears a filter that hides the resource, and finds by tag', async () => {
    a.views.get('stacklets')!.setFilter({ name: 'nothing-like-it' });
    assert.equal(await goTo('staging', 'staging-1'), true);
    assert.deepEqual(a.views.get('stacklets')!.filter, {});
    await waitFor('staging-1 to be selected', 10_000, () => (selectionOf('stacklets').includes('stacklet:staging-1') ? true : undefined), 50);
    assert.equal(await goTo('blog', 'blog'), true);
    prompter.script({ search: 'production', pick: 'db-1' });
    await vscode.commands.executeCommand('stacklet.goToResource');
    assert.deepEqual(prompter.asked[0]!.items!.map((i) => i.label), ['web-1', 'web-2', 'db-1']);
    assert.deepEqual(prompter.asked[0]!.items!.map((i) => i.detail), ['tag production', 'tag production', 'tag production']);
  });

  it('sends nothing and reveals nothing on Escape', async () => {
    prompter.script('escape');
    assert.equal(await vscode.commands.executeCommand('stacklet.goToResource'), false);
  });
});
