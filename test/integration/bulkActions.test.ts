// Actions on a selection of several stacklets, through the real commands as VS Code calls them from a context
// menu of a multi-selection: `(node, nodes)`. One question for all, one confirmation with every name and the
// change to the monthly estimate, the requests in parallel, one summary naming each failure with Show Log and
// Select Failed, Cancel that sends nothing more, and Copy as curl of what an action sent. The suite works in an
// account of its own (demo data), checking what the emulator received and the state that resulted.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StackletExtensionApi } from '../../src/extension';
import { formatMonthly, stackletPrice } from '../../src/model/cost';
import { VSCODE_REPORT_GAP_MS } from '../../src/model/pacedReports';
import type { ResourceNode } from '../../src/views/resourceNode';
import { sleep, waitFor } from '../harness/processes';
import { control, extensionApi, mutationsSince, ownAccount, recentRequests, serviceGet, serviceRequest, type Sent } from './emulatorAccess';
import { ScriptedPrompter, type Answer, type Asked } from './scriptedPrompter';
import { testEmulator } from './testEnvironment';

const EMAIL = 'bulk@stacklet.example';
const TOKEN = `stk_bulk_${Date.now().toString(36)}`;

interface Stacklet {
  id: number;
  name: string;
  status: string;
  task: { name: string } | null;
  tags: string[];
  size: { slug: string };
  firewall_uuid: string | null;
}

const get = <T>(path: string) => serviceGet<T>(TOKEN, path);

async function stacklets(): Promise<Stacklet[]> {
  return (await get<{ stacklets: Stacklet[] }>('/v1/stacklets?per_page=200')).stacklets;
}

/** Replaces a function of vscode.window for the test; answers a function that puts it back. */
function stubWindow(name: 'showErrorMessage' | 'showWarningMessage' | 'showInformationMessage' | 'withProgress' | 'setStatusBarMessage', replacement: (...args: never[]) => unknown): () => void {
  const window = vscode.window as unknown as Record<string, unknown>;
  const original = window[name];
  window[name] = replacement;
  return () => (window[name] = original);
}

/**
 * The reports a progress notification receives before its work ends at `end`, as VS Code's extension host forwards
 * them (`extHostProgress.ts`): one at once when VSCODE_REPORT_GAP_MS have passed since the last it forwarded, else
 * held (the newest kept) and forwarded when they have; one still held when the work ends is dropped.
 */
function forwardedBefore(reports: readonly { at: number; message: string }[], end: number): string[] {
  const out: string[] = [];
  let last = -Infinity;
  let held: { message: string; due: number } | undefined;
  for (const report of reports) {
    if (held && held.due <= report.at) {
      out.push(held.message);
      last = held.due;
      held = undefined;
    }
    if (held) held = { ...held, message: report.message };
    else if (report.at >= last + VSCODE_REPORT_GAP_MS) {
      out.push(report.message);
      last = report.at;
    } else held = { message: report.message, due: last + VSCODE_REPORT_GAP_MS };
  }
  if (held && held.due < end) out.push(held.message);
  return out;
}

