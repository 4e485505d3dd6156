// The account as a document in code-server (issue 48): Open Account as Document writes the account as
// `stacklet.jsonc` in the folder (untitled until saved); its top CodeLens says it matches; an edit planned shows
// its step as a CodeLens on the resource's line and in the Plan view, with the monthly change; a problem is a
// diagnostic on its line and nothing is planned; Apply asks once, then the emulator has
// the change and the document matches again. Every request is checked on the emulator, in an account of its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { copiedAction, runCurl } from './curlReplay';
import { recentRequests, requestsSince, serviceGet } from './emulatorAccess';
import { documentSuite, replaceText } from './documentSteps';
import { waitFor } from '../harness/processes';

const EMAIL = 'account-docs@stacklet.example';
const TOKEN = `stk_acctdoc_${Date.now().toString(36)}`;

interface Stacklet {
  id: number;
  name: string;
  size_slug?: string;
  size: { slug: string };
}

const stacklets = async () => (await serviceGet<{ stacklets: Stacklet[] }>(TOKEN, '/v1/stacklets?per_page=200')).stacklets;

/** The CodeLenses VS Code gets for the document, with their titles. */
async function lenses(document: vscode.TextDocument): Promise<{ line: number; title: string }[]> {
  const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
  return found.filter((lens) => lens.command?.title).map((lens) => ({ line: lens.range.start.line, title: lens.command!.title }));
}

