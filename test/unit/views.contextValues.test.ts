// Generic code holds no kind's special case: a row's contextValue comes from its row states (src/kinds/**/row.ts,
// src/kinds/groupRow.ts, src/kinds/messageRow.ts, src/kinds/costRow.ts), never spelt in a view, where a menu's
// pattern (written from those states by the manifest generator) could miss it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { costRow } from '../../src/kinds/costRow';
import { firewallRuleRow } from '../../src/kinds/firewall/row';
import { forwardingRuleRow } from '../../src/kinds/loadBalancer/row';
import { messageRow } from '../../src/kinds/messageRow';
import { limitRow } from '../../src/kinds/profile/row';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const VIEWS = path.join(ROOT, 'src', 'views');

describe('the views spell no contextValue', () => {
  it('sets every contextValue from a kind\'s row states, none from a string literal or template', () => {
    const literals = fs.readdirSync(VIEWS).filter((name) => name.endsWith('.ts')).flatMap((name) => fs.readFileSync(path.join(VIEWS, name), 'utf8')
      .split('\n')
      .flatMap((line, index) => (/contextValue:\s*[`'"]/.test(line) ? [`src/views/${name}:${index + 1}: ${line.trim()}`] : [])));
    assert.deepEqual(literals, []);
  });

  it('gives the rows that offer no action states no context menu matches', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const patterns = Object.values(manifest.contributes.menus).flat().flatMap((menu) => {
      const match = /viewItem =~ \/(.*?)\/(\s|$)/.exec(menu.when ?? '');
      return match ? [{ command: menu.command, item: new RegExp(match[1]!) }] : [];
    });
    assert.ok(patterns.length > 50, 'the menus name rows');
    const rows = [costRow, limitRow, firewallRuleRow, forwardingRuleRow, messageRow];
    const values = rows.flatMap((row) => row.states.map((state) => row.context(state as never)));
    assert.deepEqual(values, ['cost:', 'limit:', 'firewallRule:inbound', 'firewallRule:outbound', 'forwardingRule:', 'message:info', 'message:warning', 'message:error']);
    for (const value of values) assert.deepEqual(patterns.filter((menu) => menu.item.test(value)).map((menu) => menu.command), [], value);
  });
});
