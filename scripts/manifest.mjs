// `npm run manifest [-- --check]`: bundles src/manifest/write.ts (the declarations are TypeScript) and runs it.
// See that file for what it writes.
import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const result = await esbuild.build({
  entryPoints: [path.join(root, 'src/manifest/write.ts')],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  write: false,
  logLevel: 'warning',
  // jsonc-parser's main build is UMD with dynamic requires esbuild cannot follow (as in esbuild.mjs).
  alias: { 'jsonc-parser': path.join(root, 'node_modules/jsonc-parser/lib/esm/main.js') },
});
const dir = mkdtempSync(path.join(os.tmpdir(), 'stacklet-manifest-'));
try {
  const file = path.join(dir, 'write.cjs');
  writeFileSync(file, result.outputFiles[0].contents);
  const { main } = createRequire(import.meta.url)(file);
  process.exitCode = main(process.argv.slice(2), root);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