describe('The account as a document', function () {
  this.timeout(120_000);
  const suite = documentSuite({ email: EMAIL, token: TOKEN }, 'untitled');
  const { steps } = suite;
  let document: vscode.TextDocument;

  it('Open Account as Document: the whole account as stacklet.jsonc in the folder, matching the account', async () => {
    const opened = await steps.act(() => vscode.commands.executeCommand('stacklet.openAccountDocument'), { pick: 'The Whole Account' });
    assert.deepEqual(opened.sent, [], 'opening changes nothing');
    document = vscode.window.activeTextEditor!.document;
    assert.equal(document.uri.scheme, 'untitled');
    assert.match(document.uri.path, /\/stacklet\.jsonc$/);
    assert.equal(document.languageId, 'jsonc');
    assert.match(document.getText(), /^\/\/ Stacklet Cloud account account-docs@stacklet\.example as read at\s/);
    const top = await waitFor('the top CodeLens says it matches', 20_000, async () => (await lenses(document)).find((lens) => lens.line === 0 && /Matches account-docs@stacklet\.example/.test(lens.title)));
    assert.match(top.title, /^\$\(check\) Matches/);
  });

  it('completes a size from the catalog: the schema the extension serves (stacklet-schema:) offers its values', async () => {
    const value = document.getText().indexOf('"size": "') + '"size": "'.length;
    const position = document.positionAt(value);
    const labels = await waitFor('the size\'s completion offers the catalog', 60_000, async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
      const found = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
      return found.some((label) => label.includes('b-2vcpu-4gb')) ? found : undefined;
    });
    const sizes = (await serviceGet<{ sizes: { slug: string; available?: boolean }[] }>(TOKEN, '/v1/sizes?per_page=200')).sizes;
    for (const size of sizes.filter((s) => s.available !== false)) assert.ok(labels.some((label) => label.includes(size.slug)), `offers ${size.slug}`);
  });

  it('an edit, planned: its step on the resource\'s line and in the Plan view, with the monthly change', async () => {
    const web = (await stacklets()).find((s) => s.name === 'web-1')!;
    const text = document.getText().replace(new RegExp(`("id": ${web.id},\\s*"name": "web-1",\\s*"region": "fra",\\s*"size": )"${web.size.slug}"`), '$1"b-2vcpu-4gb"');
    assert.notEqual(text, document.getText(), 'the size is in the document');
    await replaceText(document, text);
    await vscode.commands.executeCommand('stacklet.planAccountDocument', document.uri);
    const shown = suite.api.accountDocuments.shown(document)!;
    assert.deepEqual(shown.plan.problems, []);
    assert.deepEqual(shown.plan.steps.map((step) => `${step.kind}.${step.action} ${step.name}`), ['stacklet.resize web-1']);
    assert.ok(shown.plan.monthlyChangeUsd > 0);
    const entryLine = document.positionAt(text.indexOf(`"id": ${web.id}`)).line - 1;
    const lens = (await lenses(document)).find((l) => /will change stacklet web-1: size .* → b-2vcpu-4gb, \+\$/.test(l.title));
    assert.ok(lens, 'a CodeLens names the change');
    assert.equal(lens.line, entryLine, 'on the stacklet\'s entry');
    assert.match((await lenses(document)).find((l) => l.line === 0)!.title, /1 difference from account-docs@stacklet\.example/);
    const rows = await waitFor('the Plan view shows the step', 20_000, () => {
      const labels = suite.api.planView.getChildren().map((row) => String(suite.api.planView.getTreeItem(row).label));
      return labels.some((label) => /change stacklet web-1/.test(label)) ? labels : undefined;
    });
    assert.match(rows[0]!, /^1 step against account-docs@stacklet\.example$/);
  });

  it('a problem is a diagnostic on its line, and nothing is planned', async () => {
    const good = document.getText();
    const at = good.indexOf('"region": "sgp"', good.indexOf('"name": "blog"'));
    const bad = `${good.slice(0, at)}"region": "fra"${good.slice(at + '"region": "sgp"'.length)}`;
    await replaceText(document, bad);
    await vscode.commands.executeCommand('stacklet.planAccountDocument', document.uri);
    const diagnostics = await waitFor('the region diagnostic', 20_000, () => {
      const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Stacklet Cloud');
      return found.length > 0 ? found : undefined;
    });
    assert.match(diagnostics[0]!.message, /A stacklet's region cannot change/);
    assert.equal(diagnostics[0]!.range.start.line, document.positionAt(at).line);
    assert.deepEqual(suite.api.accountDocuments.shown(document)!.plan.steps, []);
    await replaceText(document, good);
  });

  it('Apply asks once with every step and its cost, then the emulator has it and the document matches', async () => {
    const declined = await steps.act(() => vscode.commands.executeCommand('stacklet.applyAccountDocument', document.uri), { confirm: false });
    assert.deepEqual(declined.sent, [], 'declined: nothing sent');
    assert.equal(declined.asked[0]!.message, 'Apply 1 step to account-docs@stacklet.example?');
    assert.match(declined.asked[0]!.detail!, /^1\. change stacklet web-1: size .* → b-2vcpu-4gb, \+\$\d+\.\d\d\/mo\nEstimated monthly change: \+\$/);
    const applied = await steps.act(() => vscode.commands.executeCommand('stacklet.applyAccountDocument', document.uri), { confirm: true });
    assert.deepEqual(applied.sent.map((s) => s.route), ['POST /v1/stacklets/:id']);
    assert.match(JSON.stringify(applied.sent[0]!.body), /"resize"/);
    assert.match(applied.infos.join('\n'), /Applied 1 of 1 step\./);
    assert.equal((await stacklets()).find((s) => s.name === 'web-1')!.size.slug, 'b-2vcpu-4gb');
    await waitFor('the top CodeLens says it matches again', 20_000, async () => (await lenses(document)).find((l) => l.line === 0 && /Matches/.test(l.title)));
  });

  it('Copy as curl: the whole apply as one script, above its steps, which the shell runs; never the token', async () => {
    suite.prompter.script({ pick: (item) => / \(as one script\)$/.test(item.label) });
    assert.equal(await vscode.commands.executeCommand('stacklet.copyAsCurl'), true);
    const script = await vscode.env.clipboard.readText();
    assert.match(script, /^#!\/bin\/sh\n# Applying 1 step… \(stacklet\.jsonc\)\n# 1 request, as it was sent; the token comes from \$STACKLET_TOKEN\.\nset -e\ncurl -sS -X POST '.*\/v1\/stacklets\/\d+' .*"resize".*\n$/);
    // The step alone is still offered, as before.
    assert.match(await copiedAction(suite.prompter, /Resizing web-1/), /^curl -sS -X POST /);
    // Run as the user would: the emulator answers it (the size is already the one asked, so it refuses as the service would).
    assert.match(await runCurl(script, TOKEN), /^\{/);
  });

  it('saved to its file, the new document is planned once: by its save, not also by the opening of its file', async () => {
    const before = await recentRequests();
    const saved = await vscode.workspace.save(document.uri);
    assert.ok(saved && saved.scheme === 'file' && saved.path.endsWith('/stacklet.jsonc'), `saved as ${saved?.toString()}`);
    const file = vscode.workspace.textDocuments.find((d) => d.uri.toString() === saved.toString())!;
    await waitFor('the saved file is planned', 20_000, () => suite.api.accountDocuments.shown(file));
    await suite.api.accountDocuments.settled();
    assert.equal(suite.api.accountDocuments.shown(file)!.version, file.version);
    const sent = requestsSince(EMAIL, before, await recentRequests());
    const listings = sent.filter((r) => r.route === 'GET /v1/stacklets');
    assert.equal(listings.length, 1, `the stacklets were read ${listings.length} times: ${sent.map((r) => r.route).join(', ')}`);
    await vscode.workspace.fs.delete(saved);
  });
});
