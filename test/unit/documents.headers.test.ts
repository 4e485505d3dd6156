// A document's comments fit beside the editor's minimap at the default window size (issue 45, item 7): every
// header line of every document kind at most COMMENT_COLUMNS wide, broken between words, a name longer than a
// line on one of its own, and the header still read back as comments (the document parses).
import * as assert from 'node:assert/strict';
import { COMMENT_COLUMNS, commentLines } from '../../src/documents/jsonDocument';
import { firewallText, newFirewallTemplate } from '../../src/kinds/firewall/documentText';
import { firewallKind } from '../../src/kinds/firewall/document';
import { newLoadBalancerTemplate } from '../../src/kinds/loadBalancer/document';
import { newUserdataTemplate } from '../../src/kinds/userdata/document';

const UUID = '7d9f3c1e-5a2b-4c8d-9e0f-1a2b3c4d5e6f';

describe('document headers', () => {
  it('break a line between words at COMMENT_COLUMNS, and give a word longer than a line its own', () => {
    assert.equal(COMMENT_COLUMNS, 80);
    const long = 'x'.repeat(90);
    const lines = commentLines('//', `Firewall ${long} (${UUID}). Save (Ctrl+S) to apply; auto-save keeps a draft.`);
    assert.deepEqual(lines.slice(0, 2), ['// Firewall', `// ${long}`]);
    for (const line of lines.filter((l) => !l.includes(long))) assert.ok(line.length <= COMMENT_COLUMNS, line);
    assert.equal(lines.map((l) => l.slice(3)).join(' '), `Firewall ${long} (${UUID}). Save (Ctrl+S) to apply; auto-save keeps a draft.`);
    assert.deepEqual(commentLines('#', 'short'), ['# short']);
  });

  it('keep every comment line of every document within COMMENT_COLUMNS', () => {
    const state = { name: 'web-firewall-for-the-production-cluster', inbound_rules: [], outbound_rules: [] };
    const texts = {
      firewall: firewallText(state, { id: UUID, name: state.name }),
      newFirewall: newFirewallTemplate('new-firewall'),
      newLoadBalancer: newLoadBalancerTemplate('new-load-balancer'),
      newUserdata: newUserdataTemplate('new-script'),
    };
    const wide = Object.entries(texts).flatMap(([kind, text]) => text.split('\n')
      .filter((line) => /^(\/\/|#) /.test(line) && line.length > COMMENT_COLUMNS)
      .map((line) => `${kind}: ${line.length} columns: ${line}`));
    assert.deepEqual(wide, []);
    assert.ok(texts.firewall.startsWith(`// Firewall ${state.name}\n// (${UUID}). Save (Ctrl+S) to apply; auto-save\n// keeps a draft.\n`), texts.firewall);
    const parsed = firewallKind.parse(texts.firewall);
    assert.ok(parsed.ok, JSON.stringify(parsed.problems));
  });
});
