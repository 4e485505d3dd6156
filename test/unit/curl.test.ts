// Copy as curl: the requests an action sends are recorded in its own asynchronous context (and nobody else's),
// a dry run records the read of a resource without sending it, and the command line never holds the token; run
// by a real shell with $STACKLET_TOKEN set, it does what the extension did, whatever characters a name holds.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { StackletClient } from '../../src/api/client';
import { curlCommand, curlCommands, curlScript } from '../../src/api/curl';
import { describeRequests, PASSWORD_PLACEHOLDER, recordRequests, RequestRecorder } from '../../src/api/recording';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { totalRequests } from '../../src/emulator/stats';
import { actionGroups, ActionHistory, HISTORY_SIZE, logLine } from '../../src/model/actionHistory';

const run = promisify(execFile);
const TOKEN = 'stk_curl_test_token_0123456789';

describe('Copy as curl', () => {
  let emu: EmulatorHandle;
  let client: StackletClient;

  before(async () => {
    emu = await startEmulator({ port: 0, demoToken: TOKEN, control: true });
    client = new StackletClient({ baseUrl: emu.url, token: TOKEN });
  });

  after(async () => {
    await client.dispose();
    await emu.close();
  });

  const stackletId = async (name: string) => (await client.listStacklets()).items.find((s) => s.name === name)!.id;

  it("records the requests of one action's context only, with their status, and none after it closed", async () => {
    const id = await stackletId('web-1');
    const recorder = new RequestRecorder();
    const [answer] = await Promise.all([
      recordRequests(recorder, () => client.powerCycle(id)),
      client.listVolumes(), // at the same time, outside the action
    ]);
    assert.equal(answer.task?.name !== undefined, true);
    const requests = recorder.close();
    assert.deepEqual(requests.map((r) => ({ ...r })), [{
      method: 'POST',
      url: `${emu.url}/v1/stacklets/${id}`,
      path: `/v1/stacklets/${id}`,
      body: '{"action":"power_cycle"}',
      status: 200,
    }]);
    await recordRequests(recorder, () => client.getStacklet(id));
    assert.equal(recorder.requests.length, 1, 'a closed recorder takes nothing more');
  });

  it('records a refused request with its status, a password as a placeholder, and never the token', async () => {
    const recorder = new RequestRecorder();
    await assert.rejects(recordRequests(recorder, () => client.resetPassword(999_999, 'correct-horse-battery')));
    await assert.rejects(recordRequests(recorder, () => client.renameStacklet(999_999, `pasted-${TOKEN}`)));
    assert.deepEqual(recorder.requests.map((r) => r.status), [404, 404]);
    assert.equal(recorder.requests[0]!.body, `{"action":"reset_password","password":"${PASSWORD_PLACEHOLDER}"}`);
    assert.equal(recorder.requests[1]!.body, '{"action":"rename","name":"pasted-••••"}', 'a token typed into a name is not kept');
  });

  it('describes the read of a resource without sending it (a dry run)', async () => {
    const before = totalRequests(emu.stats().requestCount);
    const [read] = await describeRequests(() => client.getStacklet(1001));
    assert.equal(totalRequests(emu.stats().requestCount), before, 'nothing reached the service');
    assert.deepEqual({ ...read }, { method: 'GET', url: `${emu.url}/v1/stacklets/1001`, path: '/v1/stacklets/1001' });
    assert.equal(curlCommand(read!), `curl -sS '${emu.url}/v1/stacklets/1001' -H "Authorization: Token $STACKLET_TOKEN" -H 'Accept: application/json'`);
  });

  it('quotes what the service or the user chose, never holds the token, and writes non-ASCII as JSON escapes', () => {
    const command = curlCommand({ method: 'POST', url: "https://api.example/v1/x'; rm -rf ~; '", body: '{"name":"it\'s \u202eevil"}' });
    assert.ok(command.includes('"Authorization: Token $STACKLET_TOKEN"'), 'the variable, for the shell to fill in');
    assert.match(command, /'https:\/\/api\.example\/v1\/x'\\''; rm -rf ~; '\\'''/);
    assert.ok(command.includes('\\u202e') && !command.includes('\u202e'), 'a bidi control is written as an escape');
    assert.equal(curlCommands([{ method: 'GET', url: 'u1' }, { method: 'GET', url: 'u2' }]).split('\n').length, 2);
  });

  it('writes several requests as one script whose comment no title can end or reorder', () => {
    const script = curlScript('Applying 2 steps… (evil\nrm -rf ~ \u202e.jsonc)', [{ method: 'GET', url: 'u1' }, { method: 'DELETE', url: 'u2' }]);
    assert.deepEqual(script.split('\n'), [
      '#!/bin/sh',
      '# Applying 2 steps… (evil rm -rf ~  .jsonc)',
      '# 2 requests in the order they were sent; the token comes from $STACKLET_TOKEN.',
      'set -e',
      curlCommand({ method: 'GET', url: 'u1' }),
      curlCommand({ method: 'DELETE', url: 'u2' }),
      '',
    ]);
  });

  // curl is provisioned (npm run provision), so this runs everywhere the tests do.
  it('runs in a real shell with $STACKLET_TOKEN set and does what the extension did', async () => {
    const id = await stackletId('blog');
    const odd = "blog 'quoted' $(echo no) \u00e9t\u00e9";
    const recorder = new RequestRecorder();
    await recordRequests(recorder, () => client.snapshotStacklet(id, odd));
    const command = curlCommand(recorder.close()[0]!);
    assert.ok(!command.includes(TOKEN), 'the token is not in the command');
    // The same request again, by the shell: the service answers 409 (the snapshot task still runs), naming it.
    const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, STACKLET_TOKEN: TOKEN } });
    assert.match(stdout, /task in progress/);
    const snapshotted = (await recordRequests(new RequestRecorder(), () => client.getStacklet(id))).task;
    assert.equal(snapshotted?.name, 'snapshot');
    // The body reached the service as sent: the odd name, unchanged (read back from the emulator's request log).
    const { requests } = (await (await fetch(`${emu.url}/_emulator/requests?limit=50`)).json()) as { requests: { body?: { action?: string; name?: string } }[] };
    const sent = requests.filter((r) => r.body?.action === 'snapshot');
    assert.deepEqual(sent.map((r) => r.body!.name), [odd, odd]);
  });
});

