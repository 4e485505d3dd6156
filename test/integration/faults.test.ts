// The views under a faulty service, inside VS Code: with every answer of the wrong shape, and then with 20 % of
// the requests broken by every fault kind, each refresh leaves every view showing its resources or an error row
// (never an empty or broken tree), and each error is shown to the user once per message however often the views
// fail (no storm of notifications). With the faults off, a refresh brings every view back without a reload.
// Also: a sign-in with a bad token, made while signed in, leaves the session as it was.
import * as assert from 'node:assert/strict';
import type { StackletExtensionApi } from '../../src/extension';
import type { ResourceNode } from '../../src/views/resourceNode';
import type { ViewId } from '../../src/kinds/viewIds';
import { configureEmulator, control, extensionApi, serviceGet, signOutAll, signInByCommand } from './emulatorAccess';
import { recordShownMessages, type Shown } from './shownMessages';
import { testEmulator } from './testEnvironment';

const EMAIL = 'faults@stacklet.example';
const TOKEN = `stk_faults_${Date.now().toString(36)}`;
const VIEWS: readonly ViewId[] = ['stacklets', 'volumes', 'userdata', 'containers', 'networking', 'kubernetes', 'snapshots', 'account'];
const NOTIFIER_QUIET_MS = 10_000;

type Shows = 'resources' | 'error' | 'empty';

/** What a view shows at the top (for Networking, under each of its groups). */
async function shows(a: StackletExtensionApi, view: ViewId): Promise<{ shows: Shows; errors: string[] }> {
  const provider = a.views.get(view)!;
  let rows = (await provider.getChildren()) as ResourceNode[];
  if (view === 'networking') rows = (await Promise.all(rows.map(async (group) => (await provider.getChildren(group)) as ResourceNode[]))).flat();
  const items = rows.map((node) => provider.getTreeItem(node));
  const errors = items.filter((item) => String(item.contextValue).startsWith('message:error'));
  for (const error of errors) assert.equal(error.command?.command, 'stacklet.showLog', 'an error row opens the log');
  return {
    shows: errors.length > 0 ? 'error' : rows.some((node) => node.resource) ? 'resources' : 'empty',
    errors: errors.map((item) => String(item.label)),
  };
}

/** Refreshes a view as its title-bar button does, and waits until its listings were dropped. */
async function refresh(a: StackletExtensionApi, view: ViewId): Promise<void> {
  const provider = a.views.get(view)!;
  await provider.getChildren(); // bound to the store, so the refresh reaches it
  const store = (await a.session.current()).store;
  await new Promise<void>((resolve) => {
    const subscription = store.onDidChange((change) => {
      if (provider.spec.kinds.includes(change.kind)) {
        subscription.dispose();
        resolve();
      }
    });
    provider.refresh();
  });
}

/** No message shown more often than once per quiet period of the notifier. */
function assertNoStorm(shown: readonly Shown[], since: number): void {
  const allowed = 1 + Math.floor((Date.now() - since) / NOTIFIER_QUIET_MS);
  const counts = new Map<string, number>();
  for (const { level, message } of shown) if (level === 'error') counts.set(message, (counts.get(message) ?? 0) + 1);
  for (const [message, count] of counts) assert.ok(count <= allowed, `shown ${count} times (at most ${allowed}): ${message}`);
}

