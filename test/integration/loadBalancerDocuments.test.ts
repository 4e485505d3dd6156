// Load balancers as JSON documents: Edit Load Balancer (on an item, or from the palette with a picker) and New
// Load Balancer (Document). An explicit save applies the difference through PUT, /rules and /stacklets after a
// confirmation; a service without the sub-resources is named in a clear message and the text stays. Every test
// checks what the emulator received and the load balancer that resulted, in an account of its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ResourceNode } from '../../src/views/resourceNode';
import type { AskedItem } from './scriptedPrompter';
import { control, serviceGet } from './emulatorAccess';
import { waitFor } from '../harness/processes';
import { allDiagnostics, documentSuite, replaceText, whichButtonLine } from './documentSteps';

const EMAIL = 'lb-docs@stacklet.example';
const TOKEN = `stk_lbdocs_${Date.now().toString(36)}`;

interface LoadBalancer {
  uuid: string;
  name: string;
  algorithm: string;
  task: unknown;
  rules: { protocol: string; source_port: number; target_port: number }[];
  health: { protocol: string; interval: number };
  stacklet_ids: number[];
}

const get = <T>(path: string) => serviceGet<T>(TOKEN, path);
const loadBalancerNamed = async (name: string) => (await get<{ load_balancers: LoadBalancer[] }>('/v1/load_balancers?per_page=200')).load_balancers.find((l) => l.name === name);

/** The text with `edit` applied to its JSON (comments dropped). */
function edited(text: string, edit: (json: Record<string, unknown>) => void): string {
  const json = JSON.parse(text.replace(/^\/\/.*\n/gm, '')) as Record<string, unknown>;
  edit(json);
  return `${JSON.stringify(json, null, 2)}\n`;
}

