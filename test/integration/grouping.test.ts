// The Stacklets view grouped by region or by tag (the title-bar command and the setting), with row ids that
// stay the same across groupings, and the monthly estimate: in each stacklet's tooltip, optionally in its
// description, in each group, and in the Account view by region and by tag.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StackletExtensionApi } from '../../src/extension';
import type { ResourceNode } from '../../src/views/resourceNode';
import { waitFor } from '../harness/processes';
import { extensionApi, ownAccount } from './emulatorAccess';
import { ScriptedPrompter } from './scriptedPrompter';

const EMAIL = 'grouping@stacklet.example';
const TOKEN = `stk_grouping_${Date.now().toString(36)}`;

describe('Grouping and cost estimates', function () {
  this.timeout(60_000);
  let a: StackletExtensionApi;
  const prompter = new ScriptedPrompter();
  let leave: (() => Promise<void>) | undefined;
  const settings = () => vscode.workspace.getConfiguration('stacklet');
  const stacklets = () => a.views.get('stacklets')!;

  /** Every stacklet row of the view, in groups or not: `id` → `name`. */
  async function stackletRows(): Promise<Map<string, string>> {
    const rows = new Map<string, string>();
    for (const node of await stacklets().getChildren()) {
      if (node.resource?.kind === 'stacklet') rows.set(node.id, node.resource.name);
      else if (node.init.children && !node.resource) for (const child of await stacklets().getChildren(node)) rows.set(child.id, child.resource!.name);
    }
    return rows;
  }

  const item = (node: ResourceNode) => stacklets().getTreeItem(node) as vscode.TreeItem;

  before(async () => {
    a = await extensionApi();
    leave = await ownAccount(a, EMAIL, TOKEN, prompter);
  });

  after(async () => {
    await settings().update('groupStacklets', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('showCostInDescription', undefined, vscode.ConfigurationTarget.Global);
    await leave?.();
  });

  it('groups by region from the title-bar command, each group with its count and estimate', async () => {
    const flat = await stackletRows();
    prompter.script({ pick: 'By region' });
    const changed = new Promise<void>((resolve) => {
      const subscription = stacklets().onDidChangeTreeData(() => {
        subscription.dispose();
        resolve();
      });
    });
    await vscode.commands.executeCommand('stacklet.stacklets.groupBy');
    await changed;
    const offered = prompter.asked[0]!.items!;
    assert.deepEqual(offered.map((i) => [i.label, i.icon]), [['No grouping', 'check'], ['By region', undefined], ['By tag', undefined]], 'the current grouping first, marked');
    assert.equal(settings().get('groupStacklets'), 'region');
    const groups = await stacklets().getChildren();
    assert.deepEqual(groups.map((g) => g.id), ['stacklets/region/ams', 'stacklets/region/fra', 'stacklets/region/nyc', 'stacklets/region/sgp']);
    const fra = groups[1]!;
    assert.equal(item(fra).label, 'Frankfurt 1 (fra)');
    assert.equal(item(fra).description, '3 stacklets · est. $48.00/mo');
    assert.equal(item(fra).collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    assert.deepEqual(await stackletRows(), flat, 'the same rows with the same ids as ungrouped');
  });

  it('groups by tag: a stacklet under each of its tags, its usual id under the first', async () => {
    await settings().update('groupStacklets', 'tag', vscode.ConfigurationTarget.Global);
    const groups = await stacklets().getChildren();
    assert.deepEqual(groups.map((g) => g.id), ['stacklets/tag/blog', 'stacklets/tag/db', 'stacklets/tag/production', 'stacklets/tag/staging', 'stacklets/tag/web', 'stacklets/tag/worker']);
    const web = await stacklets().getChildren(groups[4]!);
    assert.deepEqual(web.map((n) => n.resource!.name), ['web-1', 'web-2', 'staging-1', 'blog']);
    const web1 = web[0]!;
    assert.equal(web1.id, `stacklets/tag/web/stacklet/${web1.resource!.id}`, 'placed again: an id of this group');
    const production = await stacklets().getChildren(groups[2]!);
    assert.equal(production[0]!.id, `stacklet/${web1.resource!.id}`, 'first placed (production comes before web): its usual id');
    assert.ok(await stacklets().reveal('stacklet', web1.resource!.id), 'revealed below its group');
    await waitFor('web-1 to be selected', 10_000, () => (stacklets().view.selection[0]?.id === `stacklet/${web1.resource!.id}` ? true : undefined), 50);
    await settings().update('groupStacklets', 'none', vscode.ConfigurationTarget.Global);
    assert.ok((await stacklets().getChildren()).every((n) => n.resource?.kind === 'stacklet'));
  });

  it("shows each stacklet's estimate in its tooltip, and in its description when the setting asks", async () => {
    const web1 = (await stacklets().getChildren()).find((n) => n.resource?.name === 'web-1')!;
    const tooltip = (stacklets().resolveTreeItem(item(web1), web1).tooltip as vscode.MarkdownString).value;
    assert.ok(tooltip.includes('| Cost | \\$12.00/mo, an estimate in US dollars\\: size \\$12.00, image \\$0.00 |'), tooltip);
    assert.doesNotMatch(String(item(web1).description), /est\./);
    await settings().update('showCostInDescription', true, vscode.ConfigurationTarget.Global);
    const again = (await stacklets().getChildren()).find((n) => n.resource?.name === 'web-1')!;
    assert.match(String(item(again).description), / · est\. \$12\.00\/mo$/);
    // web-1 carries production, a protected tag by default: said last.
    assert.match(item(again).accessibilityInformation!.label, /est\. \$12\.00\/mo, protected from agents$/);
  });

  it('gives the Account view the monthly total, by region and by tag', async () => {
    const account = a.views.get('account')!;
    const cost = (await account.getChildren()).find((n) => n.id === 'account/cost')!;
    const costItem = account.getTreeItem(cost) as vscode.TreeItem;
    // web-1 12, web-2 12, db-1 24, staging-1 6, worker-1 84, blog 6
    assert.equal(costItem.label, 'Estimated cost');
    assert.equal(costItem.description, '$144.00/mo');
    const [byRegion, byTag] = await account.getChildren(cost);
    const rows = async (node: ResourceNode) => (await account.getChildren(node)).map((n) => `${String((account.getTreeItem(n) as vscode.TreeItem).label)}: ${String((account.getTreeItem(n) as vscode.TreeItem).description)}`);
    assert.deepEqual(await rows(byRegion!), ['nyc: $84.00/mo · 1 stacklet', 'fra: $48.00/mo · 3 stacklets', 'ams: $6.00/mo · 1 stacklet', 'sgp: $6.00/mo · 1 stacklet']);
    assert.deepEqual((await rows(byTag!)).slice(0, 3), ['worker: $84.00/mo · 1 stacklet', 'production: $48.00/mo · 3 stacklets', 'web: $36.00/mo · 4 stacklets']);
  });
});
