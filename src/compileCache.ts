// V8's compile cache for the chunks loaded after activation (the workbench's, the client's, undici's: about
// 400 KB that the first row waits for), where the extension host's Node has it (22.1 and later). Node keeps the
// compiled code in `dir`, keyed by each file's content, so every window after the first skips compiling them.
import * as nodeModule from 'node:module';

interface CompileCache {
  enableCompileCache?: (dir: string) => unknown;
  flushCompileCache?: () => void;
}

const cache = nodeModule as CompileCache;

/**
 * Turns the cache on, in `dir`, before the chunks are imported. The cache is the host process's: modules other
 * extensions load after this are cached there too, as they would be by VS Code turning it on itself. A Node
 * without it, or a cache Node cannot open, leaves loading as it was.
 */
export function enableCompileCache(dir: string): void {
  try {
    cache.enableCompileCache?.(dir);
  } catch {
    // loading works the same without it
  }
}

/** Writes what was compiled so far, once the chunks are loaded: a window closed abruptly writes nothing. */
export function flushCompileCache(): void {
  try {
    cache.flushCompileCache?.();
  } catch {
    // the next window compiles again
  }
}
