// `npm run manifest` and its `--check` (run by `npm run lint`): package.json's commands and menus, and their
// package.nls.json titles, are what the declarations (src/kinds/commands.ts, src/kinds/<kind>/actions.ts) say;
// a hand edit of them is found and put back, and every other part of both files is left byte for byte.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { groupRow } from '../../src/kinds/groupRow';
import { rowPattern, rowStates } from '../../src/kinds/rowState';
import { stackletRow } from '../../src/kinds/stacklet/row';
import { KIND_ACTIONS } from '../../src/manifest/declared';
import { main } from '../../src/manifest/write';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the generated manifest', () => {
  let dir: string;
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  const quietly = <T>(run: () => T): T => {
    const error = console.error;
    const log = console.log;
    console.error = console.log = () => undefined;
    try {
      return run();
    } finally {
      console.error = error;
      console.log = log;
    }
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
    for (const name of ['package.json', 'package.nls.json']) fs.copyFileSync(path.join(ROOT, name), path.join(dir, name));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is what is committed: the check finds nothing to write, and writing changes no byte', () => {
    const before = [read('package.json'), read('package.nls.json')];
    assert.equal(quietly(() => main(['--check'], dir)), 0);
    assert.equal(quietly(() => main([], dir)), 0);
    assert.deepEqual([read('package.json'), read('package.nls.json')], before);
  });

  it('fails the check on a menu condition edited by hand, and writing puts back what was declared', () => {
    const committed = read('package.json');
    const edited = committed.replace('viewItem =~ /^stacklet:(active|off)\\\\b(?!.*\\\\bprivateNetworking\\\\b)/', 'viewItem =~ /^stacklet:(active|off)\\\\b/');
    assert.notEqual(edited, committed, 'the edit was made');
    write('package.json', edited);
    assert.equal(quietly(() => main(['--check'], dir)), 1);
    assert.equal(read('package.json'), edited, 'the check writes nothing');
    assert.equal(quietly(() => main([], dir)), 0);
    assert.equal(read('package.json'), committed);
  });

  it('fails the check on a command missing from package.json or a title changed in package.nls.json', () => {
    const manifest = JSON.parse(read('package.json')) as { contributes: { commands: { command: string }[] } };
    manifest.contributes.commands = manifest.contributes.commands.filter((c) => c.command !== 'stacklet.deleteVpc');
    write('package.json', `${JSON.stringify(manifest, null, 2)}\n`);
    assert.equal(quietly(() => main(['--check'], dir)), 1);
    quietly(() => main([], dir));
    const nls = read('package.nls.json');
    write('package.nls.json', nls.replace('"Delete VPC…"', '"Remove VPC"'));
    assert.equal(quietly(() => main(['--check'], dir)), 1);
    quietly(() => main([], dir));
    assert.equal(read('package.nls.json'), nls);
  });

  it('leaves every other part alone: a section another change adds, and other titles, stay as they are', () => {
    const manifest = JSON.parse(read('package.json')) as { contributes: Record<string, unknown> };
    manifest.contributes = { ...manifest.contributes, chatParticipants: [{ id: 'stacklet.chat' }] };
    const withSection = `${JSON.stringify(manifest, null, 2)}\n`;
    write('package.json', withSection);
    const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
    const withTitle = `${JSON.stringify({ ...nls, 'tool.find': 'Find' }, null, 2)}\n`;
    write('package.nls.json', withTitle);
    assert.equal(quietly(() => main(['--check'], dir)), 0);
    assert.equal(quietly(() => main([], dir)), 0);
    assert.equal(read('package.json'), withSection);
    assert.equal(read('package.nls.json'), withTitle);
  });

  it('drops the title of a command no longer declared, and keeps the others in their places', () => {
    const nls = read('package.nls.json');
    const parsed = JSON.parse(nls) as Record<string, string>;
    write('package.nls.json', `${JSON.stringify({ 'command.gone': 'Gone', ...parsed }, null, 2)}\n`);
    assert.equal(quietly(() => main(['--check'], dir)), 1);
    quietly(() => main([], dir));
    assert.equal(read('package.nls.json'), nls);
  });
});

describe('row states and the menus\' patterns', () => {
  /** Every contextValue a row of `row` can carry: each state (and deleting) with each set of its flags. */
  function contextValues(row: typeof stackletRow): string[] {
    return [...row.states, 'deleting' as const].flatMap((state) => Array.from({ length: 1 << row.flags.length }, (_, mask) =>
      row.context(state, Object.fromEntries(row.flags.map((flag, index) => [flag, (mask & (1 << index)) !== 0])))));
  }

  it('matches exactly the rows in the states named, with the flags asked for and without those refused', () => {
    const pattern = new RegExp(rowPattern(stackletRow, { states: ['active', 'off'], flags: { hasIp: true, privateNetworking: false } }));
    const matched = contextValues(stackletRow).filter((value) => pattern.test(value));
    const expected = contextValues(stackletRow).filter((value) => /^stacklet:(active|off) /.test(`${value} `) && value.includes(' hasIp') && !value.includes('privateNetworking'));
    assert.deepEqual(matched, expected);
    assert.equal(matched.length, 2 * 8, 'active or off, with an address, without private networking, any of the three other flags');
  });

  it('does not take a state for another that it begins with, nor a flag for a longer one', () => {
    const row = rowStates('thing', ['on', 'online'], ['ip', 'ipv6']);
    assert.ok(!new RegExp(rowPattern(row, { states: ['on'] })).test(row.context('online')));
    assert.ok(!new RegExp(rowPattern(row, { flags: { ip: true } })).test(row.context('on', { ipv6: true })));
    assert.ok(!new RegExp(rowPattern(groupRow, { states: ['tag'] })).test(groupRow.context('tags')));
  });

  it('gives every kind a row whose contextValues start with the kind, so its menus find it', () => {
    for (const [kind, actions] of Object.entries(KIND_ACTIONS)) {
      assert.equal(actions.kind, kind);
      assert.equal(actions.row.prefix, kind);
      assert.ok(actions.row.states.length > 0, `${kind} has states`);
    }
  });
});