describe('Load balancer documents', function () {
  this.timeout(90_000);
  const suite = documentSuite({ email: EMAIL, token: TOKEN }, 'stacklet-loadbalancer', { noLoadBalancerSubresources: false });
  const { steps, prompter } = suite;

  /** The Networking view's load-balancer items. */
  async function listedLoadBalancers(): Promise<ResourceNode[]> {
    const networking = suite.api.views.get('networking')!;
    const groups = (await networking.getChildren()) as ResourceNode[];
    const group = groups.find((g) => g.id === 'networking/loadBalancers')!;
    return (await networking.getChildren(group)) as ResourceNode[];
  }

  it('Edit Load Balancer on an item: a save adds a rule and changes the health check; the Networking view shows the rule', async () => {
    const lb = (await loadBalancerNamed('web-lb'))!;
    const node = (await listedLoadBalancers()).find((n) => n.resource?.name === 'web-lb')!;
    const document = await steps.open('stacklet.editLoadBalancer', node);
    assert.equal(document.uri.scheme, 'stacklet-loadbalancer');
    assert.equal(document.uri.path, `/${lb.uuid}/web-lb.jsonc`);
    assert.equal(document.languageId, 'jsonc');
    await replaceText(document, edited(document.getText(), (json) => {
      (json['rules'] as unknown[]).push({ protocol: 'http', source_port: 8080, target_port: 80 });
      (json['health'] as Record<string, unknown>)['interval'] = 20;
    }));
    const outcome = await steps.save(document, { choose: 'Apply' });
    assert.deepEqual(outcome.errors, []);
    assert.deepEqual(outcome.asked[0]!.choices, ['Show Changes', 'Apply']);
    assert.equal(outcome.asked[0]!.detail, `Health check: HTTP :80/healthz every 20 s, up after 3, down after 3\nAdd rule: HTTP 8080 → 80${whichButtonLine('Apply')}`);
    assert.deepEqual(outcome.sent.map((s) => s.route), ['PUT /v1/load_balancers/:uuid', 'POST /v1/load_balancers/:uuid/rules']);
    assert.deepEqual(outcome.sent[1]!.body, { rules: [{ protocol: 'http', source_port: 8080, target_port: 80, certificate_id: null, tls_passthrough: false }] });
    const after = (await loadBalancerNamed('web-lb'))!;
    assert.equal(after.health.interval, 20);
    assert.ok(after.rules.some((r) => r.source_port === 8080));
    const rules = await waitFor('the Networking view lists the new rule', 20_000, async () => {
      const item = (await listedLoadBalancers()).find((n) => n.resource?.name === 'web-lb');
      const labels = item ? (await item.getChildren()).map((r) => r.init.label) : [];
      return labels.includes('HTTP 8080 → 80') ? labels : undefined;
    });
    assert.equal(rules.length, 3);
    assert.ok(!document.isDirty && document.getText().includes('"source_port": 8080'));
  });

  it('a mistake is one diagnostic at its place and a save sends nothing', async () => {
    const document = await steps.open('stacklet.editLoadBalancer', (await listedLoadBalancers()).find((n) => n.resource?.name === 'web-lb'));
    // First a syntax error, which VS Code's JSON service reports: once it is gone again, that service has
    // looked at the text with the mistake below, and anything it flags there would be listed.
    const original = document.getText();
    await replaceText(document, original.replace('"name":', '"name"'));
    await waitFor('the JSON service reports the syntax error', 20_000, () => allDiagnostics(document).some((d) => d.source !== 'Stacklet') || undefined);
    await replaceText(document, original);
    const text = edited(document.getText(), (json) => {
      (json['rules'] as Record<string, unknown>[])[2]!['source_port'] = 80;
    });
    await replaceText(document, text);
    const diagnostics = await waitFor('our diagnostic, alone', 20_000, () => {
      const found = allDiagnostics(document);
      return found.length === 1 && found[0]!.source === 'Stacklet' ? found : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}: ${allDiagnostics(document).map((d) => `${d.source}: ${d.message} at ${document.getText(d.range)}`).join('; ')}`);
    });
    assert.equal(diagnostics[0]!.source, 'Stacklet');
    assert.match(diagnostics[0]!.message, /source_port 80 is already used by rules\[0\]/);
    assert.equal(document.getText(diagnostics[0]!.range), '80');
    assert.ok(document.offsetAt(diagnostics[0]!.range.start) > text.indexOf('8080'), 'the third rule is marked, not the first');
    const outcome = await steps.save(document);
    assert.deepEqual(outcome.sent, []);
    assert.equal(outcome.asked.length, 0);
    assert.deepEqual(outcome.errors, [], 'a refusal is no notification: it stands in the status bar');
    assert.match(outcome.refused[0]!, /^Not applied: the document has a problem on line \d+: source_port 80 is already used by rules\[0\]/);
    await vscode.commands.executeCommand('stacklet.discardDraft', document.uri);
  });

  it('from the palette, Edit Load Balancer asks which one', async () => {
    prompter.script({ pick: 'web-lb' });
    await vscode.commands.executeCommand('stacklet.editLoadBalancer');
    assert.deepEqual(prompter.problems, []);
    assert.equal(prompter.asked[0]!.title, 'Edit which load balancer?');
    assert.deepEqual(prompter.asked[0]!.items!.map((i: AskedItem) => i.label), ['web-lb']);
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'stacklet-loadbalancer');
  });

  it('New Load Balancer (Document): a template that creates the load balancer on save; its task is followed', async () => {
    const document = await steps.open('stacklet.newLoadBalancerDocument');
    assert.match(document.uri.path, /^\/new\/new-load-balancer-\d+\.jsonc$/);
    const web = (await get<{ stacklets: { id: number; name: string }[] }>('/v1/stacklets?per_page=200')).stacklets.filter((s) => /^web-/.test(s.name)).map((s) => s.id);
    await replaceText(document, edited(document.getText(), (json) => {
      json['name'] = 'doc-lb';
      json['stacklet_ids'] = web;
    }));
    const outcome = await steps.save(document, { choose: 'Create' });
    assert.deepEqual(outcome.errors, []);
    assert.match(outcome.asked[0]!.detail!, /^Name: doc-lb\nRegion: fra\nAlgorithm: round_robin\nRule: HTTP 80 → 80\n/);
    assert.deepEqual(outcome.sent.map((s) => s.route), ['POST /v1/load_balancers']);
    const created = (await loadBalancerNamed('doc-lb'))!;
    assert.deepEqual(created.stacklet_ids, web);
    assert.ok(suite.api.tasks.isBusy('loadBalancer', created.uuid), 'the create task is followed');
    assert.ok(document.getText().includes(created.uuid), 'the document now edits the new load balancer');
  });

  it('a service without /rules and /stacklets: the settings change, the user is told what could not, and the text stays', async () => {
    await control('/_emulator/config', { quirks: { noLoadBalancerSubresources: true } });
    try {
      const document = await steps.open('stacklet.editLoadBalancer', (await listedLoadBalancers()).find((n) => n.resource?.name === 'web-lb'));
      const text = edited(document.getText(), (json) => {
        json['name'] = 'web-lb-renamed';
        json['rules'] = (json['rules'] as Record<string, unknown>[]).filter((r) => r['source_port'] !== 8080);
      });
      await replaceText(document, text);
      const outcome = await steps.save(document, { choose: 'Apply' });
      assert.deepEqual(outcome.sent.map((s) => `${s.route} ${s.status}`), ['PUT /v1/load_balancers/:uuid 200', 'DELETE /v1/load_balancers/:uuid/rules 404']);
      assert.equal(outcome.warnings.length, 1);
      assert.match(outcome.warnings[0]!, /^This service does not support changing the rules \(remove 1 rule\) of load balancer web-lb: they were not changed\. Applied: update name\. Your text is kept\.$/);
      assert.equal(document.getText(), text);
      const after = (await loadBalancerNamed('web-lb-renamed'))!;
      assert.ok(after.rules.some((r) => r.source_port === 8080));
    } finally {
      await control('/_emulator/config', { quirks: { noLoadBalancerSubresources: false } });
    }
  });
});
