/**
 * What users download and what the extension host parses: what activation loads of the minified split build
 * (test/harness/bundleLayout.ts reads it from esbuild's metafile), the extension's code, and the VSIX that
 * `npm run package` built. Baseline: the same three dependencies bundled through their package entry points
 * (what `import { Pool } from 'undici'` and `import { z } from 'zod'` would have cost), built in the same run.
 */
import { statSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { bundleLayout } from '../test/harness/bundleLayout';
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
  const layout = bundleLayout('.');
  const vsix = statSync('dist/stacklet-cloud.vsix').size;
  const whole = await wholePackagesBytes();
  const { activation, lazy } = layout;
  const shortName = (source: string) => path.basename(source, '.ts');
  const steps = lazy.map((step) => `${shortName(step.source)} ${Math.round(step.bytes / KB)} KB`);
  // What dist/extension.js held before the split: everything but undici and the emulator, that is the files only
  // their steps load (a chunk they share with others is the extension's).
  const theirs = (step: (typeof lazy)[number]) => /undiciParts|emulator\/server/.test(step.source);
  const others = new Set([...activation.files, ...lazy.filter((step) => !theirs(step)).flatMap((step) => step.files)]);
  const apart = new Set(lazy.filter(theirs).flatMap((step) => step.files).filter((file) => !others.has(file)));
  const files = new Set([...activation.files, ...lazy.flatMap((step) => step.files)]);
  const bytes = (list: Iterable<string>) => [...list].reduce((sum, file) => sum + statSync(file).size, 0);
  const extension = bytes([...files].filter((file) => !apart.has(file)));
  const shipped = bytes(files);
  log(`size: activation ${activation.bytes} B in ${activation.files.length} files; on first use: ${steps.join(', ')}; all ${files.size} files ${shipped} B; VSIX ${vsix} B; the dependencies through their package entry points ${whole} B`);
  return [
    {
      id: 'size.activation',
      label: 'what activation loads: dist/extension.cjs and the chunks it imports, minified',
      value: activation.bytes / KB,
      unit: 'KB',
      better: 'lower',
      target: { value: 40, text: '≤ 40 KB' },
      baseline: { label: 'every file of the extension (the entry and all its chunks)', value: Math.round(shipped / KB) },
      ratio: { value: activation.bytes / shipped, text: `${times(activation.bytes / shipped)} of the extension` },
      tracked: { value: activation.bytes / KB, better: 'lower' },
      note: `${activation.files.length} files; each chunk loaded on first use adds (with the shared chunks it is the first to need): ${steps.join(', ')}`,
    },
    {
      id: 'size.bundle',
      label: 'the extension without undici and the emulator, minified (dist/extension.cjs and its chunks; what dist/extension.js held before the split)',
      value: extension / KB,
      unit: 'KB',
      better: 'lower',
      target: { value: 400, text: '≤ 400 KB' },
      baseline: { label: 'undici + zod + jsonc-parser through their package entry points', value: Math.round(whole / KB) },
      ratio: { value: extension / whole, text: `${times(extension / whole)} the dependencies alone, the extension included` },
      tracked: { value: extension / KB, better: 'lower' },
      note: `with undici and the emulator: ${Math.round(shipped / KB)} KB in ${files.size} files`,
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
