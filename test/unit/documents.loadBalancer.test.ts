// Load balancers as documents: problems at their exact place, and the save against the emulator over real HTTP
// through the load balancer's update and create definitions, as the editor sends it (PUT for the settings,
// /rules, /stacklets), including a refusal half-way and a service that lacks the sub-resources.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import type { DocumentProblem } from '../../src/documents/documentKind';
import { loadBalancerKind } from '../../src/kinds/loadBalancer/document';
import { loadBalancerJsonSchema } from '../../src/kinds/loadBalancer/documentSchema';
import { isComplete, reportOutcome } from '../../src/documents/outcome';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import type { ActionContext } from '../../src/actions/definition';
import { createFrom, documentContext, planSave, save } from './support/documentSave';

const at = (text: string, p: DocumentProblem) => text.slice(p.offset, p.offset + p.length);

describe('load-balancer documents', () => {
  const valid = {
    name: 'lb',
    algorithm: 'round_robin',
    rules: [{ protocol: 'http', source_port: 80, target_port: 8080 }],
    health: { protocol: 'http', port: 8080, path: '/health' },
  };

  it('places each problem exactly: a port out of range, a protocol, a repeated source port, an interval, an unknown key', () => {
    const text = JSON.stringify({
      ...valid,
      rules: [
        { protocol: 'smtp', source_port: 80, target_port: 70000 },
        { protocol: 'https', source_port: 80, target_port: 443, certificate_id: 5, tls_passthrough: false },
      ],
      health: { protocol: 'http', interval: 1 },
      bogus: true,
    }, null, 2);
    const parsed = loadBalancerKind.parse(text);
    assert.equal(parsed.ok, false);
    const found = parsed.problems.map((p) => [at(text, p), p.message]);
    assert.ok(found.some(([t, m]) => t === '"smtp"' && /one of http, https, http2, tcp/.test(m!)), JSON.stringify(found));
    assert.ok(found.some(([t, m]) => t === '70000' && /from 0 to 65535/.test(m!)), JSON.stringify(found));
    assert.ok(found.some(([t, m]) => t === '1' && /interval must be from 3 to 300/.test(m!)), JSON.stringify(found));
    assert.ok(found.some(([t, m]) => t === '"bogus"' && /unknown property/.test(m!)), JSON.stringify(found));
    const clash = parsed.problems.find((p) => /already used by rules\[0\]/.test(p.message));
    assert.ok(clash, JSON.stringify(found));
    assert.equal(at(text, clash), '80');
    assert.ok(clash.offset > text.indexOf('"https"'), 'the second rule\'s source_port is marked');
    assert.equal(found.length, 5);
  });

  it('the template parses; the editor schema proposes values and checks nothing', () => {
    assert.ok(loadBalancerKind.parse(loadBalancerKind.template('new-lb')).ok);
    const schema = loadBalancerJsonSchema() as { properties: Record<string, { examples?: unknown[]; items?: { properties: Record<string, { examples?: unknown[] }> } }> };
    assert.deepEqual(schema.properties['algorithm']!.examples, ['round_robin', 'least_connections']);
    assert.deepEqual(schema.properties['rules']!.items!.properties['protocol']!.examples, ['http', 'https', 'http2', 'tcp']);
    assert.ok(!JSON.stringify(schema).match(/"(type|enum|minimum|maximum|required|additionalProperties)":/));
  });
});

