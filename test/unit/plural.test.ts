// Counts in words: one string for 1 and one for any other count (VS Code's l10n has no plural rules), picked by
// src/api/plural.ts, in English and in German, where the core says a count.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { stackletCount } from '../../src/kinds/rowWords';
import { clusterDeletionWords } from '../../src/model/actionWords';
import { boundedJson } from '../../src/model/boundedJson';
import { plural } from '../../src/api/plural';
import { userdataCreateWords } from '../../src/kinds/userdata/document';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const bundle = (name: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(ROOT, 'l10n', name), 'utf8')) as Record<string, string>;

/** What the core says with the German bundle configured, as activation configures it. */
function inGerman<T>(say: () => T): T {
  l10n.config({ contents: bundle('bundle.l10n.de.json') });
  try {
    return say();
  } finally {
    l10n.config({ contents: {} });
  }
}

describe('counts in words (plural)', () => {
  it('takes the string for one for exactly 1, and the other for 0, 2, 21 and the rest', () => {
    assert.equal(plural(1, 'one', 'other'), 'one');
    for (const count of [0, 2, 11, 21, 101, 1.5, -1]) assert.equal(plural(count, 'one', 'other'), 'other', String(count));
  });

  it('says the core\'s counts of 1 in the singular, in English and German', () => {
    const say = () => [
      stackletCount(1),
      stackletCount(3),
      JSON.parse(boundedJson([1, 2, 3], { maxEntries: 2 }).text).at(-1) as string,
      JSON.parse(boundedJson([1, 2, 3, 4], { maxEntries: 2 }).text).at(-1) as string,
      clusterDeletionWords('k8s-1', 1).loss,
      clusterDeletionWords('k8s-1', 3).loss,
      userdataCreateWords({ name: 'init', userdata: 'apt-get update\n' }).at(-1),
    ];
    assert.deepEqual(say(), [
      '1 stacklet',
      '3 stacklets',
      '… 1 more item',
      '… 2 more items',
      'This destroys cluster k8s-1, its node and everything running on it.',
      'This destroys cluster k8s-1, its 3 nodes and everything running on them.',
      'Script: 1 line',
    ]);
    assert.deepEqual(inGerman(say), [
      '1 Stacklet',
      '3 Stacklets',
      '… 1 weiterer Eintrag',
      '… 2 weitere Einträge',
      'Dies vernichtet Cluster k8s-1, seinen Knoten und alles, was darauf läuft.',
      'Dies vernichtet Cluster k8s-1, seine 3 Knoten und alles, was darauf läuft.',
      'Skript: 1 Zeile',
    ]);
  });

  it('counts no English string with "(s)": a count says its singular or its plural', () => {
    const hedged = Object.keys(bundle('bundle.l10n.json')).filter((key) => /\w\((s|es)\)/.test(key));
    assert.deepEqual(hedged, []);
  });
});
