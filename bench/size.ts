/**
 * What users download and what the extension host parses: the minified bundle and the VSIX that
 * `npm run package` built. Baseline: the same three dependencies bundled through their package entry points
 * (what `import { Pool } from 'undici'` and `import { z } from 'zod'` would have cost), built in the same run.
 */
import { statSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { times, type Figure } from './figure';

const KB = 1024;

async function wholePackagesBytes(): Promise<number> {
  const result = await esbuild.build({
    stdin: { contents: "export * from 'undici'; export { z } from 'zod'; export * from 'jsonc-parser/lib/esm/main.js';", resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents.length;
}

export async function sizeFigures(log: (line: string) => void): Promise<Figure[]> {
  const bundle = statSync('dist/extension.js').size;
  const undici = statSync('dist/undici.js').size;
  const vsix = statSync('dist/stacklet-cloud.vsix').size;
  const whole = await wholePackagesBytes();
  log(`size: extension.js ${bundle} B, undici.js ${undici} B, VSIX ${vsix} B, the dependencies through their package entry points ${whole} B`);
  return [
    {
      id: 'size.bundle',
      label: 'dist/extension.js, minified (everything the extension host loads at activation)',
      value: bundle / KB,
      unit: 'KB',
      better: 'lower',
      target: { value: 400, text: '≤ 400 KB' },
      baseline: { label: 'undici + zod + jsonc-parser through their package entry points', value: Math.round(whole / KB) },
      ratio: { value: bundle / whole, text: `${times(bundle / whole)} the dependencies alone, the extension included` },
      tracked: { value: bundle / KB, better: 'lower' },
      note: `dist/undici.js, loaded on the first connection, not at activation: ${Math.round(undici / KB)} KB`,
    },
    {
      id: 'size.vsix',
      label: 'dist/stacklet-cloud.vsix',
      value: vsix / KB,
      unit: 'KB',
      better: 'lower',
      target: { value: 1024, text: '≤ 1 MB' },
    },
  ];
}
