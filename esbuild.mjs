// Bundles the extension (and the emulator's CLI) with undici and zod inlined, so the VSIX ships no node_modules.
import * as esbuild from 'esbuild';

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
};

const contexts = await Promise.all([
  esbuild.context({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  esbuild.context({ ...common, entryPoints: ['src/emulator/cli.ts'], outfile: 'dist/emulator.js' }),
  // Loaded by the extension only when the user tries the local emulator, so activation never parses it.
  esbuild.context({ ...common, entryPoints: ['src/emulator/server.ts'], outfile: 'dist/emulator-server.js' }),
]);

if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  const results = await Promise.allSettled(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  if (results.some((r) => r.status === 'rejected')) process.exit(1);
}
