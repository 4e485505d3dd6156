// Userdata scripts as documents: New Userdata Script and Edit Userdata Script open stacklet-userdata: shell
// documents whose first line "#: name: …" names the script; an explicit save creates or updates it after a
// confirmation; Delete Userdata Script asks in a modal naming it, whose focused button keeps it. Nothing is lost on a refusal. Every test
// checks what the emulator received, in an account of its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ResourceNode } from '../../src/views/resourceNode';
import { serviceGet } from './emulatorAccess';
import { waitFor } from '../harness/processes';
import { documentSuite, replaceText } from './documentSteps';

const EMAIL = 'userdata-docs@stacklet.example';
const TOKEN = `stk_uddocs_${Date.now().toString(36)}`;

interface Script {
  uuid: string;
  name: string;
  userdata: string;
}

const scripts = async () => (await serviceGet<{ userdata: Script[] }>(TOKEN, '/v1/userdata?per_page=200')).userdata;

describe('Userdata documents', function () {
  this.timeout(90_000);
  const suite = documentSuite({ email: EMAIL, token: TOKEN }, 'stacklet-userdata');
  const { steps } = suite;

  const listed = async () => ((await suite.api.views.get('userdata')!.getChildren()) as ResourceNode[]).filter((n) => n.resource);

  it('New Userdata Script: a shell document that an explicit save creates, after a confirmation; the view lists it', async () => {
    const document = await steps.open('stacklet.newUserdata');
    assert.equal(document.uri.scheme, 'stacklet-userdata');
    assert.match(document.uri.path, /^\/new\/new-script-\d+\.sh$/);
    assert.equal(document.languageId, 'shellscript');
    assert.match(document.getText(), /^#: name: new-script-\d+\n#!\/bin\/bash\n/);
    await replaceText(document, '#: name: doc-init\n#!/bin/bash\necho "hello from a document"\n');
    const outcome = await steps.save(document, { choose: 'Create' });
    assert.deepEqual(outcome.errors, []);
    assert.equal(outcome.asked[0]!.message, 'Create userdata script doc-init on Stacklet Cloud?');
    assert.deepEqual(outcome.asked[0]!.choices, ['Show Changes', 'Create']);
    assert.deepEqual(outcome.sent.map((s) => s.route), ['POST /v1/userdata']);
    assert.deepEqual(outcome.sent[0]!.body, { name: 'doc-init', userdata: '#!/bin/bash\necho "hello from a document"\n' });
    const created = (await scripts()).find((s) => s.name === 'doc-init');
    assert.ok(created, 'the script exists');
    await waitFor('the Userdata view lists doc-init', 20_000, async () => (await listed()).some((n) => n.resource!.name === 'doc-init') || undefined);
    // The same document now edits the created script.
    await replaceText(document, document.getText().replace('hello from a document', 'hello again'));
    const again = await steps.save(document, { choose: 'Apply' });
    assert.deepEqual(again.sent.map((s) => s.route), ['PUT /v1/userdata/:uuid']);
    assert.equal((await scripts()).find((s) => s.uuid === created.uuid)!.userdata, '#!/bin/bash\necho "hello again"\n');
  });

  it('Edit Userdata Script: a refused rename keeps the text; a missing name line is a diagnostic and sends nothing', async () => {
    const other = (await scripts()).find((s) => s.name !== 'doc-init')!;
    const node = (await listed()).find((n) => n.resource!.name === 'doc-init')!;
    const document = await steps.open('stacklet.editUserdata', node);
    const text = document.getText().replace('#: name: doc-init', `#: name: ${other.name}`);
    await replaceText(document, text);
    const refused = await steps.save(document, { choose: 'Apply' });
    assert.deepEqual(refused.sent.map((s) => `${s.route} ${s.status}`), ['PUT /v1/userdata/:uuid 422']);
    assert.match(refused.errors[0]!, /^Could not change userdata script doc-init: name: is already used.*Your text is kept\.$/);
    assert.equal(document.getText(), text);
    await replaceText(document, text.replace(/^#: name: .*\n/, ''));
    const diagnostics = await waitFor('the header diagnostic', 20_000, () => {
      const found = vscode.languages.getDiagnostics(document.uri);
      return found.length === 1 ? found : undefined;
    });
    assert.equal(diagnostics[0]!.range.start.line, 0);
    const nothing = await steps.save(document);
    assert.deepEqual(nothing.sent, []);
    assert.match(nothing.refused[0]!, /^Not applied: the document has a problem on line 1: The first line names the script/);
    await vscode.commands.executeCommand('stacklet.discardDraft', document.uri);
    assert.match(document.getText(), /^#: name: doc-init\n/);
  });

  it('Delete Userdata Script asks in a modal naming it, Keep first; Keep sends nothing; Delete removes it', async () => {
    const node = (await listed()).find((n) => n.resource!.name === 'doc-init')!;
    const kept = await steps.act(() => vscode.commands.executeCommand('stacklet.deleteUserdata', node), { choose: 'Keep' });
    assert.equal(kept.asked[0]!.message, 'Delete userdata script doc-init?');
    assert.deepEqual(kept.asked[0]!.choices, ['Keep', 'Delete'], 'the focused (first) button keeps the script');
    assert.deepEqual(kept.sent, []);
    const gone = await steps.act(() => vscode.commands.executeCommand('stacklet.deleteUserdata'), { pick: 'doc-init' }, { choose: 'Delete' });
    assert.equal(gone.asked[0]!.title, 'Delete which userdata script?');
    assert.deepEqual(gone.sent.map((s) => s.route), ['DELETE /v1/userdata/:uuid']);
    assert.ok(!(await scripts()).some((s) => s.name === 'doc-init'));
    await waitFor('the Userdata view drops doc-init', 20_000, async () => !(await listed()).some((n) => n.resource!.name === 'doc-init') || undefined);
  });
});
