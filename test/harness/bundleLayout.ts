/**
 * What the extension's split build (esbuild.mjs) makes the extension host load, read from the metafile the
 * build writes beside it (dist/extension.meta.json): the bytes activation loads (the entry and every chunk it
 * imports), and for each chunk loaded on first use (an `import()` in the sources), the bytes that step adds.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

interface Metafile {
  outputs: Record<string, { bytes: number; entryPoint?: string; imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
}

export interface LoadStep {
  /** The source file the step loads (`src/workbench.ts`), or the entry's. */
  readonly source: string;
  /** The files it loads that were not loaded before it (relative to the extension's folder). */
  readonly files: readonly string[];
  readonly bytes: number;
  /** Every source file those files hold. */
  readonly inputs: readonly string[];
}

export interface BundleLayout {
  readonly activation: LoadStep;
  /** Each chunk an `import()` loads, after activation alone (a chunk's own step: what it adds to activation's). */
  readonly lazy: readonly LoadStep[];
  /** Every file the build wrote for the extension, with the source files it holds. */
  readonly outputs: ReadonlyMap<string, readonly string[]>;
}

function readMetafile(dist: string): Metafile {
  return JSON.parse(readFileSync(path.join(dist, 'extension.meta.json'), 'utf8')) as Metafile;
}

export function bundleLayout(extensionRoot: string): BundleLayout {
  const meta = readMetafile(path.join(extensionRoot, 'dist'));
  /** A file and every file it imports statically, minus those already loaded. */
  const closure = (start: string, loaded: ReadonlySet<string>): string[] => {
    const found = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (found.has(file) || loaded.has(file)) continue;
      found.add(file);
      for (const imported of meta.outputs[file]!.imports) if (imported.kind === 'import-statement' && !imported.external) stack.push(imported.path);
    }
    return [...found];
  };
  const step = (start: string, loaded: ReadonlySet<string>): LoadStep => {
    const files = closure(start, loaded);
    return {
      source: meta.outputs[start]!.entryPoint ?? start,
      files: files.map((file) => path.relative('dist', file).replace(/\\/g, '/')).map((file) => `dist/${file}`),
      bytes: files.reduce((sum, file) => sum + meta.outputs[file]!.bytes, 0),
      inputs: files.flatMap((file) => Object.keys(meta.outputs[file]!.inputs)),
    };
  };
  const entry = Object.keys(meta.outputs).find((file) => meta.outputs[file]!.entryPoint === 'src/extension.ts');
  if (!entry) throw new Error('dist/extension.meta.json names no output for src/extension.ts');
  const activation = step(entry, new Set());
  const atActivation = new Set(closure(entry, new Set()));
  const dynamic = new Set(Object.values(meta.outputs).flatMap((output) => output.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => i.path)));
  const outputs = new Map(Object.entries(meta.outputs).filter(([file]) => /\.[cm]js$/.test(file)).map(([file, output]) => [file, Object.keys(output.inputs)] as const));
  return { activation, lazy: [...dynamic].sort().map((file) => step(file, atActivation)), outputs };
}
