// The firewall document's save against the emulator over real HTTP, through the firewall's update and create
// definitions as the editor sends it: a change read, diffed and sent; a busy stacklet refused before anything is
// sent, as Attach Firewall refuses it; a refusal half-way (what went through, what was refused in the service's
// words, what was not sent); and a service without the /rules endpoints (the rest still applied, the rules named
// as unchanged).
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { firewallKind } from '../../src/kinds/firewall/document';
import { isComplete, reportOutcome } from '../../src/documents/outcome';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { ActionRefusal } from '../../src/actions/refusals';
import type { ActionContext } from '../../src/actions/definition';
import { createFrom, documentContext, planSave, save } from './support/documentSave';

describe('firewall documents: the save against the emulator', function () {
  let emu: EmulatorHandle;
  let client: StackletClient;
  let ctx: ActionContext;

  beforeEach(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
    ctx = documentContext(client, emu.url);
  });
  afterEach(async () => {
    await client.dispose();
    await emu.close();
  });

  /** The demo firewall with its current state, and the text a user edits. */
  async function opened() {
    const firewall = (await client.listFirewalls()).items.find((f) => f.inbound_rules.length > 0)!;
    const { state, name } = await firewallKind.read(client, firewall.uuid);
    return { firewall, state, text: firewallKind.render(state, { id: firewall.uuid, name }) };
  }

  /** The document's state after `edit` of its text, which must parse. */
  function edited(text: string, edit: (json: Record<string, unknown>) => void) {
    const json = JSON.parse(text.replace(/^\/\/.*\n/gm, '')) as Record<string, unknown>;
    edit(json);
    const parsed = firewallKind.parse(JSON.stringify(json));
    assert.ok(parsed.ok, JSON.stringify(parsed.problems));
    return parsed.value;
  }

  async function freeStacklet(attached: readonly number[]): Promise<number> {
    return (await client.listStacklets()).items.find((s) => !attached.includes(s.id) && !s.firewall_uuid)!.id;
  }

  it('renders the service\'s state as a document that parses back to no change', async () => {
    const { state, text } = await opened();
    const parsed = firewallKind.parse(text);
    assert.ok(parsed.ok);
    assert.ok(firewallKind.isEmpty(firewallKind.diff(state, parsed.value)));
  });

  it('applies a rename, rules removed and added, and a stacklet attached, in that order', async () => {
    const { firewall, state, text } = await opened();
    const extra = await freeStacklet(firewall.resources.stacklet_ids);
    const next = edited(text, (json) => {
      json['name'] = 'fw-applied';
      json['inbound_rules'] = [{ address: '198.51.100.0/24', port: 8080, protocol: 'TCP' }];
      json['stacklet_ids'] = [...firewall.resources.stacklet_ids, extra];
    });
    assert.ok(!firewallKind.isEmpty(firewallKind.diff(state, next)));
    const outcome = await save(ctx, firewallKind, next, firewall.uuid);
    assert.ok(isComplete(outcome), JSON.stringify(outcome));
    assert.deepEqual(outcome.applied, ['rename to fw-applied', `remove ${firewall.inbound_rules.length === 1 ? '1 rule' : `${firewall.inbound_rules.length} rules`}`, 'add 1 rule', `attach stacklet ${extra}`]);
    const after = await client.getFirewall(firewall.uuid);
    assert.equal(after.name, 'fw-applied');
    assert.deepEqual(after.inbound_rules, [{ address: '198.51.100.0/24', port: 8080, protocol: 'tcp' }]);
    assert.ok(after.resources.stacklet_ids.includes(extra));
    assert.equal(reportOutcome(outcome, 'firewall fw-applied').level, 'info');
  });

  it('a refusal half-way: what went through stays, the refused step carries the service\'s words, the rest is not sent', async () => {
    const { firewall, text } = await opened();
    const gone = firewall.inbound_rules[0]!;
    const next = edited(text, (json) => {
      json['name'] = 'fw-partial';
      json['inbound_rules'] = [{ address: '192.0.2.0/24', port: 443, protocol: 'tcp' }];
    });
    const planned = await planSave(ctx, firewallKind, next, firewall.uuid);
    // Someone else removes a rule after the save was planned: its "remove" is refused.
    await client.removeFirewallRules(firewall.uuid, { inbound_rules: [{ address: gone.address, ...(gone.port !== null ? { port: gone.port } : {}), ...(gone.protocol ? { protocol: gone.protocol } : {}) }] });
    const outcome = await planned.send();
    assert.deepEqual(outcome.applied, ['rename to fw-partial']);
    assert.match(outcome.failed!.label, /^remove /);
    assert.match(outcome.failed!.message, /is not a rule of this firewall/);
    assert.deepEqual(outcome.notSent, ['add 1 rule']);
    const after = await client.getFirewall(firewall.uuid);
    assert.equal(after.name, 'fw-partial');
    assert.ok(!after.inbound_rules.some((r) => r.address === '192.0.2.0/24'), 'the add was not sent');
    const report = reportOutcome(outcome, 'firewall fw-partial');
    assert.equal(report.level, 'error');
    assert.match(report.message, /is not a rule of this firewall/);
    assert.match(report.message, /Applied: rename to fw-partial\./);
    assert.match(report.message, /Not sent: add 1 rule\./);
  });

  it('a service without the /rules endpoints: the rules are named as unchanged, and the other parts still apply', async () => {
    emu.configure({ quirks: { noFirewallRulesEndpoints: true } });
    const { firewall, text } = await opened();
    const extra = await freeStacklet(firewall.resources.stacklet_ids);
    const next = edited(text, (json) => {
      json['name'] = 'fw-no-rules';
      json['inbound_rules'] = [{ address: '192.0.2.7', port: 2222, protocol: 'tcp' }];
      json['stacklet_ids'] = [...firewall.resources.stacklet_ids, extra];
    });
    const outcome = await save(ctx, firewallKind, next, firewall.uuid);
    assert.equal(outcome.failed, undefined);
    assert.deepEqual(outcome.applied, ['rename to fw-no-rules', `attach stacklet ${extra}`]);
    assert.equal(outcome.unsupported.length, 1);
    assert.equal(outcome.unsupported[0]!.part, 'rules');
    assert.equal(outcome.unsupported[0]!.labels.length, 2, 'the add is not tried once the remove showed the endpoint missing');
    const after = await client.getFirewall(firewall.uuid);
    assert.deepEqual(after.inbound_rules, firewall.inbound_rules);
    assert.equal(after.name, 'fw-no-rules');
    const report = reportOutcome(outcome, 'firewall fw-no-rules');
    assert.equal(report.level, 'warning');
    assert.match(report.message, /does not support changing the rules/);
    assert.match(report.message, /Your text is kept/);
  });

  it('creates a firewall from a new document; a refusal throws the service\'s words', async () => {
    const parsed = firewallKind.parse(firewallKind.template('fw-new'));
    assert.ok(parsed.ok);
    const created = await createFrom(ctx, firewallKind, parsed.value);
    assert.equal(created.name, 'fw-new');
    assert.deepEqual((await client.getFirewall(created.id)).inbound_rules, [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }]);
    await assert.rejects(createFrom(ctx, firewallKind, parsed.value), /already used/);
  });

  it('refuses a busy stacklet put behind it before anything is sent, in the words Attach Firewall gives', async () => {
    const { firewall, text } = await opened();
    const extra = await freeStacklet(firewall.resources.stacklet_ids);
    const next = edited(text, (json) => {
      json['name'] = 'fw-busy';
      json['stacklet_ids'] = [...firewall.resources.stacklet_ids, extra];
    });
    emu.configure({ holdTasks: true });
    await client.stackletAction(extra, { action: 'power_off' });
    await assert.rejects(planSave(ctx, firewallKind, next, firewall.uuid), (error: unknown) => {
      assert.ok(error instanceof ActionRefusal, String(error));
      assert.equal(error.reason, 'busy');
      return true;
    });
    assert.equal((await client.getFirewall(firewall.uuid)).name, firewall.name, 'nothing was sent');
  });
});
