// The rows VS Code is handed, counted: its extension host keeps a little memory for every row it is given until
// the TreeView is disposed (microsoft/vscode#202080), so a refresh that fetched every row twice, or Go to
// Resource that made VS Code fetch them all again, left about a listing's worth behind each time (the working
// day's heap grew by 0.8 MB a search), and so did every auto-refresh that brought back the same rows. A refresh
// hands what changed: no row when nothing did, a changed row alone, each row once when rows came or went;
// revealing a row hands none.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import type { StackletExtensionApi } from '../../src/extension';
import type { Stacklet } from '../../src/api/schemas';
import { stackletLook } from '../../src/kinds/stacklet/row';
import type { ResourceNode } from '../../src/views/resourceNode';
import type { ResourceTreeProvider } from '../../src/views/resourceTreeProvider';
import { sleep, waitFor } from '../harness/processes';
import { extensionApi, signInByCommand, signOutAll } from './emulatorAccess';
import { ScriptedPrompter } from './scriptedPrompter';

const STACKLETS = 300;
/** Longer than VS Code's 200 ms between the first change of a burst and the rest. */
const QUIET_MS = 1_000;

describe('the rows VS Code is handed', function () {
  this.timeout(120_000);
  const prompter = new ScriptedPrompter();
  let emu: EmulatorHandle;
  let a: StackletExtensionApi;
  let stacklets: ResourceTreeProvider;
  let restorePrompter: (() => void) | undefined;
  let restoreCounting: (() => void) | undefined;
  let handed = 0;
  let items: vscode.TreeItem[] = [];
  let fetches = 0;

  before(async () => {
    emu = await startEmulator({ port: 0, seed: 'empty', extraStacklets: STACKLETS });
    a = await extensionApi();
    await signOutAll(a);
    assert.equal(await signInByCommand(a, emu.url, emu.demoToken), true);
    restorePrompter = a.setPrompter(prompter);
    stacklets = a.views.get('stacklets')!;
    await vscode.commands.executeCommand('stacklet.stacklets.focus');
    await waitFor('the Stacklets view to be visible', 10_000, () => (stacklets.view.visible ? true : undefined), 50);
    await waitFor('the rows to be drawn', 10_000, async () => ((await stacklets.getChildren()).length === STACKLETS ? true : undefined), 100);
    // VS Code asks for a row's TreeItem once for every row it registers.
    const getTreeItem = stacklets.getTreeItem.bind(stacklets);
    stacklets.getTreeItem = (node: ResourceNode) => {
      handed++;
      const item = getTreeItem(node);
      items.push(item);
      return item;
    };
    const getChildren = stacklets.getChildren.bind(stacklets);
    stacklets.getChildren = (node?: ResourceNode) => {
      fetches++;
      return getChildren(node);
    };
    restoreCounting = () => {
      delete (stacklets as Partial<ResourceTreeProvider>).getTreeItem;
      delete (stacklets as Partial<ResourceTreeProvider>).getChildren;
    };
    await sleep(QUIET_MS);
  });

  after(async () => {
    restoreCounting?.();
    restorePrompter?.();
    await signOutAll(a);
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await emu.close();
  });

  const refresh = async () => {
    const { store } = await a.session.current();
    store.invalidate(...stacklets.spec.kinds);
    await Promise.all(stacklets.spec.kinds.map((kind) => store.get(kind)));
  };
  const handedBy = async (work: () => Promise<unknown>) => {
    handed = 0;
    fetches = 0;
    items = [];
    await work();
    await sleep(QUIET_MS);
    return handed;
  };
  /** Another client's request to the emulator: the extension learns of it at its next refresh. */
  const service = async <T>(method: string, path: string, body?: unknown): Promise<T | undefined> => {
    const response = await fetch(`${emu.url}${path}`, {
      method,
      headers: { Authorization: `Token ${emu.demoToken}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as T) : undefined;
  };
  const listed = async () => (await (await a.session.current()).store.get('stacklet')).items;

  it('a refresh that brings back the same rows hands VS Code none, and VS Code fetches none', async () => {
    assert.equal(await handedBy(refresh), 0);
    assert.equal(fetches, 0, 'VS Code asked for the rows again');
  });

  it('a refresh after another client resized one stacklet redraws that row alone, with its new size', async () => {
    const target = (await listed()).find((s) => s.size.slug === 's-1vcpu-512mb')!;
    await service('POST', `/v1/stacklets/${target.id}`, { action: 'resize', size: 'b-4vcpu-8gb' });
    await waitFor('the resize to end', 20_000, async () => {
      const answer = await service<{ stacklet: Stacklet }>('GET', `/v1/stacklets/${target.id}`);
      return answer?.stacklet.size.slug === 'b-4vcpu-8gb' && !answer.stacklet.task ? true : undefined;
    }, 200);
    assert.equal(await handedBy(refresh), 1);
    assert.equal(fetches, 0, 'VS Code asked for the rows again');
    assert.deepEqual(items.map((item) => [item.id, item.description]), [[`stacklet/${target.id}`, stackletLook({ ...target, size: { ...target.size, slug: 'b-4vcpu-8gb' } }).description]]);
    assert.match(String(items[0]!.description), /b-4vcpu-8gb/);
  });

  it('a refresh after another client added a volume to an opened stacklet redraws that row with its children', async () => {
    const target = (await listed()).slice(20).find((s) => !s.volume_uuid && !s.task)!;
    const row = (await stacklets.getChildren()).find((node) => node.resource?.kind === 'stacklet' && node.resource.id === target.id)!;
    fetches = 0;
    await stacklets.view.reveal(row, { expand: true });
    await waitFor('VS Code to open the row', 10_000, () => (fetches > 0 ? true : undefined), 50);
    await sleep(QUIET_MS);
    const volume = await service<{ volume: { id: string } }>('POST', '/v1/volumes', { name: 'added-vol', size_gigabytes: 10, stacklet_id: target.id });
    const rows = await handedBy(refresh);
    const children = await stacklets.getChildren(row);
    assert.ok(children.some((node) => node.id === `stacklet/${target.id}/volume/${volume!.volume.id}`), 'the volume is among its children');
    assert.ok(items.some((item) => item.id === `stacklet/${target.id}/volume/${volume!.volume.id}` && item.label === 'added-vol'), 'VS Code was handed the volume');
    // The stacklet's row and its children, nothing else.
    assert.equal(rows, 1 + children.length);
    await vscode.commands.executeCommand('workbench.actions.treeView.stacklet.stacklets.collapseAll');
  });

  it('a refresh after another client deleted a stacklet hands each row once', async () => {
    const [gone] = await listed();
    await service('DELETE', `/v1/stacklets/${gone!.id}`);
    assert.equal(await handedBy(refresh), STACKLETS - 1);
    assert.equal((await stacklets.getChildren()).some((node) => node.resource?.id === gone!.id), false);
  });

  it('Go to Resource right after a refresh hands no row besides the refresh’s', async () => {
    const { store } = await a.session.current();
    const name = (await store.get('stacklet')).items[STACKLETS / 2]!.name;
    const rows = await handedBy(async () => {
      await refresh();
      prompter.script({ search: name, pick: name });
      assert.equal(await vscode.commands.executeCommand('stacklet.goToResource'), true);
      assert.deepEqual(prompter.problems, []);
    });
    assert.deepEqual(stacklets.view.selection.map((node) => node.resource?.name), [name], 'the row is selected');
    // The refresh brought back the same rows, and the row found is the object VS Code was handed.
    assert.equal(rows, 0);
  });
});