describe('Faults: the views under a failing service', function () {
  this.timeout(180_000);
  let a: StackletExtensionApi;
  let recorder: ReturnType<typeof recordShownMessages>;

  before(async () => {
    a = await extensionApi();
    await signOutAll(a);
    await control('/_emulator/accounts', { token: TOKEN, email: EMAIL, seed: 'demo' });
    assert.equal(await signInByCommand(a, testEmulator().apiUrl, TOKEN), true);
    for (const view of VIEWS) assert.equal((await shows(a, view)).shows, 'resources', `${view} before the faults`);
    recorder = recordShownMessages();
  });

  after(async () => {
    recorder?.restore();
    await configureEmulator({ faultRate: 0 });
    await signOutAll(a);
  });

  it('every answer of the wrong shape: each view shows an error row naming the problem, and each message is shown once', async () => {
    const since = Date.now();
    await configureEmulator({ faultRate: 1, faultKinds: ['wrong-shape'] });
    for (let round = 0; round < 3; round++) {
      for (const view of VIEWS) {
        await refresh(a, view);
        const now = await shows(a, view);
        assert.equal(now.shows, 'error', `${view}, refresh ${round + 1}`);
        assert.ok(now.errors.every((label) => /Unexpected answer from GET \/v1\//.test(label)), now.errors.join(' | '));
      }
    }
    const errors = recorder.shown.filter((m) => m.level === 'error');
    console.log(`      wrong shape: ${3 * VIEWS.length} view refreshes, all showing an error row; ${errors.length} error notification(s), ${new Set(errors.map((m) => m.message)).size} distinct`);
    assert.ok(errors.length >= VIEWS.length, 'the user was told');
    assert.ok(errors.every((m) => /^Loading .+ failed: Unexpected answer/.test(m.message)), errors.map((m) => m.message).join('\n'));
    assertNoStorm(recorder.shown, since);
  });

  it('20 % of requests broken by every fault kind: each refresh shows resources or an error row, never an empty tree; no storm', async () => {
    const since = Date.now();
    const seen = new Set<Shows>();
    const tally: Record<Shows, number> = { resources: 0, error: 0, empty: 0 };
    const shownBefore = recorder.shown.length;
    // Hanging answers end after 1 s (the socket is closed), well within the extension's request timeout.
    await configureEmulator({ faultRate: 0.2, faultKinds: ['http500', 'http503', 'http429', 'drop', 'hang', 'malformed', 'wrong-shape'], hangMs: 1000 });
    for (let round = 0; round < 5; round++) {
      for (const view of VIEWS) {
        await refresh(a, view);
        const now = await shows(a, view);
        assert.notEqual(now.shows, 'empty', `${view}, refresh ${round + 1}: ${now.errors.join(' | ')}`);
        seen.add(now.shows);
        tally[now.shows]++;
      }
    }
    const told = recorder.shown.slice(shownBefore).filter((m) => m.level === 'error');
    console.log(`      20 % faults: ${5 * VIEWS.length} view refreshes: ${tally.resources} showed resources, ${tally.error} an error row, ${tally.empty} empty; ${told.length} error notification(s), ${new Set(told.map((m) => m.message)).size} distinct`);
    assert.ok(seen.has('resources'), 'some refreshes went through');
    assertNoStorm(recorder.shown, since);
  });

  it('faults off: one refresh brings every view back, showing what the service holds', async () => {
    await configureEmulator({ faultRate: 0, hangMs: 30_000 });
    for (const view of VIEWS) {
      await refresh(a, view);
      assert.equal((await shows(a, view)).shows, 'resources', view);
    }
    const { stacklets } = await serviceGet<{ stacklets: { id: number }[] }>(TOKEN, '/v1/stacklets?per_page=200');
    const nodes = ((await a.views.get('stacklets')!.getChildren()) as ResourceNode[]).filter((n) => n.resource?.kind === 'stacklet');
    assert.deepEqual(nodes.map((n) => n.resource!.id).sort(), stacklets.map((s) => s.id).sort());
  });

  it('a sign-in with a bad token, made while signed in, leaves the session, its store and its views as they were', async () => {
    const before = a.session.state;
    assert.equal(before.kind, 'active');
    const accounts = a.session.accounts.map((account) => account.id);
    const store = (await a.session.current()).store;
    const shownBefore = recorder.shown.length;
    assert.equal(await signInByCommand(a, testEmulator().apiUrl, 'stk_not_a_valid_token'), false);
    assert.equal(await signInByCommand(a, 'http://127.0.0.1:9', TOKEN), false);
    const after = a.session.state;
    assert.equal(after.kind === 'active' && after.account.id, before.kind === 'active' && before.account.id);
    assert.deepEqual(a.session.accounts.map((account) => account.id), accounts);
    assert.equal((await a.session.current()).store, store, 'the same store, not reopened');
    assert.equal((await (await a.session.current()).client.getProfile()).email, EMAIL, 'the stored token still works');
    await refresh(a, 'stacklets');
    assert.equal((await shows(a, 'stacklets')).shows, 'resources');
    const told = recorder.shown.slice(shownBefore).filter((m) => m.level === 'error').map((m) => m.message);
    assert.equal(told.length, 2, told.join('\n'));
    assert.match(told[0]!, /token was refused .* Nothing was stored/);
  });
});
