// The rows VS Code is handed, counted: its extension host keeps a little memory for every row it is given until
// the TreeView is disposed (microsoft/vscode#202080), so a refresh that fetched every row twice, or Go to
// Resource that made VS Code fetch them all again, left about a listing's worth behind each time (the working
// day's heap grew by 0.8 MB a search). A refresh hands each row once; revealing a row hands none.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import type { StackletExtensionApi } from '../../src/extension';
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
      return getTreeItem(node);
    };
    restoreCounting = () => delete (stacklets as Partial<ResourceTreeProvider>).getTreeItem;
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
    await work();
    await sleep(QUIET_MS);
    return handed;
  };

  it('a refresh of the four listings the view shows hands each row once', async () => {
    assert.equal(await handedBy(refresh), STACKLETS);
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
    // Its own TreeItem, asked once by TreeView.reveal for the row found.
    assert.equal(rows, STACKLETS + 1);
  });
});
