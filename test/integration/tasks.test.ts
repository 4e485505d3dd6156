// Task progress inside VS Code: the status bar while a task runs, the tree updated in place when it ends, the
// completed message, the quick pick of running tasks, and picking a task up again after a reload.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Stacklet } from '../../src/api/schemas';
import type { Prompter } from '../../src/ui/prompter';
import type { StackletExtensionApi } from '../../src/extension';
import { STORAGE_KEY, type TaskMemento } from '../../src/tasks/taskStorage';
import { TaskTracker, type TaskEnd } from '../../src/tasks/taskTracker';
import type { TaskStart, TrackedTask } from '../../src/tasks/types';
import type { ResourceNode } from '../../src/views/resourceNode';
import { control, extensionApi, signOutAll, routeCount, signInByCommand } from './emulatorAccess';
import { testEmulator } from './testEnvironment';
import { waitFor } from '../harness/processes';


async function totalRequests(): Promise<number> {
  const { requestCount } = await control<{ requestCount: Record<string, number> }>('/_emulator/stats');
  return Object.entries(requestCount).filter(([route]) => !route.includes('/_emulator/')).reduce((sum, [, n]) => sum + n, 0);
}

async function stackletNodes(a: StackletExtensionApi): Promise<ResourceNode[]> {
  return ((await a.views.get('stacklets')!.getChildren()) as ResourceNode[]).filter((n) => n.resource?.kind === 'stacklet');
}

/** Idle stacklets, as the tree shows them. */
async function idleStacklets(a: StackletExtensionApi, count: number): Promise<Stacklet[]> {
  const idle = (await stackletNodes(a)).map((n) => n.resource!.data as Stacklet).filter((s) => s.status === 'active' && !s.task);
  assert.ok(idle.length >= count, `${count} idle stacklets (${idle.length})`);
  return idle.slice(0, count);
}

function startOf(resource: Stacklet): TaskStart {
  assert.ok(resource.task, `${resource.name} answered with a task`);
  return { kind: 'stacklet', resourceId: resource.id, resourceName: resource.name, task: resource.task };
}

