// Bundles the extension (and the emulator's CLI) with undici and zod inlined, so the VSIX ships no node_modules.
import * as esbuild from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
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

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemReporter],
  // jsonc-parser's main build is UMD with dynamic requires esbuild cannot follow: bundle its ES modules.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
};

const contexts = await Promise.all([
  esbuild.context({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  esbuild.context({ ...common, entryPoints: ['src/emulator/cli.ts'], outfile: 'dist/emulator.js' }),
  // Loaded by the extension only when the user tries the local emulator, so activation never parses it.
  esbuild.context({ ...common, entryPoints: ['src/emulator/server.ts'], outfile: 'dist/emulator-server.js' }),
]);

/**
 * dist/firewall.schema.json (contributes.jsonValidation) is generated from the zod schema of firewall
 * documents with z.toJSONSchema, never written by hand: the schema module is bundled in memory and run.
 */
async function writeFirewallSchema() {
  const { outputFiles } = await esbuild.build({ ...common, plugins: [], sourcemap: false, entryPoints: ['src/firewall/schema.ts'], write: false });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
  await mkdir('dist', { recursive: true });
  await writeFile('dist/firewall.schema.json', `${JSON.stringify(module.exports.firewallJsonSchema(), null, 2)}\n`);
}

await writeFirewallSchema();

if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  const results = await Promise.allSettled(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  if (results.some((r) => r.status === 'rejected')) process.exit(1);
}
