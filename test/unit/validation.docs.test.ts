// docs/validation.md lists every input rule and every prompt that validates: this keeps it from falling behind
// the code. A new `check…` rule in src/api/validators.ts, or a command file whose prompt validates, must appear.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as validators from '../../src/api/validators';

const root = path.resolve(__dirname, '..', '..', '..');
const doc = fs.readFileSync(path.join(root, 'docs', 'validation.md'), 'utf8');

describe('docs/validation.md', () => {
  it('names every check… rule of src/api/validators.ts', () => {
    const rules = Object.keys(validators).filter((name) => /^check[A-Z]/.test(name));
    assert.ok(rules.length >= 15, `${rules.length} rules`);
    assert.deepEqual(rules.filter((rule) => !doc.includes(`\`${rule}\``)), []);
  });

  it('names every command file whose prompts validate their input', () => {
    const dir = path.join(root, 'src', 'commands');
    // The wizards' shared steps sit in a folder of their own (src/commands/wizardSteps/).
    const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    const validating = files.filter((file) => /\bvalidate(Input)?\s*[:,]/.test(fs.readFileSync(path.join(dir, file), 'utf8')));
    assert.ok(validating.length >= 10, validating.join(', '));
    const missing = validating.filter((file) => !['prompter.ts', 'vscodePrompter.ts', 'wizard.ts'].includes(file) && !doc.includes(file));
    assert.deepEqual(missing, []);
  });
});
