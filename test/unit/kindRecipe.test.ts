// CONTRIBUTING.md's recipe for a new kind is true: an example kind, half added (test/fixtures/exampleKind/), is
// put in its folder in memory and named in the registry, and then the compiler, the manifest generator and the
// registry test each say what it still lacks, so a contributor is led to every file to touch.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import * as ts from 'typescript';
import type { KindActions } from '../../src/kinds/declarations';
import { KINDS } from '../../src/kinds/registry';
import { DECLARED } from '../../src/manifest/declared';
import { generate } from '../../src/manifest/generate';
import { differences } from '../../src/manifest/write';
import { actionsMissingFromMenus } from './support/registryMenus';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'exampleKind', 'reservedIp');
/** Where the example's folder belongs. */
const KIND_DIR = path.join(ROOT, 'src', 'kinds', 'reservedIp');
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** The two lines a new kind adds to the registry: its items' type, and its entry. */
function registryWithExample(): Map<string, string> {
  const kindSpec = path.join(ROOT, 'src', 'kinds', 'kindSpec.ts');
  const registry = path.join(ROOT, 'src', 'kinds', 'registry.ts');
  const patch = (file: string, anchor: string, added: string) => {
    const text = fs.readFileSync(file, 'utf8');
    assert.ok(text.includes(anchor), `${relative(file)} still has ${anchor}`);
    return text.replace(anchor, `${anchor}\n${added}`);
  };
  return new Map([
    [kindSpec, patch(kindSpec, '  profile: s.Profile;', "  reservedIp: import('./reservedIp/kind').ReservedIp;")],
    [registry, `import { reservedIpKind } from './reservedIp/kind';\n${patch(registry, '  profile: profileKind,', '  reservedIp: reservedIpKind,')}`],
  ]);
}

/** What the compiler says of src/ with the example in place: the files it names, each with its first message. */
function compilerComplaints(): Map<string, string> {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')) })!;
  const patched = registryWithExample();
  const inFixture = (file: string) => (path.dirname(file) === KIND_DIR ? path.join(FIXTURE, path.basename(file)) : file);
  const host = ts.createCompilerHost(config.options);
  host.fileExists = (file) => patched.has(file) || ts.sys.fileExists(inFixture(file));
  host.readFile = (file) => patched.get(file) ?? ts.sys.readFile(inFixture(file));
  host.directoryExists = (dir) => dir === KIND_DIR || ts.sys.directoryExists(dir);
  const example = ['kind.ts', 'row.ts', 'actions.ts'].map((name) => path.join(KIND_DIR, name));
  const sources = config.fileNames.filter((file) => relative(file).startsWith('src/'));
  const program = ts.createProgram([...sources, ...example], { ...config.options, noEmit: true }, host);
  const complaints = new Map<string, string>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file ? relative(diagnostic.file.fileName) : '(no file)';
    if (!complaints.has(file)) complaints.set(file, ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }
  return complaints;
}

