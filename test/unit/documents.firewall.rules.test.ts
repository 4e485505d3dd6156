import * as assert from 'node:assert/strict';
import type { DocumentProblem } from '../../src/documents/documentKind';
import { newFirewallTemplate, parseFirewallDocument, renderFirewallDocument } from '../../src/kinds/firewall/documentText';
import { describeFirewallChange, describeFirewallCreate, diffFirewall, diffRules, isEmptyChange, normaliseRules } from '../../src/kinds/firewall/documentRules';
import { firewallJsonSchema } from '../../src/kinds/firewall/documentSchema';

/** The text a problem covers. */
const at = (text: string, p: DocumentProblem) => text.slice(p.offset, p.offset + p.length);

function problems(text: string): DocumentProblem[] {
  const parsed = parseFirewallDocument(text);
  assert.equal(parsed.ok, false, 'the document has problems');
  return [...parsed.problems];
}

describe('firewall documents', () => {
  it('parses JSONC: comments and trailing commas', () => {
    const text = `// a header
{
  "name": "web-fw", /* inline */
  "inbound_rules": [
    { "address": "0.0.0.0/0", "port": 22, "protocol": "TCP", },
  ],
  "outbound_rules": [],
}
`;
    const parsed = parseFirewallDocument(text);
    assert.ok(parsed.ok, JSON.stringify(parsed.problems));
    assert.equal(parsed.value.name, 'web-fw');
    assert.deepEqual(parsed.value.inbound_rules, [{ address: '0.0.0.0/0', port: 22, protocol: 'TCP' }]);
  });

  it('places a port of 70000 at the range of 70000', () => {
    const text = '{"name":"a","inbound_rules":[{"address":"0.0.0.0/0","port":70000}],"outbound_rules":[]}';
    const [p, ...rest] = problems(text);
    assert.equal(rest.length, 0);
    assert.equal(at(text, p!), '70000');
    assert.match(p!.message, /port/);
  });

  it('places a bad protocol, a bad CIDR and a missing address exactly', () => {
    const text = `{
  "name": "a",
  "inbound_rules": [{ "address": "10.0.0.0/33", "protocol": "SCTP" }],
  "outbound_rules": [{ "port": 80 }]
}`;
    const found = problems(text).map((p) => [at(text, p), p.message]);
    assert.ok(found.some(([t, m]) => t === '"SCTP"' && /TCP, UDP, ICMP/.test(m!)), JSON.stringify(found));
    assert.ok(found.some(([t, m]) => t === '"10.0.0.0/33"' && /IPv4 address or CIDR/.test(m!)), JSON.stringify(found));
    assert.ok(found.some(([t, m]) => t === '{ "port": 80 }' && /"address" is required/.test(m!)), JSON.stringify(found));
    assert.equal(found.length, 3);
  });

  it('places a missing list on the root, an unknown key on the key, a syntax error where it is', () => {
    const missing = '{"name":"a","inbound_rules":[],"bogus":1}';
    const found = problems(missing).map((p) => [at(missing, p), p.message]);
    assert.ok(found.some(([t, m]) => t === missing && /"outbound_rules" is required/.test(m!)), JSON.stringify(found));
    assert.ok(found.some(([t, m]) => t === '"bogus"' && /unknown property/.test(m!)), JSON.stringify(found));
    const broken = '{"name": "a" "inbound_rules": []}';
    const [syntax] = problems(broken);
    assert.equal(broken.slice(syntax!.offset).startsWith('"inbound_rules"'), true);
    assert.match(syntax!.message, /comma/);
    assert.equal(syntax!.syntax, true, 'a syntax error says so (the JSON editor reports those itself)');
    assert.equal(problems('').length, 1);
  });

  it('renders a firewall back into a document that parses to the same state', () => {
    const text = renderFirewallDocument(
      { name: 'fw', inbound_rules: [{ address: '1.2.3.4', port: null, protocol: 'UDP' }], outbound_rules: [{ address: '0.0.0.0/0', port: 443, protocol: null }], stacklet_ids: [3] },
      ['a header'],
    );
    assert.match(text, /^\/\/ a header\n/);
    const parsed = parseFirewallDocument(text);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value.inbound_rules, [{ address: '1.2.3.4', protocol: 'udp' }]);
    assert.deepEqual(parsed.value.stacklet_ids, [3]);
    assert.ok(parseFirewallDocument(newFirewallTemplate('new-fw')).ok);
  });

  it('keeps a hostile firewall name in the header to its comment line', () => {
    const name = 'evil\n{"name":"forged","inbound_rules":[],"outbound_rules":[]}\n// \u202e';
    const text = renderFirewallDocument({ name, inbound_rules: [], outbound_rules: [] }, [`Firewall ${name} (u-1).`, 'second line */']);
    const lines = text.split('\n');
    // The header is broken at 80 columns: a long name takes more than one line, each of them a comment.
    const header = lines.slice(0, lines.indexOf('{'));
    assert.ok(header.length >= 2 && header.every((line) => line.startsWith('// ')), header.join('\n'));
    assert.ok(header[0]!.startsWith('// Firewall evil\\n{') && header.join('\n').includes('\\u202E'), header.join('\n'));
    assert.equal(header.at(-1), '// second line *\\/');
    assert.equal((JSON.parse(lines.slice(header.length).join('\n')) as { name: string }).name, name, 'the body is the JSON, and only it');
  });

  it('generates the editor\'s JSON schema from the zod schema: descriptions and proposals, no checks of its own', () => {
    type Node = { description?: string; examples?: unknown[]; items?: Node; properties?: Record<string, Node>; [key: string]: unknown };
    const schema = firewallJsonSchema() as Node;
    assert.ok(schema.properties!['name']!.description);
    const rule = schema.properties!['inbound_rules']!.items!;
    assert.ok(rule.properties!['port']!.description);
    assert.deepEqual(rule.properties!['protocol']!.examples, ['tcp', 'udp', 'icmp']);
    assert.deepEqual(rule.properties!['port']!.examples, [22, 80, 443]);
    // One diagnostic per problem: the schema must not also flag port 70000, "SCTP", a wrong type or an unknown key.
    const checks = new Set(['type', 'enum', 'minimum', 'maximum', 'required', 'additionalProperties', 'pattern', 'const']);
    const found: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (checks.has(key) && !at.endsWith('.properties')) found.push(`${at}.${key}`);
        walk(value, `${at}.${key}`);
      }
    };
    walk(schema, '$');
    assert.deepEqual(found, []);
  });
});

