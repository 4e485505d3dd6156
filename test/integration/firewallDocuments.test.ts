// Firewalls as JSON documents: Edit Firewall Rules and New Firewall open stacklet-firewall: documents. Only an
// explicit save (or the Apply action) applies: it checks (errors → one diagnostic each, nothing sent), shows
// the change with the safe choice first, applies, and shows the service's answer. Auto-save keeps a draft that
// survives closing the editor. Every test checks what the emulator received and the firewall that resulted.
// The suite works in an account of its own, seeded with the demo data.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ResourceNode } from '../../src/views/resourceNode';
import { copiedAction, runCurl } from './curlReplay';
import { control, serviceGet, serviceRequest } from './emulatorAccess';
import { waitFor } from '../harness/processes';
import { allDiagnostics, closeEditorsOf, documentSuite, replaceText, revert, whichButtonLine } from './documentSteps';

const EMAIL = 'firewall-docs@stacklet.example';
const TOKEN = `stk_fwdocs_${Date.now().toString(36)}`;

interface Rule {
  address: string;
  port: number | null;
  protocol: string | null;
}
interface Firewall {
  uuid: string;
  name: string;
  inbound_rules: Rule[];
  outbound_rules: Rule[];
  resources: { stacklet_ids: number[] };
}

const get = <T>(path: string) => serviceGet<T>(TOKEN, path);

async function firewallNamed(name: string): Promise<Firewall | undefined> {
  return (await get<{ firewalls: Firewall[] }>('/v1/firewalls?per_page=200')).firewalls.find((f) => f.name === name);
}

/** The first truthy value of `probe`, looked at every 50 ms for at most `ms` (generous: the CPU is shared). */
function until<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  return waitFor(what, ms, async () => (await probe()) || undefined, 50);
}

