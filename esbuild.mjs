// Bundles the extension (and the emulator's CLI) with undici and zod inlined, so the VSIX ships no node_modules.
import * as esbuild from 'esbuild';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const quiet = process.argv.includes('--quiet');

/** Prints esbuild's diagnostics in the `file:line:col` form VS Code's problem matchers read. */
const problemReporter = {
  name: 'problem-reporter',
  setup(build) {
    build.onEnd((result) => {
      for (const { text, location } of [...result.errors, ...result.warnings]) {
        console.error(`✘ ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (!quiet && result.errors.length === 0) console.log(`[esbuild] built${production ? ' (production)' : ''}`);
    });
  },
};

/**
 * Parts of undici the client can never reach, replaced by a module that throws if that ever changes:
 * - the SIMD build of the HTTP parser: undici falls back to the plain WebAssembly build it also ships when
 *   loading the SIMD one throws, and both are 72 KB of base64;
 * - the fetch body encoder, which undici requires only for a FormData body (the client sends JSON strings);
 * - the SOCKS5 proxy agent (11 KB), which ProxyAgent constructs only for a socks:// proxy URL, and the client
 *   accepts only http:// and https:// proxies (src/api/proxy.ts). ProxyAgent requires it as it loads, so its
 *   stand-in is a class that throws when constructed;
 * - HTTP/2 (10 KB minified, and Node's http2 module, which it requires as it loads): a connection speaks it
 *   only when TLS settles on h2, and undici offers h2 only with `allowH2`, which src/api/dispatcher.ts never
 *   sets. Its stand-in is a function that throws when called: the connection fails with that error.
 */
const unreachableUndici = {
  name: 'unreachable-undici',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/(llhttp\/llhttp_simd-wasm|web\/fetch\/body|socks5-proxy-agent|client-h2)(\.js)?$/ }, (args) =>
      /undici[\\/]lib[\\/]dispatcher$/.test(args.resolveDir) ? { path: args.path, namespace: 'unreachable-undici' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'unreachable-undici' }, (args) => {
      const error = `new Error(${JSON.stringify(`${args.path} is left out of this bundle (see esbuild.mjs)`)})`;
      if (args.path.includes('socks5')) return { contents: `module.exports = class { constructor() { throw ${error}; } };` };
      if (args.path.includes('client-h2')) return { contents: `module.exports = function connectH2() { throw ${error}; };` };
      return { contents: `throw ${error};` };
    });
  },
};

/**
 * The MCP SDK's default check of an elicitation's answer, ajv with its formats (about 100 KB minified, required as
 * the SDK's server loads): the server passes its own (src/mcp/elicitationValidator.ts), so this stand-in, a class
 * that throws when constructed, is never constructed.
 */
const sdkWithoutAjv = {
  name: 'sdk-without-ajv',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/validation\/ajv-provider\.js$/ }, (args) =>
      /@modelcontextprotocol[\\/]sdk[\\/]dist[\\/](cjs|esm)[\\/]server$/.test(args.resolveDir) ? { path: args.path, namespace: 'sdk-without-ajv' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'sdk-without-ajv' }, () => ({
      contents: 'exports.AjvJsonSchemaValidator = class { constructor() { throw new Error("ajv is left out of this bundle: pass a jsonSchemaValidator (see esbuild.mjs)"); } };',
    }));
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  // A name `vscode` does not export reads as undefined at run time (Cursor's `cursor` would, if it left
  // OTHER_EDITORS_VALUES): a failed build, not a warning scrolled past.
  logOverride: { 'import-is-undefined': 'error' },
  plugins: [problemReporter, unreachableUndici, sdkWithoutAjv],
  // jsonc-parser's main build is UMD with dynamic requires esbuild cannot follow: bundle its ES modules.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
};

/**
 * `vscode` as VS Code's CommonJS loader hands it out (`require('vscode')`, through the banner's `require`),
 * not as the ES module it also offers: that one is generated for each extension from every name of the API
 * and compiled while the extension activates. An `import * as vscode` of a CommonJS module makes esbuild copy
 * every name of it onto a new object, a getter each, in each module that imports it (its `__toESM`, and
 * `__reExport` for an `export *`: 0.5–0.7 ms in a CPU profile of activation). So `vscode` is one ES module
 * that names the API's values (vscodeValues, below) and reads each once from the CommonJS one: esbuild then turns
 * `vscode.window` into a plain binding, and nothing is copied.
 */
const vscodeByRequire = {
  name: 'vscode-by-require',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-by-require' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-by-require' },
    );
    build.onLoad({ filter: /^vscode$/, namespace: 'vscode-by-require' }, async () => ({
      // Each read marked pure, so that esbuild drops the names a file does not use.
      contents: `const api = require('vscode');\nconst read = (name) => api[name];\n${(await vscodeValues()).map((name) => `export const ${name} = /* @__PURE__ */ read('${name}');`).join('\n')}`,
      loader: 'js',
    }));
  },
};

/**
 * Names an editor built on VS Code adds to its API, which the extension looks for at run time: Cursor's
 * `cursor.mcp` (src/mcp/editorServer.ts).
 */
const OTHER_EDITORS_VALUES = ['cursor'];

/**
 * The values `vscode` exports (its namespaces, classes, enums and constants, not its types), from the API's
 * declarations in @types/vscode (the version engines.vscode admits, whose names every supported editor has), and
 * OTHER_EDITORS_VALUES. A name the running editor lacks reads as undefined, as it did from the CommonJS module.
 */
function vscodeValues() {
  // Read once, though three builds load `vscode`.
  return (vscodeValuesRead ??= readVscodeValues());
}
let vscodeValuesRead;

async function readVscodeValues() {
  const declarations = await readFile(createRequire(import.meta.url).resolve('@types/vscode/index.d.ts'), 'utf8');
  const names = [...declarations.matchAll(/^\texport (?:abstract )?(?:namespace|class|enum|const|let|function) (\w+)/gm)].map((m) => m[1]);
  if (!names.includes('window') || !names.includes('Uri')) throw new Error('@types/vscode/index.d.ts: the API\'s values were not found');
  return [...new Set([...names, ...OTHER_EDITORS_VALUES])];
}

/**
 * The extension split by esbuild: the entry (dist/extension.cjs, see entryAlone below) holds what activation
 * needs, and every `await import()` in the sources starts an ES module chunk in dist/chunks/ that is loaded on
 * first use; a module two chunks share goes into a chunk of its own, so none is loaded twice but the few
 * activation copies (COPIED_AT_ACTIVATION, below). The bundled CommonJS (undici) calls `require` for Node's
 * modules, which an ES module lacks: the banner gives every chunk one.
 */
const extension = {
  ...common,
  plugins: [...common.plugins, vscodeByRequire],
  format: 'esm',
  splitting: true,
  entryPoints: { extension: 'src/extension.ts' },
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  external: ['vscode'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // The extension host's `navigator` is a getter that reports a PendingMigrationError, logged as a deprecation
  // warning with our stack, on every start: zod reads it once to rule out Cloudflare's workers before it generates
  // its parsers. No code of ours runs in a browser, so the name reads as undefined in our build.
  define: { navigator: 'undefined' },
  metafile: true,
};

/**
 * Modules activation copies into dist/extension.cjs although the lazy chunks hold them too, so that activation
 * loads one file, as the shaped extension of the bench does: a chunk imported at activation would be an ES
 * module, each a round trip through VS Code's module hooks. A copy is a second
 * evaluation, so each must hold no state at its top level and no class whose identity is checked (`instanceof`)
 * across the two copies; the build refuses any other module activation would share with a chunk.
 */
const COPIED_AT_ACTIVATION = new Set([
  'src/auth/accountKeys.ts', // keys and a pure function
  'src/kinds/schemes.ts', // constants
  'src/kinds/viewIds.ts', // constants
  'src/tasks/taskStorage.ts', // pure functions and a key
  'vscode-by-require:vscode', // reads the one CommonJS `vscode` (require's cache), above
]);

/**
 * The extension in two builds. The first (in memory) finds the `import()` targets of the split build, what
 * activation shares with them and what the first row loads. Then:
 * - the chunks: every target an entry point of one split build (dist/chunks/<name>.mjs, names without a hash so
 *   that the entry can name them), each importing the modules activation copies and those the first row loads
 *   (a virtual module), so that those share one chunk rather than a small file for each set of targets that
 *   reaches them;
 * - the entry, dist/extension.cjs, bundled alone as CommonJS, its `import()`s of the targets left as imports of
 *   those files.
 * The two metafiles are written as one (dist/extension.meta.json), the entry's imports pointing at the chunks'
 * files, for test/harness/bundleLayout.ts.
 */
async function extensionLayout() {
  const { metafile } = await esbuild.build({ ...extension, write: false, minify: false, sourcemap: false });
  const outputs = metafile.outputs;
  const outputOf = (source) => Object.keys(outputs).find((file) => outputs[file].entryPoint === source);
  /** A file and every file it imports statically. */
  const closure = (start) => {
    const loaded = new Set();
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop();
      if (loaded.has(file)) continue;
      loaded.add(file);
      for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && !imported.external) stack.push(imported.path);
    }
    return loaded;
  };
  const entry = outputOf('src/extension.ts');
  const atActivation = closure(entry);
  const shared = [...atActivation].filter((file) => file !== entry).flatMap((file) => Object.keys(outputs[file].inputs));
  const unexpected = shared.filter((input) => !COPIED_AT_ACTIVATION.has(input));
  if (unexpected.length > 0) throw new Error(`activation would copy ${unexpected.join(', ')}, which the lazy chunks also hold: check it holds no state (COPIED_AT_ACTIVATION, esbuild.mjs), or leave it to the chunks`);
  const sources = Object.values(outputs).map((output) => output.entryPoint).filter((source) => source && source !== 'src/extension.ts');
  // `src/commands/index.ts` → `commands-index`, a package by its name: unique, and stable from build to build.
  const nameOf = (source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1].replace('/', '-') ?? source.replace(/^src\//, '').replace(/\.ts$/, '').replace(/[\\/]/g, '-');
  const targets = new Map(sources.map((source) => [path.resolve(source), nameOf(source)]));
  // What the first row loads: the workbench (the first use of nearly everything) and the client, with what they
  // import. esbuild gave each set of targets reaching a module a chunk of its own: 31 files after activation,
  // each a round trip through the module hooks. In the shared chunk they are few; every other target is loaded
  // after the workbench anyway.
  const firstRow = ['src/workbench.ts', 'src/api/client.ts'].flatMap((source) => [...closure(outputOf(source))]);
  const withFirstRow = [...new Set(firstRow)].filter((file) => !atActivation.has(file) && !outputs[file].entryPoint).flatMap((file) => Object.keys(outputs[file].inputs));
  const together = [...shared, ...withFirstRow];
  const inBarrel = new Set(together);
  // Only the targets that use some of them import them all: undici's chunk stays undici's alone.
  const sharing = new Set(sources.filter((source) => [...closure(outputOf(source))].some((file) => Object.keys(outputs[file].inputs).some((input) => inBarrel.has(input)))).map((source) => path.resolve(source)));
  // Re-exported rather than imported for effect: a package that declares no side effects would be dropped.
  // `vscode` by one of its names: all of them would keep every name the API has in the chunk.
  const barrel = together.map((input, i) => (input === 'vscode-by-require:vscode' ? `export { window as m${i} } from 'vscode';` : `export * as m${i} from ${JSON.stringify(path.resolve(input))};`)).join('\n');
  const chunks = {
    ...extension,
    entryPoints: Object.fromEntries([...targets].map(([source, name]) => [name, source])),
    entryNames: 'chunks/[name]',
    plugins: [...extension.plugins, {
      name: 'first-use-shared',
      setup(build) {
        build.onResolve({ filter: /^stacklet:first-use-shared$/ }, () => ({ path: 'first-use-shared', namespace: 'first-use-shared' }));
        build.onLoad({ filter: /.*/, namespace: 'first-use-shared' }, () => ({ contents: barrel, loader: 'js', resolveDir: process.cwd() }));
        build.onLoad({ filter: /\.ts$/ }, async (args) =>
          sharing.has(args.path) ? { contents: `import 'stacklet:first-use-shared';\n${await readFile(args.path, 'utf8')}`, loader: 'ts' } : undefined,
        );
      },
    }],
  };
  // The entry as CommonJS, as most extensions' mains are: VS Code's `require` compiles it, where an ES module main
  // goes through the host's module hooks (ours's loading took 1 ms against 2 side by side, 2 against 4 on a slower
  // machine; the empty extension's two copies are too noisy to tell, 0.89–1.35× in four runs). Its `import()`s of
  // the chunks stay native imports.
  const entryAlone = {
    ...extension,
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    banner: {},
    splitting: false,
    plugins: [...extension.plugins, {
      name: 'import-chunks',
      setup(build) {
        build.onResolve({ filter: /^\./ }, (args) => {
          if (args.kind !== 'dynamic-import') return undefined;
          const name = targets.get(path.resolve(args.resolveDir, `${args.path.replace(/\.js$/, '')}.ts`));
          if (!name) throw new Error(`import(${args.path}) in ${args.importer} is no chunk of the split build`);
          return { path: `./chunks/${name}.mjs`, external: true };
        });
      },
    }],
  };
  return { chunks, entryAlone };
}

/** One metafile for both builds, the entry's `import()`s pointing at the chunks' files. */
function joinedMetafile(entryMeta, chunksMeta) {
  const outputs = { ...chunksMeta.outputs };
  for (const [file, output] of Object.entries(entryMeta.outputs)) {
    outputs[file] = {
      ...output,
      imports: output.imports.map((imported) => (imported.kind === 'dynamic-import' && imported.path.startsWith('./chunks/') ? { path: `dist/${imported.path.slice(2)}`, kind: 'dynamic-import' } : imported)),
    };
  }
  return { inputs: { ...chunksMeta.inputs, ...entryMeta.inputs }, outputs };
}

/**
 * `--mcp-package` (the prepack of packages/stacklet-mcp, which `npm run pack:mcp` packs): the MCP server
 * (`stacklet-mcp`) and the command line (`stacklet`, the account as a document in a terminal and in CI,
 * src/cli/main.ts), minified, with a shebang for their `bin`s, their bundled packages' notices and the licence
 * beside them. One build split as the extension is, so that what both use (the client, undici, zod, the kinds) is
 * one chunk in the tarball, not a copy in each file: two bundles of their own were 379 KB packed, against 256 for
 * the issue's target. The same sources as dist/mcp.js and dist/cli.js; only the command the server's usage names
 * differs.
 */
/**
 * The translations of the words the package's own sources say (src/model/processLocale.ts reads them from
 * `dist/l10n/` beside its commands): each bundle cut to the strings those files pass to `l10n.t`, found by the
 * extractor `npm run l10n:export` runs, so the tarball does not carry the editor's words too.
 */
async function writeTranslations(metafile, outDir) {
  const { getL10nJson } = await import('@vscode/l10n-dev');
  const sources = Object.keys(metafile.inputs).filter((file) => file.startsWith('src/') && file.endsWith('.ts'));
  const used = await getL10nJson(await Promise.all(sources.map(async (file) => ({ contents: await readFile(file, 'utf8'), extension: '.ts' }))));
  await mkdir(outDir, { recursive: true });
  for (const name of await readdir('l10n')) {
    if (!/^bundle\.l10n\.[^.]+\.json$/.test(name)) continue;
    const bundle = JSON.parse(await readFile(path.join('l10n', name), 'utf8'));
    const kept = Object.fromEntries(Object.entries(bundle).filter(([key]) => key in used));
    await writeFile(path.join(outDir, name), `${JSON.stringify(kept)}\n`);
  }
}

if (process.argv.includes('--mcp-package')) {
  const dir = 'packages/stacklet-mcp';
  await rm(path.join(dir, 'dist'), { recursive: true, force: true });
  const { metafile } = await esbuild.build({
    ...common,
    minify: true,
    sourcemap: false,
    format: 'esm',
    splitting: true,
    entryPoints: { 'stacklet-mcp': 'src/mcp/main.ts', stacklet: 'src/cli/main.ts' },
    outdir: path.join(dir, 'dist'),
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    // The bundled CommonJS (undici) calls `require` for Node's modules, which an ES module lacks.
    banner: { js: `#!/usr/bin/env node\n${extension.banner.js}` },
    define: { STACKLET_MCP_COMMAND: JSON.stringify('stacklet-mcp') },
    metafile: true,
  });
  await writeThirdPartyNotices([metafile], path.join(dir, 'dist/ThirdPartyNotices.txt'), 'The Stacklet Cloud MCP server (stacklet-mcp) and command line (stacklet)');
  await writeTranslations(metafile, path.join(dir, 'dist/l10n'));
  await copyFile('LICENSE', path.join(dir, 'LICENSE'));
  process.exit(0);
}

// Chunks are named by their content's hash: clear out the last build's.
await rm('dist/chunks', { recursive: true, force: true });

const layout = await extensionLayout();
const contexts = await Promise.all([
  esbuild.context(layout.entryAlone),
  esbuild.context(layout.chunks),
  esbuild.context({ ...common, entryPoints: ['src/emulator/cli.ts'], outfile: 'dist/emulator.js' }),
  // The MCP server for agents outside VS Code (`node dist/mcp.js`, src/mcp/main.ts).
  // Shipped in the VSIX too, so its bundled packages' licences go into the notices (metafile).
  esbuild.context({ ...common, entryPoints: ['src/mcp/main.ts'], outfile: 'dist/mcp.js', metafile: true }),
  // The account as a document in a terminal and in CI (`node dist/cli.js`, src/cli/main.ts), shipped in the VSIX too.
  esbuild.context({ ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', metafile: true }),
]);

/**
 * dist/<kind>.schema.json (contributes.jsonValidation) are generated from the zod schemas of the documents
 * with z.toJSONSchema, never written by hand: the module listing them is bundled in memory and run.
 */
async function writeDocumentSchemas() {
  const { outputFiles } = await esbuild.build({ ...common, plugins: [], sourcemap: false, entryPoints: ['src/manifest/schemaFiles.ts'], write: false });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
  await mkdir('dist', { recursive: true });
  for (const [file, schema] of Object.entries(module.exports.SCHEMA_FILES)) {
    await writeFile(path.join('dist', file), `${JSON.stringify(schema(), null, 2)}\n`);
  }
}

await writeDocumentSchemas();

if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  const results = await Promise.allSettled(contexts.map((ctx) => ctx.rebuild()));
  if (results[0].status === 'fulfilled' && results[1].status === 'fulfilled') await writeFile('dist/extension.meta.json', JSON.stringify(joinedMetafile(results[0].value.metafile, results[1].value.metafile)));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  if (results.some((r) => r.status === 'rejected')) process.exit(1);
  await writeThirdPartyNotices(results.flatMap((r) => (r.value.metafile ? [r.value.metafile] : [])), 'dist/ThirdPartyNotices.txt', 'Stacklet Cloud for VS Code');
}

/**
 * ThirdPartyNotices.txt, shipped in the VSIX (dist/) and in the MCP server's npm package: the licence of every
 * package bundled into the files it carries, read from node_modules. Minifying drops the packages' own licence
 * comments, so this is where their notices live.
 */
async function writeThirdPartyNotices(metafiles, file, product) {
  const packages = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) packages.add(match[1]);
    }
  }
  const sections = [];
  for (const name of [...packages].sort()) {
    const dir = path.join('node_modules', name);
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    const licenceFile = (await readdir(dir)).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file));
    let text;
    if (licenceFile) text = (await readFile(path.join(dir, licenceFile), 'utf8')).trim();
    // @vscode/l10n publishes no licence file; its manifest says MIT, whose text names the copyright holder.
    else if (manifest.license === 'MIT' && typeof manifest.author === 'string') text = mitLicence(manifest.author);
    else throw new Error(`${name} ships no licence file: check its terms before bundling it`);
    sections.push(`${name} ${manifest.version} (${manifest.license})\n${manifest.homepage ?? manifest.repository?.url ?? ''}\n\n${text}`);
  }
  const header = `${product} bundles the following packages. Their licences follow.`;
  await writeFile(file, `${header}\n\n${sections.join(`\n\n${'-'.repeat(78)}\n\n`)}\n`);
}

function mitLicence(holder) {
  return `MIT License

Copyright (c) ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and
to permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of
the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO
THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS
IN THE SOFTWARE.`;
}