describe('firewall rule sets', () => {
  it('normalises: protocol lowercase, "" and null are all, duplicates collapsed', () => {
    assert.deepEqual(normaliseRules([
      { address: '0.0.0.0/0', port: 22, protocol: 'TCP' },
      { address: '0.0.0.0/0', port: 22, protocol: 'tcp' },
      { address: '1.1.1.1', protocol: '' },
      { address: '1.1.1.1', protocol: null, port: null },
    ]), [
      { address: '0.0.0.0/0', port: 22, protocol: 'tcp' },
      { address: '1.1.1.1', port: null, protocol: null },
    ]);
  });

  it('diffs per direction; equal up to case and null-vs-empty', () => {
    const diff = diffRules(
      [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }, { address: '1.1.1.1', protocol: null }, { address: '2.2.2.2' }],
      [{ address: '0.0.0.0/0', port: 22, protocol: 'TCP' }, { address: '1.1.1.1', protocol: '' }, { address: '3.3.3.3', port: 80 }, { address: '3.3.3.3', port: 80 }],
    );
    assert.deepEqual(diff.added, [{ address: '3.3.3.3', port: 80, protocol: null }]);
    assert.deepEqual(diff.removed, [{ address: '2.2.2.2', port: null, protocol: null }]);
  });

  it('summarises a change and a creation', () => {
    const change = diffFirewall(
      { name: 'fw', inbound_rules: [], outbound_rules: [{ address: '0.0.0.0/0' }], stacklet_ids: [1] },
      { name: 'web-fw', inbound_rules: [{ address: '1.1.1.1' }, { address: '2.2.2.2', port: 443 }], outbound_rules: [], stacklet_ids: [1, 2] },
    );
    assert.deepEqual(describeFirewallChange(change), [
      'Rename to web-fw',
      'Add inbound rule: all protocols all ports from 1.1.1.1',
      'Add inbound rule: all protocols 443 from 2.2.2.2',
      'Remove outbound rule: all protocols all ports to 0.0.0.0/0',
      'Attach stacklet 2',
    ]);
    assert.deepEqual(change.stackletsAdded, [2]);
    const same = diffFirewall(
      { name: 'fw', inbound_rules: [{ address: '1.1.1.1', protocol: 'udp' }], outbound_rules: [], stacklet_ids: [1] },
      { name: 'fw', inbound_rules: [{ address: '1.1.1.1', protocol: 'UDP' }], outbound_rules: [], stacklet_ids: undefined },
    );
    assert.ok(isEmptyChange(same));
    assert.deepEqual(describeFirewallChange(same), []);
    assert.deepEqual(describeFirewallCreate({ name: 'n', inbound_rules: [{ address: '1.1.1.1', port: 22, protocol: 'TCP' }], outbound_rules: [{ address: '1.1.1.1' }], stacklet_ids: [4] }), [
      'Name: n',
      'Inbound rule: TCP 22 from 1.1.1.1',
      'Outbound rule: all protocols all ports to 1.1.1.1',
      'Attach stacklet 4',
    ]);
  });
});