describe('Task progress', () => {
  let a: StackletExtensionApi;
  let previousTaskMs: number;

  before(async () => {
    a = await extensionApi();
    await signOutAll(a);
    previousTaskMs = (await control<{ config: { taskMs: number } }>('/_emulator/config', {})).config.taskMs;
    await control('/_emulator/config', { taskMs: 1500 });
    const ok = await signInByCommand(a, testEmulator().apiUrl, testEmulator().token);
    assert.equal(ok, true);
  });

  after(async () => {
    await control('/_emulator/config', { taskMs: previousTaskMs });
    await signOutAll(a);
  });

  it('shows the running task in the status bar, updates the tree in place when it ends, and says so', async function () {
    this.timeout(30_000);
    assert.equal(a.taskStatus.visible, false, 'nothing runs yet');
    const [target] = await idleStacklets(a, 1);
    const { client } = await a.session.current();
    const size = (await client.listSizes()).items.find((s) => s.available && s.slug !== target!.size.slug && s.disk >= (target!.disk ?? target!.size.disk))!;
    const listingsBefore = await routeCount('GET /v1/stacklets');
    const byIdBefore = await routeCount('GET /v1/stacklets/:id');

    const resized = await client.resizeStacklet(target!.id, size.slug);
    a.tasks.track(startOf(resized));
    assert.equal(a.taskStatus.text, `$(sync~spin) ${target!.name}: stacklet is resizing`);
    assert.equal(a.taskStatus.item.command, 'stacklet.showTasks');
    assert.match((a.taskStatus.item.tooltip as vscode.MarkdownString).value, /stacklet is resizing/);
    assert.ok(a.tasks.isBusy('stacklet', target!.id));

    await a.tasks.allEnded();
    await a.taskNotifications.settled();
    assert.equal(a.taskStatus.visible, false);
    assert.equal(a.taskStatus.text, '');
    assert.ok(
      a.taskNotifications.shown.some((m) => m.level === 'info' && m.text === `${target!.name}: stacklet was resized`),
      JSON.stringify(a.taskNotifications.shown),
    );
    const node = (await stackletNodes(a)).find((n) => n.resource!.id === target!.id)!;
    assert.equal((node.resource!.data as Stacklet).size.slug, size.slug);
    const item = a.views.get('stacklets')!.getTreeItem(node) as vscode.TreeItem;
    assert.match(String(item.description), new RegExp(size.slug.replace(/[-]/g, '\\-')));
    assert.equal(await routeCount('GET /v1/stacklets'), listingsBefore, 'the tree was updated in place: no listing');
    assert.ok((await routeCount('GET /v1/stacklets/:id')) > byIdBefore, 'the lone task was checked by id');
  });

  it('counts several tasks and reveals the chosen one from the quick pick', async function () {
    this.timeout(30_000);
    await control('/_emulator/config', { taskMs: 4000 });
    const targets = await idleStacklets(a, 2);
    const { client } = await a.session.current();
    for (const s of targets) a.tasks.track(startOf(await client.powerOff(s.id)));
    await control('/_emulator/config', { taskMs: 1500 });
    assert.equal(a.taskStatus.text, '$(sync~spin) 2 tasks running');
    const tooltip = (a.taskStatus.item.tooltip as vscode.MarkdownString).value;
    for (const s of targets) assert.ok(tooltip.includes(`${s.name}\\: stacklet is powering off`), tooltip);

    const offered: string[] = [];
    const scripted: Prompter = {
      input: async () => undefined,
      pick: async (options) => {
        offered.push(...options.items.map((item) => `${item.icon ? `$(${item.icon}) ` : ''}${item.label}`));
        return options.items.find((item) => (item.value as TrackedTask).resourceId === targets[1]!.id)?.value;
      },
      pickMany: async () => undefined,
      search: async () => undefined,
      confirm: async () => false,
      choose: async () => undefined,
    };
    const restore = a.setPrompter(scripted);
    try {
      const revealed = await vscode.commands.executeCommand('stacklet.showTasks');
      assert.equal(revealed, true);
    } finally {
      restore();
    }
    assert.deepEqual(offered, targets.map((s) => `$(sync~spin) ${s.name}: stacklet is powering off`));
    const selected = a.views.get('stacklets')!.view.selection;
    assert.deepEqual(selected.map((n) => n.resource?.id), [targets[1]!.id]);

    await a.tasks.allEnded();
    await a.taskNotifications.settled();
    for (const s of targets) assert.ok(a.taskNotifications.shown.some((m) => m.text === `${s.name}: stacklet was powered off`));
  });

  it('picks a running task up again after a reload, from the workspace state, without a request on the way', async function () {
    this.timeout(30_000);
    await control('/_emulator/config', { taskMs: 3000 });
    const [target] = await idleStacklets(a, 1);
    const { client } = await a.session.current();
    a.tasks.track(startOf(await client.powerOff(target!.id)));
    await control('/_emulator/config', { taskMs: 1500 });

    // What the window wrote to its workspace state is what the next window reads.
    const saved = a.tasks.storage!.get<TrackedTask[]>(STORAGE_KEY);
    assert.ok(saved?.some((t) => t.resourceId === target!.id), JSON.stringify(saved));
    const copy = new Map<string, unknown>([[STORAGE_KEY, JSON.parse(JSON.stringify(saved))]]);
    const memento: TaskMemento = { get: <T>(key: string) => copy.get(key) as T | undefined, update: async (key, value) => void copy.set(key, value) };

    const before = await totalRequests();
    const reloaded = new TaskTracker({ session: a.session, storage: memento });
    try {
      assert.equal(await totalRequests(), before, 'restoring made no request');
      assert.deepEqual(reloaded.running().map((t) => t.resourceId), [target!.id]);
      assert.ok(reloaded.scheduled, 'a check is armed');
      const ends: TaskEnd[] = [];
      reloaded.onDidEnd((end) => ends.push(end));
      await waitFor('the reloaded tracker to see the end', 20_000, () => ends.length === 1 || undefined, 100);
      assert.equal((ends[0]!.resource as Stacklet).status, 'off');
      assert.equal(copy.get(STORAGE_KEY), undefined, 'and to drop it from its state');
    } finally {
      reloaded.dispose();
    }
    await a.tasks.allEnded();
  });
});