describe('the action history', () => {
  it('keeps the newest entries first, numbered, up to its size, and writes one log line each', () => {
    let now = 0;
    const history = new ActionHistory(() => ++now);
    for (let i = 1; i <= HISTORY_SIZE + 5; i++) history.add(`action ${i}`, [{ method: 'POST', url: 'https://x/v1/stacklets/1', path: '/v1/stacklets/1', body: '{}', status: 200 }]);
    const list = history.list();
    assert.equal(list.length, HISTORY_SIZE);
    assert.equal(list[0]!.id, HISTORY_SIZE + 5);
    assert.equal(logLine(list[0]!), `[action ${HISTORY_SIZE + 5}] action ${HISTORY_SIZE + 5}: POST /v1/stacklets/1 → 200`);
    const failed = history.add('Powering off web-1…', [{ method: 'POST', url: 'u', path: '/v1/stacklets/2' }], 'the service is down');
    assert.equal(logLine(failed), `[action ${HISTORY_SIZE + 6}] Powering off web-1…: POST /v1/stacklets/2 → no answer (failed: the service is down)`);
    assert.equal(logLine(history.add('Nothing', [])), `[action ${HISTORY_SIZE + 7}] Nothing: nothing sent`);
  });

  it("marks an agent's change with its tool and door, in the entry and its log line", async () => {
    const history = new ActionHistory();
    const lines: string[] = [];
    await history.record('Powering off web-1…', async () => 'sent', (line) => lines.push(line), { tool: 'stacklet_stacklet', door: 'mcp' });
    await assert.rejects(history.record('Resizing web-1…', () => Promise.reject(new Error('refused')), (line) => lines.push(line), { tool: 'stacklet_stacklet', door: 'editor' }));
    await history.record('Renaming web-1…', async () => 'sent', (line) => lines.push(line));
    assert.deepEqual(history.list().map((entry) => entry.agent), [undefined, { tool: 'stacklet_stacklet', door: 'editor' }, { tool: 'stacklet_stacklet', door: 'mcp' }]);
    assert.deepEqual(lines, [
      '[action 1] [agent stacklet_stacklet via mcp] Powering off web-1…: nothing sent',
      '[action 2] [agent stacklet_stacklet via editor] Resizing web-1…: nothing sent (failed: refused)',
      '[action 3] Renaming web-1…: nothing sent',
    ]);
  });

  it('marks the steps of one change as its group, and gives each group its steps in the order they ran', async () => {
    const history = new ActionHistory();
    const log = () => undefined;
    await history.record('before', async () => undefined, log);
    await history.group('Applying 2 steps… (stacklet.jsonc)', async () => {
      await history.record('Resizing web-1…', async () => undefined, log);
      // A step's own awaits keep the mark (AsyncLocalStorage), as the apply's concurrent steps need.
      await Promise.all([history.record('Renaming db…', async () => undefined, log), Promise.resolve()]);
    });
    await history.record('after', async () => undefined, log);
    assert.deepEqual(history.list().map((entry) => entry.group?.title), [undefined, 'Applying 2 steps… (stacklet.jsonc)', 'Applying 2 steps… (stacklet.jsonc)', undefined]);
    const [found, ...others] = actionGroups(history.list());
    assert.deepEqual(others, []);
    assert.deepEqual(found!.steps.map((step) => step.title), ['Resizing web-1…', 'Renaming db…']);
  });
});
