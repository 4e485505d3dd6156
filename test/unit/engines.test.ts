// The editors the extension claims: engines.vscode is the API the code was built against (@types/vscode of the
// same version, pinned), the oldest editor's tier runs in that very VS Code, and nothing asks for a proposed API
// (which neither the Marketplace nor Open VSX accepts in a published extension).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NEWEST_EDITOR, OLDEST_EDITOR } from '../harness/provision';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;

interface Manifest {
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  enabledApiProposals?: string[];
}
interface Lock {
  packages: Record<string, { version?: string; devDependencies?: Record<string, string> }>;
}

const manifest = readJson<Manifest>('package.json');
/** [major, minor] of engines.vscode, which must read ^X.Y.0. */
function enginesFloor(): [number, number] {
  const match = /^\^(\d+)\.(\d+)\.0$/.exec(manifest.engines.vscode);
  assert.ok(match, `engines.vscode is ^X.Y.0, not ${manifest.engines.vscode}`);
  return [Number(match[1]), Number(match[2])];
}
const majorMinor = (version: string): [number, number] => version.split('.').slice(0, 2).map(Number) as [number, number];

describe('engines.vscode', () => {
  it('is the version of @types/vscode, pinned in package.json, in package-lock.json and as installed', () => {
    const [major, minor] = enginesFloor();
    const types = `${major}.${minor}.0`;
    assert.equal(manifest.devDependencies['@types/vscode'], types, 'package.json devDependencies');
    const lock = readJson<Lock>('package-lock.json');
    assert.equal(lock.packages['']?.devDependencies?.['@types/vscode'], types, 'package-lock.json, the root package');
    assert.equal(lock.packages['node_modules/@types/vscode']?.version, types, 'package-lock.json, the locked package');
    assert.equal(readJson<{ version: string }>('node_modules/@types/vscode/package.json').version, types, 'node_modules (run npm ci)');
  });

  it('is the VS Code of the oldest editor the tests run in; the newest is admitted too', () => {
    assert.deepEqual(majorMinor(OLDEST_EDITOR.vscode), enginesFloor(), `code-server ${OLDEST_EDITOR.codeServer} ships VS Code ${OLDEST_EDITOR.vscode}`);
    assert.equal(majorMinor(OLDEST_EDITOR.codeServer)[1], majorMinor(OLDEST_EDITOR.vscode)[1], 'code-server 4.X ships VS Code 1.X');
    const [newestMajor, newestMinor] = majorMinor(NEWEST_EDITOR.vscode);
    const [major, minor] = enginesFloor();
    assert.ok(newestMajor === major && newestMinor >= minor, `VS Code ${NEWEST_EDITOR.vscode} satisfies ${manifest.engines.vscode}`);
  });

  it('is at least 1.100, where an extension may load ES modules (its chunks; main is dist/extension.cjs)', () => {
    assert.equal(readJson<{ main: string }>('package.json').main, './dist/extension.cjs');
    const [major, minor] = enginesFloor();
    assert.ok(major > 1 || minor >= 100, manifest.engines.vscode);
  });

  it('admits the oldest editor in the test extensions the tiers install beside ours', () => {
    for (const fixture of ['empty-extension', 'bare-rows-extension']) {
      const wanted = /^\^(\d+)\.(\d+)\.\d+$/.exec(readJson<Manifest>(`test/fixtures/${fixture}/package.json`).engines.vscode);
      assert.ok(wanted, fixture);
      const [major, minor] = majorMinor(OLDEST_EDITOR.vscode);
      assert.ok(Number(wanted[1]) === major && Number(wanted[2]) <= minor, `${fixture} asks for ${wanted[0]}`);
    }
  });

  it('comes with no proposed API (enabledApiProposals), which the registries refuse to publish', () => {
    assert.equal(manifest.enabledApiProposals, undefined);
  });
});
