// Localization, checked from the sources themselves: the strings the code passes to vscode.l10n.t (found by
// @vscode/l10n-dev's own extractor, the one `npm run l10n:export` runs) and the %keys% package.json names.
// Every one must be in the English bundle / package.nls.json and translated in the German ones, with the same
// placeholders, and nothing stale may linger there.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { getL10nJson, type l10nJsonFormat } from '@vscode/l10n-dev';
import { describeStatus } from '../../src/api/errors';
import { checkNodeCount } from '../../src/api/validators';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const read = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** What a message says however it is stored: a string, or `{ message, comment }`. */
function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') return (value as { message: string }).message;
  throw new Error(`not a message: ${JSON.stringify(value)}`);
}

/** `{0}`, `{1}` … of a message, sorted, with repeats: a translation must use the same ones. */
function placeholders(message: string): string[] {
  return (message.match(/\{\d+\}/g) ?? []).sort();
}

/** Command links (`command:stacklet.signIn`) of a message: a translation must keep every button. */
function commandLinks(message: string): string[] {
  return (message.match(/\(command:[^)\s]+\)/g) ?? []).sort();
}

/** The %key% strings anywhere in package.json. */
function manifestKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const match = /^%(.+)%$/.exec(value);
    if (match) into.add(match[1]!);
  } else if (Array.isArray(value)) {
    for (const item of value) manifestKeys(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) manifestKeys(item, into);
  }
  return into;
}

/** Problems of a translation against the keys it must have and their English messages. */
export function translationProblems(name: string, english: Record<string, string>, translated: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, message] of Object.entries(english)) {
    if (!(key in translated)) {
      problems.push(`${name}: "${key}" is not translated`);
      continue;
    }
    const translation = messageOf(translated[key]);
    if (translation.trim() === '') problems.push(`${name}: "${key}" is translated as an empty string`);
    if (placeholders(translation).join() !== placeholders(message).join()) {
      problems.push(`${name}: "${key}" has placeholders ${placeholders(message).join(' ') || 'none'} but the translation has ${placeholders(translation).join(' ') || 'none'}`);
    }
    if (commandLinks(translation).join() !== commandLinks(message).join()) {
      problems.push(`${name}: "${key}" links ${commandLinks(message).join(' ')} but the translation links ${commandLinks(translation).join(' ') || 'nothing'}`);
    }
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${name}: "${key}" is stale (no such string any more)`);
  return problems;
}

describe('localization', () => {
  let fromSource: l10nJsonFormat;

  before(async function () {
    this.timeout(60_000);
    const files = sourceFiles(path.join(ROOT, 'src'));
    assert.ok(files.length > 50, `the sources were found (${files.length} files under src/)`);
    fromSource = await getL10nJson(files.map((file) => ({ contents: fs.readFileSync(file, 'utf8'), extension: path.extname(file) })));
  });

  it('finds the strings the code passes to vscode.l10n.t', () => {
    const keys = Object.keys(fromSource);
    assert.ok(keys.length > 300, `only ${keys.length} strings found`);
    // Spot checks from three edges: a view, a command, the task status bar.
    for (const key of ['No stacklets in this account.', 'Connect to which stacklet?', '{0} tasks running']) assert.ok(keys.includes(key), `"${key}" was extracted`);
  });

  it('has an English bundle that matches the source (run `npm run l10n:export` after changing a string)', () => {
    const english = read('l10n/bundle.l10n.json');
    const expected = Object.fromEntries(Object.entries(fromSource).map(([key, value]) => [key, messageOf(value)]));
    const problems = translationProblems('l10n/bundle.l10n.json', expected, english);
    assert.deepEqual(problems, []);
  });

  it('translates every string of the code into German, with the same placeholders, and keeps nothing stale', () => {
    const english = Object.fromEntries(Object.entries(fromSource).map(([key, value]) => [key, messageOf(value)]));
    assert.deepEqual(translationProblems('l10n/bundle.l10n.de.json', english, read('l10n/bundle.l10n.de.json')), []);
  });

  it('defines every %key% of package.json in package.nls.json, and no key package.json does not use', () => {
    const used = manifestKeys(read('package.json'));
    assert.ok(used.size > 50, `package.json names ${used.size} keys`);
    const defined = read('package.nls.json');
    assert.deepEqual([...used].filter((key) => !(key in defined)), [], 'used in package.json but not defined');
    assert.deepEqual(Object.keys(defined).filter((key) => !used.has(key)), [], 'defined but not used in package.json');
  });

  it('translates every %key% of package.json into German, buttons included', () => {
    const english = Object.fromEntries(Object.entries(read('package.nls.json')).map(([key, value]) => [key, messageOf(value)]));
    assert.deepEqual(translationProblems('package.nls.de.json', english, read('package.nls.de.json')), []);
  });

  it('speaks German in the core once configured with the German bundle, as activation does (@vscode/l10n)', () => {
    const bundle = read('l10n/bundle.l10n.de.json') as Record<string, string>;
    l10n.config({ contents: bundle });
    try {
      assert.equal(checkNodeCount(0, 'Knotenanzahl'), 'Knotenanzahl muss zwischen 1 und 100 liegen');
      assert.equal(describeStatus(409), 'die Ressource ist beschäftigt oder in einem Konflikt');
    } finally {
      l10n.config({ contents: {} });
    }
    assert.equal(checkNodeCount(0, 'Node count'), 'Node count must be from 1 to 100', 'English without a bundle');
  });

  it('reports a missing, a stale and a mistranslated key (the check itself)', () => {
    const problems = translationProblems('x', { 'Deleted {0}.': 'Deleted {0}.', 'Yes': 'Yes', 'Go [there](command:a.b)': 'Go [there](command:a.b)' }, {
      'Deleted {0}.': '{0} wurde gelöscht. {1}',
      'Gone': 'Weg',
      'Go [there](command:a.b)': 'Los',
    });
    assert.equal(problems.length, 4, problems.join('\n'));
    assert.match(problems.join('\n'), /"Yes" is not translated/);
    assert.match(problems.join('\n'), /"Gone" is stale/);
    assert.match(problems.join('\n'), /placeholders \{0\} but the translation has \{0\} \{1\}/);
    assert.match(problems.join('\n'), /links \(command:a\.b\) but the translation links nothing/);
  });
});