describe('Actions on several stacklets at once', function () {
  this.timeout(90_000);
  let a: StackletExtensionApi;
  const prompter = new ScriptedPrompter();
  let leave: (() => Promise<void>) | undefined;
  let taskMsBefore: number | undefined;
  const settings = () => vscode.workspace.getConfiguration('stacklet');
  /** Messages shown (not modal), with the button the stub chose. */
  const shown: { level: string; message: string; actions: string[] }[] = [];
  let answerWith: string | undefined;
  const restores: (() => void)[] = [];

  async function nodes(...names: string[]): Promise<ResourceNode[]> {
    (await a.session.current()).store.invalidate('stacklet');
    const roots = await a.views.get('stacklets')!.getChildren();
    return names.map((name) => {
      const found = roots.find((n) => n.resource?.kind === 'stacklet' && n.resource.name === name);
      assert.ok(found, `the Stacklets view shows ${name}`);
      return found;
    });
  }

  interface Outcome {
    sent: Sent[];
    asked: Asked[];
  }

  /** Runs `command` on a selection as the context menu does, with scripted answers; every answer must be used. */
  async function onSelection(command: string, selection: readonly ResourceNode[], ...answers: Answer[]): Promise<Outcome> {
    prompter.script(...answers);
    shown.length = 0;
    const before = await recentRequests();
    await vscode.commands.executeCommand(command, selection[0], selection);
    const sent = mutationsSince(EMAIL, before, await recentRequests());
    assert.deepEqual(prompter.problems, [], `${command}: the script fits the questions`);
    assert.equal(prompter.remaining, 0, `${command}: every scripted answer was used`);
    return { sent, asked: [...prompter.asked] };
  }

  /** Waits until no task runs on the account's stacklets and the tracker follows none. */
  /** Status-bar messages set, and whether they were taken down. */
  const statusLines: { text: string; disposed: boolean }[] = [];

  async function settled(): Promise<void> {
    await waitFor('the tasks to end', 30_000, async () => ((await stacklets()).every((s) => !s.task) && a.tasks.running().length === 0 ? true : undefined), 100);
  }

  before(async () => {
    a = await extensionApi();
    leave = await ownAccount(a, EMAIL, TOKEN, prompter);
    taskMsBefore = (await control<{ config: { taskMs: number } }>('/_emulator/config', {})).config.taskMs;
    await control('/_emulator/config', { taskMs: 300 });
    await settings().update('pollInterval', 1, vscode.ConfigurationTarget.Global);
    for (const [name, level] of [['showErrorMessage', 'error'], ['showWarningMessage', 'warning'], ['showInformationMessage', 'info']] as const) {
      restores.push(stubWindow(name, ((message: string, ...rest: unknown[]) => {
        const actions = rest.filter((r): r is string => typeof r === 'string');
        shown.push({ level, message, actions });
        return Promise.resolve(answerWith !== undefined && actions.includes(answerWith) ? answerWith : undefined);
      }) as never));
    }
    const setStatusBarMessage = vscode.window.setStatusBarMessage.bind(vscode.window) as (text: string, ms: number) => vscode.Disposable;
    restores.push(stubWindow('setStatusBarMessage', ((text: string, ms: number) => {
      const line = { text, disposed: false };
      statusLines.push(line);
      const shownLine = setStatusBarMessage(text, ms);
      return { dispose: () => { line.disposed = true; shownLine.dispose(); } };
    }) as never));
  });

  after(async () => {
    for (const restore of restores.splice(0)) restore();
    if (taskMsBefore !== undefined) await control('/_emulator/config', { taskMs: taskMsBefore });
    await settings().update('pollInterval', undefined, vscode.ConfigurationTarget.Global);
    await leave?.();
  });

  it('Power Off on three: one confirmation naming all three and the cost, three requests, three tasks followed, one summary in a sentence', async () => {
    // selected in another order than the view lists them
    const selection = await nodes('db-1', 'web-2', 'web-1');
    // What the progress notification is told as the requests are answered, and when (the real notification, its
    // lines kept), and when its work ended.
    const reports: { at: number; message: string }[] = [];
    let ended = Infinity;
    const withProgress = vscode.window.withProgress.bind(vscode.window);
    const restore = stubWindow('withProgress', ((options: vscode.ProgressOptions, work: (p: vscode.Progress<{ message?: string }>, t: vscode.CancellationToken) => Thenable<unknown>) =>
      withProgress(options, async (progress, token) => {
        try {
          return await work({ report: (value) => { if (value.message) reports.push({ at: Date.now(), message: value.message }); progress.report(value); } }, token);
        } finally {
          ended = Date.now();
        }
      })) as never);
    let outcome: Outcome;
    try {
      outcome = await onSelection('stacklet.powerOff', selection, { choose: 'Power Off' });
    } finally {
      restore();
    }
    assert.equal(outcome.asked.length, 1, 'one question: the confirmation');
    const [confirm] = outcome.asked;
    assert.equal(confirm!.message, 'Power off 3 stacklets?');
    // the button that keeps them first, so that Enter keeps them
    assert.deepEqual(confirm!.choices, ['Keep', 'Power Off']);
    assert.match(confirm!.detail!, /like pulling their power cords/);
    // what happens to each, in the view's order (the listing's), whatever order they were selected in
    const listed = (await stacklets()).filter((s) => ['web-1', 'web-2', 'db-1'].includes(s.name));
    const each = listed.map((s) => `${s.name}: powered off, still billed: ${formatMonthly(stackletPrice(s as never)!.total)}`);
    assert.ok(confirm!.detail!.includes(each.join('\n')), `one line for each, in the view's order:\n${confirm!.detail}`);
    assert.match(confirm!.detail!, /Estimated monthly cost: unchanged; each is billed as before\./);
    assert.equal(confirm!.detail!.match(/unchanged/g)?.length, 1, 'the estimate is said to be unchanged once');
    assert.deepEqual(outcome.sent.map((s) => [s.method, s.path, s.body]), Array.from({ length: 3 }, () => ['POST', '/v1/stacklets/:id', { action: 'power_off' }]));
    const ids = selection.map((n) => n.resource!.id);
    for (const id of ids) assert.ok(a.tasks.running().some((t) => t.kind === 'stacklet' && String(t.resourceId) === String(id)), `a task of ${id} is followed`);
    assert.match(a.taskStatus.text, /3 tasks running/);
    // The progress and the status bar count alike, in the same words: sent, not done (the tasks run on). The
    // notification shows the last report VS Code forwarded before the end: "3 of 3 sent", as the status bar says.
    const counts = reports.map((r) => r.message.replace(/: .*$/, ''));
    assert.equal(counts.at(-1), '3 of 3 sent', counts.join(', '));
    assert.equal(forwardedBefore(reports, ended).at(-1)?.replace(/: .*$/, ''), '3 of 3 sent', `the notification's last words, of ${JSON.stringify(reports.map((r) => [r.at - reports[0]!.at, r.message]))} ended at ${ended - reports[0]!.at} ms`);
    const sentLine = statusLines.filter((s) => /3 of 3 sent\./.test(s.text));
    assert.deepEqual(sentLine.map((s) => s.text), ['Powering off 3 stacklets: 3 of 3 sent.'], 'no check mark while the tasks run');
    await settled();
    // The status-bar line "3 of 3 sent." went when the tasks it started ended.
    await waitFor('the "sent" line to go', 1_000, () => (statusLines.some((s) => /3 of 3 sent\./.test(s.text) && s.disposed) ? true : undefined), 50);
    assert.equal(statusLines.filter((s) => /3 of 3 sent\./.test(s.text)).length, 1);
    // One summary, the names in the view's order as a list in a sentence.
    const names = listed.map((s) => s.name);
    const summary = await waitFor('the summary', 5_000, () => shown.find((m) => m.message.startsWith('Powering off 3 stacklets: done.')), 50);
    assert.equal(summary.message, `Powering off 3 stacklets: done. ${names[0]}, ${names[1]} and ${names[2]} were powered off.`);
    assert.deepEqual((await stacklets()).filter((s) => ids.includes(s.id)).map((s) => s.status), ['off', 'off', 'off']);
  });

  it('Power On leaves out what cannot take it, says why, and sends nothing on Escape', async () => {
    const selection = await nodes('web-1', 'web-2', 'blog');
    const declined = await onSelection('stacklet.powerOn', selection, 'escape');
    assert.deepEqual(declined.sent, []);
    assert.match(declined.asked[0]!.message!, /Power on 2 stacklets\?/);
    assert.match(declined.asked[0]!.detail!, /Left out: blog \(active\)/);
    const outcome = await onSelection('stacklet.powerOn', selection, { choose: 'Power On' });
    assert.equal(outcome.sent.length, 2);
    await settled();
  });

  it('Resize two to one size: one size question, the disk question once (reversible first), the change per item and in all', async () => {
    const selection = await nodes('web-1', 'blog');
    const outcome = await onSelection('stacklet.resizeStacklet', selection, { pick: 'b-2vcpu-4gb' }, { pick: 'No' }, { choose: 'Resize' });
    const [size, disk, confirm] = outcome.asked;
    assert.equal(size!.title, 'Resize 2 Stacklets');
    assert.equal(disk!.items![0]!.label, 'No', 'keeping the disks is offered first');
    assert.equal(confirm!.message, 'Resize 2 stacklets to b-2vcpu-4gb?');
    // web-1 is b-1vcpu-2gb ($12), blog b-1vcpu-1gb ($6); b-2vcpu-4gb is $24.
    assert.match(confirm!.detail!, /web-1: \+\$12\.00\/mo/);
    assert.match(confirm!.detail!, /blog: \+\$18\.00\/mo/);
    assert.match(confirm!.detail!, /\+\$30\.00\/mo in all, in US dollars/);
    assert.deepEqual(outcome.sent.map((s) => s.body), [{ action: 'resize', size: 'b-2vcpu-4gb', disk: false }, { action: 'resize', size: 'b-2vcpu-4gb', disk: false }]);
    await settled();
    // Resizing them again to the size they have is refused before anything is asked to be confirmed.
    const again = await onSelection('stacklet.resizeStacklet', await nodes('web-1', 'blog'), { pick: 'b-2vcpu-4gb' }, { pick: 'No' });
    assert.deepEqual(again.sent, []);
    // Each is planned on its own and refused in the definition's words, those an agent is refused in.
    assert.match(shown.at(-1)!.message, /web-1 \(It already has this size: pick another\.\)/);
    // Down to b-1vcpu-1gb (25 GB): blog's 25 GB disk fits, web-1's 50 GB does not and is left out, saying why.
    const down = await onSelection('stacklet.resizeStacklet', await nodes('web-1', 'blog'), { pick: 'b-1vcpu-1gb' }, 'escape');
    assert.deepEqual(down.sent, []);
    // One stacklet is left to resize: the question counts it in the singular.
    assert.equal(down.asked[1]!.message, 'Resize 1 stacklet to b-1vcpu-1gb?');
    assert.match(down.asked[1]!.detail!, /Left out: web-1 \(b-1vcpu-1gb has a 25 GB disk, smaller than the 50 GB disk of web-1: a disk never shrinks\.\)/);
  });

  it('Add Tag to three: a new tag checked as it is typed, one request each, the tags in the service', async () => {
    const selection = await nodes('web-1', 'web-2', 'staging-1');
    const outcome = await onSelection('stacklet.tagStacklets', selection, { pick: 'New Tag…' }, { input: 'fleet-a', bad: ['a,b', ''] }, { choose: 'Add Tag' });
    const input = outcome.asked[1]!;
    assert.match(input.validation!['a,b']!, /must not contain ','/);
    assert.match(input.validation!['']!, /must not be empty/);
    assert.equal(outcome.asked[2]!.message, 'Tag 3 stacklets with "fleet-a"?');
    assert.deepEqual(outcome.sent.map((s) => [s.path, s.body]).sort(), selection.map((n) => ['/v1/tags/:name/resources', { id: n.resource!.id, type: 'stacklet' }]).sort());
    const tagged = (await stacklets()).filter((s) => s.tags.includes('fleet-a')).map((s) => s.name).sort();
    assert.deepEqual(tagged, ['staging-1', 'web-1', 'web-2']);
    const cached = (await a.session.current()).store.peek('stacklet')!.items.filter((s) => s.tags.includes('fleet-a'));
    assert.equal(cached.length, 3, 'the answers replaced the cached stacklets');
  });

  it('Attach Firewall to three: the firewall most of them have first, those already behind it left out', async () => {
    const selection = await nodes('web-1', 'blog', 'worker-1');
    const outcome = await onSelection('stacklet.attachFirewall', selection, { pick: 'web-firewall' }, { choose: 'Attach' });
    assert.equal(outcome.asked[0]!.items![0]!.label, 'web-firewall');
    assert.match(outcome.asked[1]!.detail!, /Left out: web-1 \(It is behind this firewall already\.\)/);
    assert.deepEqual(outcome.sent.map((s) => s.path), ['/v1/firewalls/:uuid/stacklets', '/v1/firewalls/:uuid/stacklets']);
    const { firewalls } = await get<{ firewalls: { name: string; uuid: string; resources: { stacklet_ids: number[] } }[] }>('/v1/firewalls');
    const firewall = firewalls.find((f) => f.name === 'web-firewall')!;
    for (const node of selection) assert.ok(firewall.resources.stacklet_ids.includes(Number(node.resource!.id)));
    // The definition leaves the firewalls stale (read again), where the command patched its cache before.
    const cached = (await (await a.session.current()).store.get('firewall')).items.find((f) => f.uuid === firewall.uuid)!;
    assert.deepEqual([...cached.resources.stacklet_ids].sort(), [...firewall.resources.stacklet_ids].sort(), 'the cache shows what the service has');
  });

  it('Take Snapshot of two: one name for all in which {name} stands for each stacklet', async () => {
    const selection = await nodes('web-1', 'web-2');
    const outcome = await onSelection('stacklet.snapshotStacklet', selection, { input: '{name} fleet', bad: [''] }, { choose: 'Take Snapshots' });
    assert.match(outcome.asked[0]!.value!, /^\{name\} \d{4}-\d\d-\d\d$/);
    assert.match(outcome.asked[1]!.detail!, /not estimated/);
    assert.deepEqual(outcome.sent.map((s) => s.body), [{ action: 'snapshot', name: 'web-1 fleet' }, { action: 'snapshot', name: 'web-2 fleet' }]);
    await settled();
  });

  it('names each failure and its reason in one summary; Select Failed selects them in the view', async () => {
    const selection = await nodes('web-1', 'web-2', 'db-1');
    // web-2 is deleted behind the extension's back (its row still shows): its request fails, the others go through.
    assert.equal((await serviceRequest(TOKEN, 'DELETE', `/v1/stacklets/${selection[1]!.resource!.id}`)).status, 204);
    answerWith = 'Select Failed';
    try {
      const outcome = await onSelection('stacklet.powerCycle', selection, { choose: 'Power Cycle' });
      assert.equal(outcome.sent.length, 3);
      await waitFor('the summary', 5_000, () => shown.find((s) => s.level === 'error'));
      const summary = shown.find((s) => s.level === 'error')!;
      assert.match(summary.message, /Power cycling 3 stacklets: 1 of 3 failed\. web-2: .*not found/);
      assert.deepEqual(summary.actions, ['Show Log', 'Select Failed']);
      const view = a.views.get('stacklets')!;
      await waitFor('the failed stacklet to be selected', 10_000, () => (view.view.selection.some((n) => n.resource?.name === 'web-2') ? true : undefined), 50);
      assert.deepEqual(view.view.selection.map((n) => n.resource?.name), ['web-2']);
    } finally {
      answerWith = undefined;
    }
    await settled();
  });

  it('Cancel: what has not started is not sent, and the summary says which', async () => {
    // Twelve stacklets more, so that some are still waiting for one of the eight request slots.
    for (const prefix of ['bulk-a', 'bulk-b']) {
      const names = Array.from({ length: 6 }, (_, i) => `${prefix}-${i + 1}`);
      const made = await serviceRequest(TOKEN, 'POST', '/v1/stacklets', { names, size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64' });
      assert.equal(made.status, 201);
    }
    await settled();
    const names = [...Array.from({ length: 6 }, (_, i) => `bulk-a-${i + 1}`), ...Array.from({ length: 6 }, (_, i) => `bulk-b-${i + 1}`)];
    const selection = await nodes(...names);
    await control('/_emulator/config', { latencyMs: 200 });
    // The Cancel button of the progress notification, pressed as soon as the first request has answered.
    const restore = stubWindow('withProgress', ((options: vscode.ProgressOptions, work: (p: vscode.Progress<unknown>, t: vscode.CancellationToken) => Thenable<unknown>) => {
      assert.equal(options.cancellable, true, 'the progress offers Cancel');
      assert.equal(options.location, vscode.ProgressLocation.Notification);
      const source = new vscode.CancellationTokenSource();
      return work({ report: () => source.cancel() }, source.token);
    }) as never);
    try {
      const outcome = await onSelection('stacklet.powerOff', selection, { choose: 'Power Off' });
      assert.equal(outcome.sent.length, 8, 'the eight started before Cancel were sent, no more');
      const summary = shown.find((s) => s.level === 'warning')!;
      assert.match(summary.message, /Cancelled: 4 of 12 not sent \(bulk-b-3, bulk-b-4, bulk-b-5, bulk-b-6\)\./);
      assert.deepEqual(summary.actions, ['Show Log', 'Select Not Sent']);
    } finally {
      restore();
      await control('/_emulator/config', { latencyMs: 0 });
    }
    await settled();
  });

  it('Copy as curl: an action of the history from the palette, the read of a resource from its item; never the token', async () => {
    const outcome = await onSelection('stacklet.copyAsCurl', [], { pick: /^Action \d+: Powering off bulk-a-1/ });
    assert.match(outcome.asked[0]!.items![0]!.label, /^Action \d+: /);
    const copied = await vscode.env.clipboard.readText();
    assert.match(copied, /^curl -sS -X POST '.*\/v1\/stacklets\/\d+' -H "Authorization: Token \$STACKLET_TOKEN" .* --data-raw '\{"action":"power_off"\}'$/);
    assert.ok(!copied.includes(TOKEN));
    const [web1] = await nodes('web-1');
    assert.equal(await vscode.commands.executeCommand('stacklet.copyAsCurl', web1), true);
    assert.equal(await vscode.env.clipboard.readText(), `curl -sS '${testEmulator().apiUrl}/v1/stacklets/${web1!.resource!.id}' -H "Authorization: Token $STACKLET_TOKEN" -H 'Accept: application/json'`);
    await sleep(0);
  });

  it('Delete on three volumes: the attached one left out and said why, the rest after the typed confirmation, gone from the view', async () => {
    (await a.session.current()).store.invalidate('volume');
    const roots = await a.views.get('volumes')!.getChildren();
    const selection = ['scratch', 'archive', 'db-data'].map((name) => {
      const found = roots.find((n) => n.resource?.kind === 'volume' && n.resource.name === name);
      assert.ok(found, `the Volumes view shows ${name}`);
      return found;
    });
    // With one of two left (db-data is attached), the question, what it destroys and the text to type speak of one volume.
    const one = await onSelection('stacklet.deleteVolume', [selection[0]!, selection[2]!], { choose: 'Delete' }, 'escape');
    assert.equal(one.asked[0]!.message, 'Delete 1 volume?');
    assert.match(one.asked[0]!.detail!, /^This destroys the volume and the data on it\./);
    assert.equal(one.asked[1]!.prompt, 'Type "delete 1 volume" to confirm.');
    assert.equal(one.asked[1]!.placeHolder, 'delete 1 volume');
    assert.deepEqual(one.sent, []);
    const outcome = await onSelection('stacklet.deleteVolume', selection, { choose: 'Delete' }, { input: 'delete 2 volumes', bad: ['delete 3 volumes', 'scratch'] });
    const [confirm, typed] = outcome.asked;
    assert.equal(confirm!.message, 'Delete 2 volumes?');
    assert.match(confirm!.detail!, /This destroys each volume and the data on it\./);
    assert.match(confirm!.detail!, /Left out: db-data \(.+\)/);
    assert.match(typed!.validation!['delete 3 volumes']!, /exactly to confirm/);
    assert.deepEqual(outcome.sent.map((s) => [s.method, s.path]), [['DELETE', '/v1/volumes/:id'], ['DELETE', '/v1/volumes/:id']]);
    const left = (await get<{ volumes: { name: string }[] }>('/v1/volumes')).volumes.map((v) => v.name);
    assert.deepEqual(left, ['db-data']);
    const shownNow = (await a.views.get('volumes')!.getChildren()).map((n) => n.resource?.name).filter(Boolean);
    assert.deepEqual(shownNow, ['db-data'], 'the deleted rows left the view without a refresh');
  });
});

