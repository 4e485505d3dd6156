// Every confirmation of something that may not be taken back at once follows one rule: the reversible answer
// is the default (Enter and Escape never do the irreversible thing) and no two choices mean the same. Each goes
// through Prompter.confirm (Keep first) or Prompter.choose (the first choice is the default), whose VS Code
// door is one picker (src/ui/vscodePrompter.ts); VS Code's modal dialog cannot hold the rule (it focuses its
// first button and adds its own Cancel last), so no source opens one. This test reads the sources: it lists
// every confirmation, and fails on a modal, on a choice whose first answer is not a reversible one, and on a
// confirmation it does not list (read a new one against the rule, then add it here).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { detailParagraph } from '../../src/model/actionWords';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The names a choice's first answer may have: each a reversible one (keep as it is, compare first, or, in the
 * review a create wizard ends in, go back to its steps with every answer kept).
 */
const REVERSIBLE_FIRST = new Set(['keep', 'showChanges', 'back']);

/** Every confirmation in the sources, as `file: how it asks`. */
const CONFIRMATIONS = [
  // Every action defined once (power, rename, reset password, and the others the command door serves): the plan's words,
  // Keep first for what a deletion asks; what destroys data (rebuild, restore, delete) has its name typed instead;
  // a selection's one question.
  'src/commands/actionCommand.ts: confirmModal',
  'src/commands/actionCommand.ts: confirm',
  'src/commands/actionCommand.ts: confirmModal',
  'src/commands/confirm.ts: choose [keep, …]',
  // Every create wizard's review (issue 45, item 3): nothing exists yet to keep, so Back, which sends nothing and
  // loses no answer, is the default; Create last; Escape ends the wizard, as at any of its steps.
  'src/commands/createFlow.ts: choose [back, …]',
  'src/commands/openInRemoteWindow.ts: confirm',
  'src/commands/openInRemoteWindow.ts: confirm',
  'src/commands/resetEmulator.ts: confirmModal',
  'src/commands/resetEmulator.ts: confirmModal',
  'src/commands/signIn.ts: confirm',
  // Apply of an account document (issue 48): every step with its cost, Keep first; what destroys data is then typed once.
  'src/editors/accountDocuments.ts: confirm',
  'src/editors/documentEditors.ts: choose [showChanges, …]',
];

const CALL = /(?:\bprompter(?:\(\))?\.(confirm|choose)|\b(confirmModal|confirmed))\s*\(/g;

function confirmationsIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CALL)) {
    const line = text.slice(text.lastIndexOf('\n', match.index) + 1, text.indexOf('\n', match.index));
    // A comment that names it, or the helper's own declaration, is no call.
    if (/^\s*(\/\/|\*)/.test(line) || /\bfunction\s/.test(line)) continue;
    if (match[1] === 'choose') {
      // The choices are the last argument, an array literal: its first name is the default.
      const rest = text.slice(match.index);
      const first = /,\s*\[\s*([A-Za-z]+)\s*,[^\]]*\]\s*\)/.exec(rest)?.[1] ?? '?';
      found.push(`${file}: choose [${first}, …]`);
    } else found.push(`${file}: ${match[1] ?? match[2]}`);
  }
  return found;
}

describe('one confirmation pattern', () => {
  const files = sources(path.join(ROOT, 'src')).map((full) => ({ file: path.relative(ROOT, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') }));

  it('lists every confirmation in the sources, and each is one of the known ones', () => {
    const found = files.flatMap(({ file, text }) => confirmationsIn(file, text)).sort();
    assert.deepEqual(found, [...CONFIRMATIONS].sort());
  });

  it('every choice puts a reversible answer first, the default', () => {
    for (const entry of CONFIRMATIONS.filter((c) => c.includes('choose'))) {
      const first = /\[(\w+),/.exec(entry)?.[1];
      assert.ok(first !== undefined && REVERSIBLE_FIRST.has(first), entry);
    }
  });

  it('no source opens a modal dialog, which cannot make the reversible answer both Enter and Escape', () => {
    const modals = files.filter(({ text }) => /\bmodal\s*:\s*true/.test(text)).map(({ file }) => file);
    assert.deepEqual(modals, []);
  });

  it('the VS Code door asks Keep first when it confirms one action, the word confirmModal and every choice use', () => {
    const door = fs.readFileSync(path.join(ROOT, 'src/ui/vscodePrompter.ts'), 'utf8');
    assert.match(door, /this\.choose\(message, detail, \[vscode\.l10n\.t\('Keep'\), action\]\)/);
    const keep = fs.readFileSync(path.join(ROOT, 'src/commands/confirm.ts'), 'utf8');
    assert.match(keep, /const keep = vscode\.l10n\.t\('Keep'\);/);
    // One word for doing nothing (issue 45, item 4): no confirmation of ours offers Cancel.
    const sources = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const cancels = sources.filter((file) => /l10n\.t\('Cancel'\)/.test(fs.readFileSync(path.join(ROOT, 'src', file), 'utf8')));
    assert.deepEqual(cancels, []);
    assert.match(door, /pick\.activeItems = \[choiceRows\[0\]!\]/, 'the first choice is the active row, which Enter picks');
  });

  it('a confirmation\'s rows are its choices and nothing else: its detail reads whole, in the prompt, and is no row', () => {
    // A line of the detail as a row was cut at the picker's width ("…not shut down cleanl…") and read as a choice
    // that did nothing (issue 45, item 4).
    const door = fs.readFileSync(path.join(ROOT, 'src/ui/vscodePrompter.ts'), 'utf8');
    const choose = door.slice(door.indexOf('  choose<'), door.indexOf('\n  }\n', door.indexOf('  choose<')));
    assert.deepEqual([...choose.matchAll(/pick\.items = ([^;]+);/g)].map((m) => m[1]), ['choiceRows'], 'the only rows are the choices');
    assert.match(choose, /const choiceRows: ChoiceRow<T>\[\] = choices\.map\(/);
    assert.doesNotMatch(choose, /Separator|label: line/, 'no row of the detail');
    assert.match(choose, /\.prompt = said/, 'the detail is the prompt, which wraps');
    // Every other picker's rows are what it offers; a row that only explains is refused when accepted (refusalRow).
  });

  it('a detail of several lines reads as one paragraph: sentences run on, the rest is set off', () => {
    assert.equal(detailParagraph('worker-1 stops, like pulling its power cord.\n\nAccount: demo'), 'worker-1 stops, like pulling its power cord. Account: demo');
    assert.equal(detailParagraph('They stop.\n\nweb-1: off, $12.00/mo\nweb-2: off, $6.00/mo\nEstimated monthly cost: unchanged.'), 'They stop. web-1: off, $12.00/mo · web-2: off, $6.00/mo · Estimated monthly cost: unchanged.');
    assert.equal(detailParagraph('It is taken off the 2 stacklets that carry it:\nweb-1\ndb-1'), 'It is taken off the 2 stacklets that carry it: web-1 · db-1');
    assert.equal(detailParagraph(''), '');
  });
});