/** The example's kind and actions as they run: bundled, its `../` imports taken from src/kinds/ as in place. */
async function loadExample(): Promise<{ reservedIpKind: { actions: readonly string[]; bulk: readonly string[] }; reservedIpActions: KindActions }> {
  const bundled = await esbuild.build({
    stdin: { contents: "export { reservedIpKind } from './kind'; export { reservedIpActions } from './actions';", resolveDir: FIXTURE, loader: 'ts' },
    bundle: true, format: 'cjs', platform: 'node', write: false, logLevel: 'silent',
    alias: { 'jsonc-parser': path.join(ROOT, 'node_modules/jsonc-parser/lib/esm/main.js') },
    plugins: [{
      name: 'in-place',
      setup: (build) => build.onResolve({ filter: /^\.\.\// }, (args) => (args.resolveDir === FIXTURE ? { path: `${path.resolve(KIND_DIR, args.path)}.ts` } : undefined)),
    }],
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', bundled.outputFiles[0]!.text)(module, module.exports, require);
  return module.exports as never;
}

describe('the recipe for a new kind', () => {
  it('the compiler names every file the half-added example kind still needs, and only those', function () {
    this.timeout(180_000);
    const complaints = compilerComplaints();
    assert.deepEqual([...complaints.keys()].sort(), [
      'src/kinds/kindRows.ts',
      'src/kinds/reservedIp/actions.ts',
      'src/manifest/declared.ts',
      'src/views/kindPresentation.ts',
    ], [...complaints].map(([file, message]) => `${file}: ${message}`).join('\n'));
    assert.match(complaints.get('src/kinds/kindRows.ts')!, /'reservedIp' is missing/);
    assert.match(complaints.get('src/kinds/reservedIp/actions.ts')!, /'rename' is missing/);
    assert.match(complaints.get('src/manifest/declared.ts')!, /'reservedIp' is missing/);
    assert.match(complaints.get('src/views/kindPresentation.ts')!, /'reservedIp' is missing/);
  });

  it('the manifest generator lists the commands, menu entries and titles package.json and its translations lack', async function () {
    this.timeout(60_000);
    const { reservedIpKind, reservedIpActions } = await loadExample();
    const generated = generate({
      ...DECLARED,
      kinds: [...DECLARED.kinds, reservedIpActions],
      bulk: (kind, action) => ((kind as string) === 'reservedIp' ? reservedIpKind.bulk.includes(action) : DECLARED.bulk(kind, action)),
    });
    const read = (name: string) => fs.readFileSync(path.join(ROOT, name), 'utf8');
    const lacking = differences(read('package.json'), read('package.nls.json'), generated);
    assert.deepEqual(lacking.map((line) => line.replace(/ otherwise: .*/, '')), [
      'package.json lacks the command stacklet.deleteReservedIp',
      // the common actions show on its rows too
      'package.json has the view/item/context entry stacklet.viewProperties at 9_inspect@1',
      'package.json has the view/item/context entry stacklet.copyId at 8_copy@1',
      'package.json has the view/item/context entry stacklet.copyName at 8_copy@2',
      'package.json lacks the view/item/context entry stacklet.deleteReservedIp at 9_z_delete@1',
      'package.json lacks the commandPalette entry stacklet.deleteReservedIp at stacklet.state == active',
      'package.nls.json lacks the title command.deleteReservedIp',
    ]);
    assert.match(lacking[1]!, /reservedIp/);
    // …and the German title, which the l10n test asks for (package.nls.de.json is kept by hand)
    const german = JSON.parse(read('package.nls.de.json')) as Record<string, string>;
    assert.deepEqual(Object.keys(generated.titles).filter((key) => !german[key]), ['command.deleteReservedIp']);
  });

  it('the registry test lists the actions whose commands it cannot find on the example\'s rows', async function () {
    this.timeout(60_000);
    const { reservedIpKind } = await loadExample();
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[]; menus: Record<string, { command: string; when?: string }[]> } };
    const commands = new Set(manifest.contributes.commands.map((c) => c.command));
    const menus = manifest.contributes.menus['view/item/context']!;
    assert.deepEqual(actionsMissingFromMenus(KINDS, commands, menus), [], 'the kinds in place lack nothing');
    assert.deepEqual(actionsMissingFromMenus({ reservedIp: reservedIpKind }, commands, menus), [
      'reservedIp: no contextValues of its rows in ROWS (test/unit/support/registryMenus.ts)',
      'reservedIp.viewProperties: stacklet.viewProperties is in no context menu of a reservedIp row',
      'reservedIp.copyId: stacklet.copyId is in no context menu of a reservedIp row',
      'reservedIp.copyName: stacklet.copyName is in no context menu of a reservedIp row',
      'reservedIp.rename: no command named in ACTION_COMMANDS',
      'reservedIp.delete: no command named in ACTION_COMMANDS',
    ]);
  });
});
