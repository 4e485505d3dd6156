// The walkthrough says what the product shows: its firewall step quotes the lines the confirmation of a save
// lists (src/kinds/firewall/documentRules.ts), for the edit it describes on the demo data's web-firewall, and its
// JSON sample is laid out as the document is and fits a narrow pane; its explore step says what a stacklet row shows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StackletClient } from '../../src/api/client';
import { firewallKind } from '../../src/kinds/firewall/document';
import { describeFirewallChange } from '../../src/kinds/firewall/documentRules';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { KIND_ROWS } from '../../src/kinds/kindRows';
import { call } from './support/helpers';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const STEP = fs.readFileSync(path.join(ROOT, 'media', 'walkthrough', 'edit-firewall.md'), 'utf8');

describe('the walkthrough shows the product as it is', () => {
  let emu: EmulatorHandle;
  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(async () => emu.close());

  it('quotes the lines the confirmation lists for its edit of web-firewall (port 80 out, 8443 in)', async () => {
    const firewall = (await call(emu, 'GET', '/v1/firewalls')).json.firewalls.find((f: { name: string }) => f.name === 'web-firewall');
    const current = firewallKind.parse(firewallKind.render({ name: firewall.name, inbound_rules: firewall.inbound_rules, outbound_rules: firewall.outbound_rules }, { id: firewall.uuid, name: firewall.name }));
    assert.ok(current.ok);
    const next = {
      ...current.value,
      inbound_rules: [...current.value.inbound_rules.filter((r) => r.port !== 80), { address: '0.0.0.0/0', port: 8443, protocol: 'tcp' as const }],
    };
    const lines = describeFirewallChange(firewallKind.diff(current.value, next));
    assert.deepEqual(lines, ['Remove inbound rule: TCP 80 from 0.0.0.0/0', 'Add inbound rule: TCP 8443 from 0.0.0.0/0']);
    for (const line of lines) assert.ok(STEP.includes(`\`${line}\``), `the step quotes "${line}"`);
    assert.doesNotMatch(STEP, /\+\d+ inbound|−\d+ outbound/, 'no summary the product never shows');
  });

  it('says what a stacklet row shows as the row shows it: region · size, not its address', async () => {
    const explore = fs.readFileSync(path.join(ROOT, 'media', 'walkthrough', 'explore.md'), 'utf8');
    const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
    try {
      const web1 = (await client.listStacklets()).items.find((stacklet) => stacklet.name === 'web-1')!;
      const { description } = KIND_ROWS.stacklet.look(web1);
      assert.equal(description, 'fra · b-1vcpu-2gb');
      assert.ok(explore.includes(`\`${description}\``), `the step quotes the row's description ${description}`);
      assert.doesNotMatch(explore, /IPv4/);
    } finally {
      await client.dispose();
    }
  });

  it('shows the JSON as the document lays it out, in lines that fit a narrow pane', () => {
    const sample = /```jsonc\n([\s\S]*?)```/.exec(STEP)![1]!;
    for (const line of ['  "name": "web-firewall",', '      "address": "203.0.113.0/24",', '      "port": 22,', '      "protocol": "tcp"']) {
      assert.ok(sample.includes(line), `the sample has the document's line ${line}`);
    }
    const longest = Math.max(...sample.split('\n').map((line) => line.length));
    assert.ok(longest <= 40, `its longest line has ${longest} characters`);
  });
});
