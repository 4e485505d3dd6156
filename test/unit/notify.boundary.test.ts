// What VS Code shows of the service's words goes through one door (src/ui/notify.ts for notifications,
// dialogs, progress and the status bar; src/ui/vscodePrompter.ts for pickers and input boxes), which shows
// them literally. This test reads the sources and fails when code elsewhere calls those VS Code functions.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

const DOORS: readonly { readonly file: string; readonly calls: RegExp }[] = [
  { file: 'src/ui/notify.ts', calls: /(?<!notify)\.(showInformationMessage|showWarningMessage|showErrorMessage|withProgress|setStatusBarMessage|createStatusBarItem)\s*\(/g },
  { file: 'src/ui/vscodePrompter.ts', calls: /\.(showQuickPick|createQuickPick|showInputBox|createInputBox)\s*\(/g },
];

describe('one door for what VS Code shows', () => {
  for (const door of DOORS) {
    it(`only ${door.file} calls VS Code's ${door.calls.source.replace(/[^A-Za-z|]/g, '').replace(/notify/, '')}`, () => {
      const offenders: string[] = [];
      for (const file of sources(path.join(ROOT, 'src'))) {
        const relative = path.relative(ROOT, file).split(path.sep).join('/');
        if (relative === door.file) continue;
        const text = fs.readFileSync(file, 'utf8');
        for (const match of text.matchAll(door.calls)) {
          // A comment that names the function is no call.
          const line = text.slice(text.lastIndexOf('\n', match.index) + 1, text.indexOf('\n', match.index));
          if (/^\s*(\/\/|\*)/.test(line)) continue;
          offenders.push(`${relative}: ${line.trim()}`);
        }
      }
      assert.deepEqual(offenders, []);
    });
  }

  it('finds the calls it looks for (the door itself has them)', () => {
    for (const door of DOORS) assert.ok([...fs.readFileSync(path.join(ROOT, door.file), 'utf8').matchAll(door.calls)].length > 0, door.file);
  });
});