describe('load-balancer documents: the save against the emulator', function () {
  let emu: EmulatorHandle;
  let client: StackletClient;
  let ctx: ActionContext;

  beforeEach(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', taskMs: 0 });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
    ctx = documentContext(client, emu.url);
  });
  afterEach(async () => {
    await client.dispose();
    await emu.close();
  });

  async function opened() {
    const lb = (await client.listLoadBalancers()).items.find((l) => l.name === 'web-lb')!;
    const { state, name } = await loadBalancerKind.read(client, lb.uuid);
    return { lb, state, text: loadBalancerKind.render(state, { id: lb.uuid, name }) };
  }

  function edited(text: string, edit: (json: Record<string, unknown>) => void) {
    const json = JSON.parse(text.replace(/^\/\/.*\n/gm, '')) as Record<string, unknown>;
    edit(json);
    const parsed = loadBalancerKind.parse(JSON.stringify(json));
    assert.ok(parsed.ok, JSON.stringify(parsed.problems));
    return parsed.value;
  }

  const stackletIn = async (region: string, not: readonly number[]) => (await client.listStacklets()).items.find((s) => s.region.slug === region && !not.includes(s.id))!.id;

  it('renders the service\'s state as a document that parses back to no change', async () => {
    const { state, text } = await opened();
    const parsed = loadBalancerKind.parse(text);
    assert.ok(parsed.ok, JSON.stringify(parsed.problems));
    assert.ok(loadBalancerKind.isEmpty(loadBalancerKind.diff(state, parsed.value)));
  });

  it('applies settings through PUT, a rule through /rules and a backend through /stacklets', async () => {
    const { lb, state, text } = await opened();
    const extra = await stackletIn('fra', lb.stacklet_ids);
    const next = edited(text, (json) => {
      json['algorithm'] = 'least_connections';
      json['health'] = { protocol: 'tcp', port: 80, interval: 5, rise: 2, fall: 2 };
      (json['rules'] as unknown[]).push({ protocol: 'http', source_port: 8080, target_port: 80 });
      json['stacklet_ids'] = [...lb.stacklet_ids, extra];
    });
    assert.ok(!loadBalancerKind.isEmpty(loadBalancerKind.diff(state, next)));
    const planned = await planSave(ctx, loadBalancerKind, next, lb.uuid);
    assert.deepEqual(planned.plan.words((text) => text).detail.split('\n'), [
      'Algorithm: least_connections',
      'Health check: TCP :80 every 5 s, up after 2, down after 2',
      'Add rule: HTTP 8080 → 80',
      `Add backend stacklet ${extra}`,
    ]);
    const outcome = await planned.send();
    assert.ok(isComplete(outcome), JSON.stringify(outcome));
    assert.deepEqual(outcome.applied, ['update algorithm, health', 'add 1 rule', `add backend stacklet ${extra}`]);
    const after = await client.getLoadBalancer(lb.uuid);
    assert.equal(after.algorithm, 'least_connections');
    assert.equal(after.health?.interval, 5);
    assert.ok(after.rules.some((r) => r.source_port === 8080));
    assert.ok(after.stacklet_ids.includes(extra));
    assert.equal(after.redirect_http_to_https, true, 'what the document left as it was stays');
  });

  it('replacing every rule adds the new ones first, so the load balancer always keeps one', async () => {
    const { lb, text } = await opened();
    const next = edited(text, (json) => {
      json['rules'] = [{ protocol: 'tcp', source_port: 5432, target_port: 5432 }];
    });
    const outcome = await save(ctx, loadBalancerKind, next, lb.uuid);
    assert.deepEqual(outcome.applied, ['add 1 rule', 'remove 2 rules']);
    assert.deepEqual((await client.getLoadBalancer(lb.uuid)).rules.map((r) => r.source_port), [5432]);
  });

  it('a refusal half-way: the settings and rules went through, the backend in another region is refused in the service\'s words', async () => {
    const { lb, text } = await opened();
    const elsewhere = await stackletIn('ams', []);
    const next = edited(text, (json) => {
      json['name'] = 'web-lb-2';
      (json['rules'] as unknown[]).push({ protocol: 'tcp', source_port: 6379, target_port: 6379 });
      json['stacklet_ids'] = [elsewhere];
    });
    const outcome = await save(ctx, loadBalancerKind, next, lb.uuid);
    assert.deepEqual(outcome.applied, ['update name', 'add 1 rule', `remove backend stacklets ${lb.stacklet_ids.join(', ')}`]);
    assert.equal(outcome.failed!.label, `add backend stacklet ${elsewhere}`);
    assert.match(outcome.failed!.message, /is in ams, not fra/);
    const after = await client.getLoadBalancer(lb.uuid);
    assert.equal(after.name, 'web-lb-2');
    assert.deepEqual(after.stacklet_ids, []);
    const report = reportOutcome(outcome, 'load balancer web-lb-2');
    assert.equal(report.level, 'error');
    assert.match(report.message, /"add backend stacklet \d+" was refused: .*is in ams, not fra/);
  });

  it('a service without /rules and /stacklets: the settings apply, and the rules and backends are named as unchanged', async () => {
    emu.configure({ quirks: { noLoadBalancerSubresources: true } });
    const { lb, text } = await opened();
    const next = edited(text, (json) => {
      json['name'] = 'web-lb-put-only';
      (json['rules'] as unknown[]).push({ protocol: 'http', source_port: 81, target_port: 80 });
      json['stacklet_ids'] = [lb.stacklet_ids[0]];
    });
    const outcome = await save(ctx, loadBalancerKind, next, lb.uuid);
    assert.equal(outcome.failed, undefined);
    assert.deepEqual(outcome.applied, ['update name']);
    assert.deepEqual(outcome.unsupported.map((u) => u.part), ['rules', 'backend stacklets']);
    const after = await client.getLoadBalancer(lb.uuid);
    assert.equal(after.name, 'web-lb-put-only');
    assert.equal(after.rules.length, 2);
    assert.deepEqual(after.stacklet_ids, lb.stacklet_ids);
    const report = reportOutcome(outcome, 'load balancer web-lb');
    assert.equal(report.level, 'warning');
    assert.match(report.message, /does not support changing the rules \(add 1 rule\); the backend stacklets \(remove backend stacklet \d+\) of load balancer web-lb/);
  });

  it('creates a load balancer from a new document (a task follows); a bad region is the service\'s refusal', async () => {
    const parsed = loadBalancerKind.parse(loadBalancerKind.template('lb-new'));
    assert.ok(parsed.ok);
    const created = await createFrom(ctx, loadBalancerKind, parsed.value);
    assert.equal(created.name, 'lb-new');
    assert.ok(created.task, 'creating a load balancer is a task');
    assert.equal((await client.getLoadBalancer(created.id)).rules[0]!.source_port, 80);
    await assert.rejects(createFrom(ctx, loadBalancerKind, { ...parsed.value, name: 'lb-x', region: 'xyz' }), /region/);
  });
});
