// Tags as the service documents them (issue 23), in the real VS Code: the Tags group of the Account view lists
// the account's tags with the stacklets carrying each (rows with their own menus), New Tag makes one on a
// selection of stacklets or from the palette with its name checked as typed, and Delete Tag names every
// stacklet carrying the tag before it sends anything. Each test checks what the emulator received and the state
// that resulted. The suite works in an account of its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ResourceNode } from '../../src/views/resourceNode';
import { documentSuite, type Acted } from './documentSteps';
import { configureEmulator, serviceGet } from './emulatorAccess';
import type { Answer } from './scriptedPrompter';

const EMAIL = 'tags@stacklet.example';
const TOKEN = `stk_tags_${Date.now().toString(36)}`;

interface Stacklet {
  id: number;
  name: string;
  tags: string[];
}

const get = <T>(p: string) => serviceGet<T>(TOKEN, p);
const stacklets = async () => (await get<{ stacklets: Stacklet[] }>('/v1/stacklets?per_page=200')).stacklets;
const tagNames = async () => (await get<{ tags: { name: string }[] }>('/v1/tags?per_page=200')).tags.map((t) => t.name);

describe('Tags: the Account view\'s group, New Tag and Delete Tag', function () {
  this.timeout(60_000);
  const suite = documentSuite({ email: EMAIL, token: TOKEN }, 'stacklet-tags', { noTagObjects: true });
  const { steps } = suite;

  const run = (command: string, node: unknown, nodes: unknown, ...answers: Answer[]): Promise<Acted> =>
    steps.act(() => vscode.commands.executeCommand(command, node, nodes), ...answers);
  const provider = (view: 'account' | 'stacklets') => suite.api.views.get(view)!;
  const children = async (view: 'account' | 'stacklets', node?: ResourceNode) => (await provider(view).getChildren(node)) as ResourceNode[];
  const item = (node: ResourceNode) => provider('account').getTreeItem(node) as vscode.TreeItem;

  /** The tag rows of the Account view's Tags group, as the view builds them now (no refetch unless asked). */
  async function tagRows(fresh = false): Promise<ResourceNode[]> {
    if (fresh) (await suite.api.session.current()).store.invalidate('tag', 'stacklet');
    const group = (await children('account')).find((n) => n.id === 'account/tags');
    assert.ok(group, 'the Account view has a Tags group');
    return children('account', group);
  }

  async function tagRow(name: string): Promise<ResourceNode | undefined> {
    return (await tagRows()).find((n) => n.resource?.kind === 'tag' && n.resource.name === name);
  }

  it('lists the account\'s tags, each with the stacklets carrying it as stacklet rows with their menus', async () => {
    const rows = await tagRows(true);
    assert.deepEqual(rows.map((n) => n.resource?.name), await tagNames());
    const production = (await tagRow('production'))!;
    const tree = item(production);
    assert.equal(tree.id, 'tag/production');
    assert.equal(tree.contextValue, 'tag:ready');
    assert.equal(tree.description, '3 resources');
    const carriers = await children('account', production);
    assert.deepEqual(carriers.map((n) => n.resource?.name), ['web-1', 'web-2', 'db-1']);
    for (const row of carriers) {
      assert.match(String(provider('account').getTreeItem(row).contextValue), /^stacklet:active\b/, 'a stacklet row keeps its menus');
      assert.equal(row.id, `tag/production/stacklet/${String(row.resource!.id)}`);
    }
  });

  it('New Tag on a selection of two stacklets: the name checked as typed, sent once, both carry it, the group shows it', async () => {
    const roots = await children('stacklets');
    const web1 = roots.find((n) => n.resource?.name === 'web-1')!;
    const db1 = roots.find((n) => n.resource?.name === 'db-1')!;
    const outcome = await run('stacklet.newTag', web1, [web1, db1], { input: 'ci-pair', bad: ['web', '', 'a,b', 't'.repeat(256)] }, { choose: 'Create' });
    const asked = outcome.asked[0]!;
    assert.equal(asked.title, 'New Tag on 2 Stacklets');
    assert.deepEqual(outcome.asked.map((q) => q.kind), ['input', 'choose'], 'the selection is the stacklets: nothing more is asked before the review');
    assert.equal(outcome.asked[1]!.title, 'Make tag ci-pair?');
    assert.match(asked.validation!['web']!, /has a tag "web" already/);
    assert.match(asked.validation!['']!, /must not be empty/);
    assert.match(asked.validation!['a,b']!, /must not contain ','/);
    assert.match(asked.validation!['t'.repeat(256)]!, /at most 255 characters/);
    assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/tags 201']);
    assert.deepEqual(outcome.sent[0]!.body, { name: 'ci-pair', stacklet_ids: [web1.resource!.id, db1.resource!.id] });
    const after = await stacklets();
    for (const name of ['web-1', 'db-1']) assert.ok(after.find((s) => s.name === name)!.tags.includes('ci-pair'), `${name} carries ci-pair`);
    assert.ok(!after.find((s) => s.name === 'web-2')!.tags.includes('ci-pair'));
    // Read from the cache the command settled: no manual refresh.
    const row = await tagRow('ci-pair');
    assert.ok(row, 'the Tags group lists the new tag');
    assert.deepEqual((await children('account', row)).map((n) => n.resource?.name), ['web-1', 'db-1']);
  });

  it('New Tag from the palette asks which stacklets, and none is an answer', async () => {
    const outcome = await run('stacklet.newTag', undefined, undefined, { input: 'ci-empty' }, { many: [] }, { choose: 'Create' });
    assert.equal(outcome.asked[1]!.kind, 'pickMany');
    assert.ok(outcome.asked[1]!.items!.some((i) => i.label === 'worker-1'), 'every stacklet is offered');
    assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/tags 201']);
    assert.deepEqual(outcome.sent[0]!.body, { name: 'ci-empty' });
    const row = await tagRow('ci-empty');
    assert.equal(item(row!).description, '0 resources');
    assert.deepEqual((await children('account', row)).map((n) => n.init.label), ['Nothing carries this tag.']);
  });

  it('Delete Tag names every stacklet carrying it (its definition\'s plan); Keep (the default) sends nothing; Delete takes it off both', async () => {
    const row = (await tagRow('ci-pair'))!;
    const kept = await run('stacklet.deleteTag', row, undefined, { choose: 'Keep' });
    const question = kept.asked[0]!;
    assert.equal(question.kind, 'choose');
    assert.deepEqual(question.choices, ['Keep', 'Delete'], 'Keep first, as every deletion asks');
    assert.equal(question.message, 'Delete tag ci-pair?');
    assert.equal(question.detail, 'It is taken off the 2 stacklets that carry it:\nweb-1\ndb-1');
    assert.deepEqual(kept.sent, []);
    assert.ok((await tagNames()).includes('ci-pair'));

    const deleted = await run('stacklet.deleteTag', row, undefined, { choose: 'Delete' });
    assert.deepEqual(deleted.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/tags/:name 204']);
    assert.ok(!(await tagNames()).includes('ci-pair'));
    assert.ok((await stacklets()).every((s) => !s.tags.includes('ci-pair')), 'no stacklet carries it any more');
    assert.equal(await tagRow('ci-pair'), undefined, 'the Tags group no longer lists it');
  });

  it('a service without tag objects: New Tag and Delete Tag say it does not support them, and nothing changes', async () => {
    await configureEmulator({ quirks: { noTagObjects: true } });
    try {
      const before = await tagNames();
      const made = await run('stacklet.newTag', undefined, undefined, { input: 'ci-none' }, { many: [] }, { choose: 'Create' });
      assert.deepEqual(made.sent.map((s) => `${s.route} ${s.status}`), ['POST /v1/tags 405']);
      assert.match(made.errors[0]!, /^Could not make tag ci-none: This service does not support creating tags \(HTTP 405\)\.$/);
      const deleted = await run('stacklet.deleteTag', await tagRow('worker'), undefined, { choose: 'Delete' });
      assert.deepEqual(deleted.sent.map((s) => `${s.route} ${s.status}`), ['DELETE /v1/tags/:name 404']);
      assert.match(deleted.errors[0]!, /^Could not delete tag worker: This service does not support deleting tags \(HTTP 404\)\.$/);
      assert.deepEqual(await tagNames(), before);
      assert.ok(await tagRow('worker'), 'the row is back after the refusal');
    } finally {
      await configureEmulator({ quirks: { noTagObjects: false } });
    }
  });
});