describe('Firewall documents', function () {
  this.timeout(90_000);
  const suite = documentSuite({ email: EMAIL, token: TOKEN }, 'stacklet-firewall', { noFirewallRulesEndpoints: false });
  const { steps } = suite;

  /** Runs Edit Firewall Rules on the firewall's tree item; the document it opened. */
  async function edit(firewall: Firewall): Promise<vscode.TextDocument> {
    const document = await steps.open('stacklet.editFirewall', { resource: { kind: 'firewall', id: firewall.uuid, name: firewall.name, data: firewall } });
    assert.equal(document.uri.scheme, 'stacklet-firewall');
    assert.equal(document.uri.authority, (await suite.api.session.current()).account.id, 'the document belongs to the account');
    assert.equal(document.uri.path.split('/')[1], firewall.uuid);
    assert.equal(document.languageId, 'jsonc');
    return document;
  }

  /** The user's auto-save settings as the tier set them (off), put back after the test that turns auto-save on. */
  let userAutoSave: { autoSave?: unknown; autoSaveDelay?: unknown } = {};
  before(() => {
    const files = vscode.workspace.getConfiguration('files');
    userAutoSave = { autoSave: files.inspect('autoSave')?.globalValue, autoSaveDelay: files.inspect('autoSaveDelay')?.globalValue };
  });
  async function restoreAutoSave(): Promise<void> {
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSave', userAutoSave.autoSave, vscode.ConfigurationTarget.Global);
    await files.update('autoSaveDelay', userAutoSave.autoSaveDelay, vscode.ConfigurationTarget.Global);
  }
  after(restoreAutoSave);

  it('shows each stacklet\'s name beside its id in stacklet_ids, as an inlay hint', async () => {
    const firewall = (await firewallNamed('web-firewall'))!;
    const document = await edit(firewall);
    const stacklets = (await get<{ stacklets: { id: number; name: string }[] }>('/v1/stacklets?per_page=200')).stacklets;
    const end = document.positionAt(document.getText().length);
    const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', document.uri, new vscode.Range(new vscode.Position(0, 0), end));
    const expected = firewall.resources.stacklet_ids.map((id) => stacklets.find((s) => s.id === id)!.name);
    assert.ok(expected.length > 0, 'the demo firewall protects stacklets');
    assert.deepEqual(hints.map((hint) => hint.label), expected);
    for (const [i, hint] of hints.entries()) {
      // Each hint follows its id in the text.
      const before = document.getText(new vscode.Range(hint.position.translate(0, -String(firewall.resources.stacklet_ids[i]).length), hint.position));
      assert.equal(before, String(firewall.resources.stacklet_ids[i]));
    }
    await closeEditorsOf(document);
  });

  it('opens a firewall as JSONC; a save shows the change (safe choice first), applies it, and shows the service\'s answer', async () => {
    const firewall = (await firewallNamed('web-firewall'))!;
    assert.ok(firewall, 'the demo firewall exists');
    const document = await edit(firewall);
    assert.match(document.getText(), /^\/\//, 'a comment header');
    assert.match(document.getText(), /"address": "203\.0\.113\.0\/24"/);
    const [keep] = firewall.resources.stacklet_ids;
    const { store } = await suite.api.session.current();
    const detached = firewall.resources.stacklet_ids.filter((id) => id !== keep);
    assert.ok(detached.length > 0, 'the save detaches a stacklet');
    // The stacklets' listing is cached with their firewall, as the Stacklets view shows it.
    assert.ok((await store.get('stacklet')).items.filter((s) => detached.includes(s.id)).every((s) => s.firewall_uuid === firewall.uuid));
    await replaceText(document, `// edited in the test
{
  "name": "web-fw-doc",
  "inbound_rules": [
    { "address": "203.0.113.0/24", "port": 22, "protocol": "TCP" }, // same rule, other case
    { "address": "0.0.0.0/0", "port": 80, "protocol": "tcp" },
    { "address": "0.0.0.0/0", "port": 443, "protocol": "tcp" },
    { "address": "198.51.100.0/24", "port": 8080, "protocol": "tcp" },
    { "address": "198.51.100.0/24", "port": 8080, "protocol": "tcp" },
  ],
  "outbound_rules": [{ "address": "0.0.0.0/0", "protocol": "" }],
  "stacklet_ids": [${keep}],
}
`);
    const outcome = await steps.save(document, { choose: 'Apply' });
    assert.deepEqual(outcome.errors, []);
    assert.equal(outcome.asked.length, 1);
    assert.deepEqual(outcome.asked[0]!.choices, ['Show Changes', 'Apply'], 'the safe choice comes first (it has the focus)');
    assert.equal(outcome.asked[0]!.message, 'Apply these changes to firewall web-firewall on Stacklet Cloud?');
    // The firewall's update definition's words: the stacklet taken out named, as every door names it.
    assert.match(outcome.asked[0]!.detail!, /^Rename to web-fw-doc\nRemove inbound rule: ICMP all ports from 0\.0\.0\.0\/0\nAdd inbound rule: TCP 8080 from 198\.51\.100\.0\/24\nDetach stacklet [\w-]+ \(\d+\): it stays, without these rules\n\n/);
    assert.ok(outcome.asked[0]!.detail!.endsWith(whichButtonLine('Apply')), 'the last line names the button that applies');
    assert.deepEqual(outcome.sent.map((s) => s.route), [
      'PUT /v1/firewalls/:uuid',
      'DELETE /v1/firewalls/:uuid/rules',
      'POST /v1/firewalls/:uuid/rules',
      'DELETE /v1/firewalls/:uuid/stacklets',
    ]);
    assert.deepEqual(outcome.sent[1]!.body, { inbound_rules: [{ address: '0.0.0.0/0', protocol: 'icmp' }], outbound_rules: [] });
    assert.deepEqual(outcome.sent[2]!.body, { inbound_rules: [{ address: '198.51.100.0/24', port: 8080, protocol: 'tcp' }], outbound_rules: [] });
    assert.match(outcome.infos[0]!, /^Applied to firewall web-firewall: rename to web-fw-doc, remove 1 rule, add 1 rule, detach stacklet \d+\.$/);
    const after = (await get<{ firewall: Firewall }>(`/v1/firewalls/${firewall.uuid}`)).firewall;
    assert.equal(after.name, 'web-fw-doc');
    assert.deepEqual(after.inbound_rules.map((r) => `${r.protocol}:${r.port}:${r.address}`), ['tcp:22:203.0.113.0/24', 'tcp:80:0.0.0.0/0', 'tcp:443:0.0.0.0/0', 'tcp:8080:198.51.100.0/24']);
    assert.deepEqual(after.resources.stacklet_ids, [keep]);
    // When the apply has settled, the document is the service's answer: no timer, nothing to wait for.
    assert.ok(!document.getText().includes('other case') && !document.isDirty, document.getText());
    assert.equal(document.getText().match(/198\.51\.100\.0\/24/g)?.length, 1);
    assert.match(document.getText(), /"protocol": "tcp"/);
    // The tree was told: the cached listing is gone and reads the new name.
    const listed = (await store.get('firewall')).items.find((f) => f.uuid === firewall.uuid);
    assert.equal(listed?.name, 'web-fw-doc');
    // So was the stacklets' listing: the detached stacklet no longer shows the firewall (its kind's afterEdit rule).
    assert.deepEqual((await store.get('stacklet')).items.filter((s) => detached.includes(s.id)).map((s) => s.firewall_uuid ?? null), detached.map(() => null));
  });

  it('Copy as curl of that save, run by bash against the emulator, applies the same change again', async () => {
    const firewall = (await firewallNamed('web-fw-doc'))!;
    const applied = await get<{ firewall: Firewall }>(`/v1/firewalls/${firewall.uuid}`);
    const copied = await copiedAction(suite.prompter, /Applying to firewall web-firewall…/);
    assert.deepEqual(copied.split('\n').map((line) => line.match(/^curl -sS -X (\w+) '[^']*(\/v1\/firewalls\/[^/']+(?:\/\w+)?)'/)?.slice(1).join(' ')), [
      `PUT /v1/firewalls/${firewall.uuid}`,
      `DELETE /v1/firewalls/${firewall.uuid}/rules`,
      `POST /v1/firewalls/${firewall.uuid}/rules`,
      `DELETE /v1/firewalls/${firewall.uuid}/stacklets`,
    ]);
    // Undo the change by hand (name, the ICMP rule, the 8080 rule, the stacklet), then replay the copy.
    const detached = (await get<{ stacklets: { id: number }[] }>('/v1/stacklets?per_page=200')).stacklets.map((s) => s.id).filter((id) => !applied.firewall.resources.stacklet_ids.includes(id));
    await serviceRequest(TOKEN, 'PUT', `/v1/firewalls/${firewall.uuid}`, { name: 'web-firewall' });
    await serviceRequest(TOKEN, 'POST', `/v1/firewalls/${firewall.uuid}/rules`, { inbound_rules: [{ address: '0.0.0.0/0', protocol: 'icmp' }] });
    await serviceRequest(TOKEN, 'DELETE', `/v1/firewalls/${firewall.uuid}/rules`, { inbound_rules: [{ address: '198.51.100.0/24', port: 8080, protocol: 'tcp' }] });
    const detachedId = copied.match(/"stacklet_ids":\[(\d+)\]/)![1]!;
    assert.ok(detached.includes(Number(detachedId)));
    await serviceRequest(TOKEN, 'POST', `/v1/firewalls/${firewall.uuid}/stacklets`, { stacklet_ids: [Number(detachedId)] });
    assert.notDeepEqual((await get<{ firewall: Firewall }>(`/v1/firewalls/${firewall.uuid}`)).firewall, applied.firewall, 'undone');
    await runCurl(copied, TOKEN);
    assert.deepEqual((await get<{ firewall: Firewall }>(`/v1/firewalls/${firewall.uuid}`)).firewall, applied.firewall);
  });

  it('one diagnostic per problem (port 70000, "SCTP"); an explicit save sends nothing, says why in our words, and keeps the text as a draft', async () => {
    const firewall = (await firewallNamed('web-fw-doc'))!;
    const document = await edit(firewall);
    // First a syntax error, which VS Code's JSON service reports: once it is gone again, that service has
    // looked at the text with the mistakes below, and anything it flags there would be listed.
    await replaceText(document, document.getText().replace('"name":', '"name"'));
    await until('the JSON service reports the syntax error', () => allDiagnostics(document).some((d) => d.source !== 'Stacklet'));
    const text = document.getText().replace('"name"', '"name":').replace('"port": 8080', '"port": 70000').replace(/("port": 443,\s*"protocol": )"tcp"/, '$1"SCTP"');
    await replaceText(document, text);
    const diagnostics = await until('only our diagnostics', () => {
      const all = allDiagnostics(document);
      return all.every((d) => d.source === 'Stacklet') && all.length === 2 && all;
    }).catch((error: Error) => {
      throw new Error(`${error.message}: ${allDiagnostics(document).map((d) => `${d.source}: ${d.message} at ${document.getText(d.range)}`).join('; ')}`);
    });
    assert.deepEqual(diagnostics.map((d) => document.getText(d.range)).sort(), ['"SCTP"', '70000']);
    assert.ok(diagnostics.every((d) => d.severity === vscode.DiagnosticSeverity.Error));
    const outcome = await steps.save(document);
    assert.deepEqual(outcome.sent, [], 'nothing was sent');
    assert.equal(outcome.asked.length, 0, 'nothing was asked');
    assert.deepEqual(outcome.errors, [], 'a refusal is no notification: it stands in the status bar');
    assert.equal(outcome.refused.length, 1);
    assert.match(outcome.refused[0]!, /^Not applied: the document has 2 problems \(see the Problems panel\), the first on line \d+: .*Your text is kept as a draft\.$/);
    assert.ok(!outcome.refused[0]!.includes('FileSystemError') && !outcome.refused[0]!.includes('Unable to write'));
    assert.equal(document.getText(), text);
    assert.equal(document.isDirty, false, 'the save kept the text (as a draft)');
    // The draft survives closing the editor: Edit Firewall Rules opens it again, and says it is a draft.
    await closeEditorsOf(document);
    suite.shown.length = 0;
    const again = await edit(firewall);
    assert.equal(again.getText(), text);
    await until('the draft is announced', () => suite.shown.some((s) => s.level === 'info' && /^This is your draft of firewall web-fw-doc, saved .* and not applied\./.test(s.message)));
    await vscode.commands.executeCommand('stacklet.discardDraft', again.uri);
    assert.ok(!again.getText().includes('70000') && !again.isDirty, 'Discard Draft shows the service\'s state again');
  });

  it('a refused save stands until the document\'s next save answers: fixed and saved, the refusal is gone and the success is told', async () => {
    const firewall = (await firewallNamed('web-fw-doc'))!;
    const document = await edit(firewall);
    const original = document.getText();
    const broken = original.replace(/"port": 22\b/, '"port": 99999');
    assert.notEqual(broken, original);
    await replaceText(document, broken);
    const refused = await steps.save(document);
    assert.deepEqual([...refused.sent, ...refused.errors], []);
    assert.equal(refused.refused.length, 1);
    assert.match(refused.refused[0]!, /^Not applied: the document has a problem on line \d+: .*65535/);
    // Fixed: port 2222 instead of 22, a change the service takes.
    await replaceText(document, original.replace(/"port": 22\b/, '"port": 2222'));
    const applied = await steps.save(document, { choose: 'Apply' });
    assert.deepEqual(applied.errors, []);
    assert.ok(applied.infos.some((m) => m.startsWith('Applied to firewall web-fw-doc')), applied.infos.join('; '));
    assert.deepEqual(applied.refused, [], 'the refusal no longer stands');
    // Put the rule back for the tests that follow.
    await replaceText(document, document.getText().replace(/"port": 2222\b/, '"port": 22'));
    assert.deepEqual((await steps.save(document, { choose: 'Apply' })).errors, []);
    await closeEditorsOf(document);
  });

  it('completion and hovers come from the schema generated from zod', async () => {
    const document = await steps.open('stacklet.newFirewall');
    const text = document.getText().replace(/"outbound_rules": \[[^\]]*\]/, '"outbound_rules": [{ "address": "0.0.0.0/0",  }]');
    await replaceText(document, text);
    const at = document.positionAt(text.indexOf('"0.0.0.0/0",  }') + '"0.0.0.0/0", '.length);
    const labels = await until('completion proposes the rule\'s keys', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, at);
      const found = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
      return found.includes('protocol') && found;
    });
    assert.ok(labels.includes('port'), labels.join(', '));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, document.positionAt(text.indexOf('"address": "0.0.0.0/0",  }') + 2));
    const said = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(said, /IPv4 address or CIDR/);
    await revert(document);
  });

  it('auto-save (after a delay, on focus change) never asks, sends or fails: it keeps a draft; only Apply sends', async () => {
    const firewall = (await firewallNamed('web-fw-doc'))!;
    const document = await edit(firewall);
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSaveDelay', 200, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    try {
      const half = document.getText().replace('"port": 443', '"port": 44');
      const typed = await steps.act(async () => {
        await replaceText(document, half.replace('"port": 44,', '"port": ,'));
        await until('auto-saved after a delay', () => !document.isDirty);
        await replaceText(document, half);
        await until('auto-saved again', () => !document.isDirty);
      });
      assert.deepEqual(typed.sent, [], 'nothing reached the service');
      assert.deepEqual(typed.asked, [], 'nothing was asked');
      assert.deepEqual([...typed.errors, ...typed.warnings], [], 'nothing failed noisily');
      await files.update('autoSave', 'onFocusChange', vscode.ConfigurationTarget.Global);
      const focus = await steps.act(async () => {
        await replaceText(document, half.replace('"port": 44', '"port": 4443'));
        await vscode.commands.executeCommand('workbench.action.files.newUntitledFile');
        await until('auto-saved on focus change', () => !document.isDirty);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      });
      assert.deepEqual([...focus.sent, ...focus.asked, ...focus.errors, ...focus.warnings], []);
      // Show Changes (the focused choice) compares and sends nothing; Apply sends the draft.
      const looked = await steps.applyAction(document, { choose: 'Show Changes' });
      assert.deepEqual(looked.sent, []);
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      assert.ok(tab instanceof vscode.TabInputTextDiff, 'a diff editor is open');
      assert.equal(tab.modified.toString(), document.uri.toString());
      assert.match(vscode.window.tabGroups.activeTabGroup.activeTab!.label, /web-fw-doc: Stacklet Cloud ↔ your document/);
      const serviceSide = await vscode.workspace.openTextDocument(tab.original);
      assert.ok(!serviceSide.getText().includes('"port": 4443'), 'the service\'s side shows the service before the apply');
      const applied = await steps.applyAction(document, { choose: 'Apply' });
      assert.deepEqual(applied.sent.map((s) => s.route), ['DELETE /v1/firewalls/:uuid/rules', 'POST /v1/firewalls/:uuid/rules']);
      assert.ok((await firewallNamed('web-fw-doc'))!.inbound_rules.some((r) => r.port === 4443));
      // The open diff follows the apply: its service side shows the service's new state.
      await until('the diff\'s service side shows the applied rule', () => serviceSide.getText().includes('"port": 4443'));
      assert.equal(serviceSide.getText(), document.getText(), 'both sides agree once applied');
    } finally {
      await restoreAutoSave();
    }
  });

  it('Escape in the confirmation sends nothing and keeps the text', async () => {
    const firewall = (await firewallNamed('web-fw-doc'))!;
    const document = await edit(firewall);
    const text = document.getText().replace('"port": 80,', '"port": 8081,');
    await replaceText(document, text);
    const outcome = await steps.save(document, 'escape');
    assert.equal(outcome.asked[0]!.detail, `Remove inbound rule: TCP 80 from 0.0.0.0/0\nAdd inbound rule: TCP 8081 from 0.0.0.0/0${whichButtonLine('Apply')}`);
    assert.deepEqual(outcome.sent, []);
    assert.equal(document.getText(), text);
    await vscode.commands.executeCommand('stacklet.discardDraft', document.uri);
  });

  it('New Firewall: a template that creates the firewall on save; the Networking view shows it; a second save edits it', async () => {
    const document = await steps.open('stacklet.newFirewall');
    assert.match(document.uri.path, /^\/new\/new-firewall-\d+\.jsonc$/);
    const text = document.getText().replace(/"name": "[^"]*"/, '"name": "doc-created"');
    await replaceText(document, text);
    const outcome = await steps.save(document, { choose: 'Create' });
    assert.deepEqual(outcome.errors, []);
    assert.deepEqual(outcome.asked[0]!.choices, ['Show Changes', 'Create']);
    assert.equal(outcome.asked[0]!.detail, `Name: doc-created\nInbound rule: TCP 22 from 0.0.0.0/0\nOutbound rule: all protocols all ports to 0.0.0.0/0${whichButtonLine('Create')}`);
    assert.deepEqual(outcome.sent.map((s) => s.route), ['POST /v1/firewalls']);
    const created = await firewallNamed('doc-created');
    assert.ok(created, 'the firewall exists');
    assert.deepEqual(created.inbound_rules, [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }]);
    assert.ok(document.getText().includes(created.uuid) && !document.isDirty, 'the document shows the service\'s answer');
    const networking = suite.api.views.get('networking')!;
    const groups = (await networking.getChildren()) as ResourceNode[];
    const names = (await Promise.all(groups.map((g) => networking.getChildren(g) as Promise<ResourceNode[]>))).flat().map((n) => n.resource?.name);
    assert.ok(names.includes('doc-created'), `the Networking view shows doc-created (${names.join(', ')})`);
    await replaceText(document, document.getText().replace('"name": "doc-created"', '"name": "doc-created-2"'));
    const again = await steps.save(document, { choose: 'Apply' });
    assert.deepEqual(again.sent.map((s) => s.route), ['PUT /v1/firewalls/:uuid']);
  });

  it('a refused create shows the service\'s message and keeps the text', async () => {
    const document = await steps.open('stacklet.newFirewall');
    const text = document.getText().replace(/"name": "[^"]*"/, '"name": "web-fw-doc"');
    await replaceText(document, text);
    const outcome = await steps.save(document, { choose: 'Create' });
    assert.equal(outcome.sent.length, 1);
    assert.equal(outcome.sent[0]!.route, 'POST /v1/firewalls');
    assert.ok(outcome.sent[0]!.status >= 400, 'the service refused');
    assert.equal(outcome.errors.length, 1);
    assert.match(outcome.errors[0]!, /^Could not create firewall web-fw-doc: name: is already used.*Your text is kept\.$/);
    assert.equal(document.getText(), text);
  });

  it('a new firewall is planned by its create definition: a stacklet the account does not have is refused before anything is sent', async () => {
    const document = await steps.open('stacklet.newFirewall');
    const text = document.getText().replace(/"name": "[^"]*"/, '"name": "doc-unknown"').replace(/"stacklet_ids": \[\]/, '"stacklet_ids": [424242]');
    await replaceText(document, text);
    const outcome = await steps.save(document);
    assert.deepEqual(outcome.asked, [], 'nothing is asked');
    assert.deepEqual(outcome.sent, []);
    assert.match(outcome.refused[0]!, /^Not applied: stacklets\.0: no stacklet has this ID\. Your text is kept as a draft\.$/);
    assert.equal(document.getText(), text);
    await vscode.commands.executeCommand('stacklet.discardDraft', document.uri);
  });

  it('a name a co-tenant gave it with a bidi or invisible character shows escaped in the tab title and the path', async () => {
    const { client } = await suite.api.session.current();
    const rule = { address: '198.51.100.0/24', port: 22, protocol: 'tcp' };
    // Made under plain names, then renamed as another client may (a new name must pass checkResourceName, a rename
    // takes any display name).
    const made = await Promise.all(['fw\u202ecnosj.exe', 'prod\u200b-fw'].map(async (name, i) => {
      const plain = await client.createFirewall({ name: `co-tenant-${i}`, inbound_rules: [rule], outbound_rules: [rule] });
      return client.renameFirewall(plain.uuid, name);
    }));
    try {
      for (const [firewall, title] of [[made[0]!, 'fw\\u202Ecnosj.exe.jsonc'], [made[1]!, 'prod\\u200B-fw.jsonc']] as const) {
        const document = await edit(firewall as unknown as Firewall);
        const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
        assert.ok(tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === document.uri.toString(), 'the active tab shows the document');
        assert.equal(tab.label, title, 'the tab title shows the character escaped');
        assert.equal(document.uri.path, `/${firewall.uuid}/${title}`);
        assert.match(document.getText(), new RegExp(`^// .*${title.replace('.jsonc', '').replace(/\\/g, '\\\\')}`, 'm'), 'the header names it the same way');
        await closeEditorsOf(document);
      }
    } finally {
      for (const firewall of made) await serviceRequest(TOKEN, 'DELETE', `/v1/firewalls/${firewall.uuid}`);
    }
  });

  it('a service without the rules endpoints: the name changes, the user is told the rules could not, and the text stays', async () => {
    await control('/_emulator/config', { quirks: { noFirewallRulesEndpoints: true } });
    try {
      const firewall = (await firewallNamed('doc-created-2'))!;
      const document = await edit(firewall);
      const text = document.getText().replace('"name": "doc-created-2"', '"name": "doc-renamed"').replace('"port": 22', '"port": 2222');
      await replaceText(document, text);
      const outcome = await steps.save(document, { choose: 'Apply' });
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['PUT /v1/firewalls/:uuid 200', 'DELETE /v1/firewalls/:uuid/rules 404']);
      assert.equal(outcome.warnings.length, 1);
      assert.match(outcome.warnings[0]!, /^This service does not support changing the rules \(remove 1 rule, add 1 rule\) of firewall doc-created-2: they were not changed\. Applied: rename to doc-renamed\. Your text is kept\.$/);
      assert.equal(document.getText(), text);
      const after = (await get<{ firewall: Firewall }>(`/v1/firewalls/${firewall.uuid}`)).firewall;
      assert.equal(after.name, 'doc-renamed');
      assert.deepEqual(after.inbound_rules, firewall.inbound_rules);
    } finally {
      await control('/_emulator/config', { quirks: { noFirewallRulesEndpoints: false } });
    }
  });
});
