// The shaped extension of test/fixtures/shaped-extension: Stacklet Cloud's contributions, renamed so that both
// install in one host, generated from the product's package.json whenever the fixture is packaged, so that the
// floor follows the product as commands, views and tools are added.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './provision';

export const SHAPED_EXTENSION_FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'shaped-extension');

/** The title of the shaped extension's view container (the product's, renamed). */
export const SHAPED_TITLE = 'Shaped Cloud';

/** A string that is a whole package.nls placeholder (`%view.stacklets%`): a key, not a word or an id. */
const PLACEHOLDER = /^%[^%\s]+%$/;

/**
 * The product's ids and words, renamed: `stacklet` at the start of an id (`stacklet.refresh`, `stacklet-firewall`,
 * `stacklet_find`, `stackletFind`, `onView:stacklet.volumes`, `stacklet.state == active`) becomes `prefix`
 * (`shaped`; each copy installed in one host has its own), the
 * word `Stacklet` (a command category, "Stacklet Cloud") becomes `Shaped`. Placeholders and file paths
 * (`media/stacklet.svg`) are left alone: they name the product's words and files, which the fixture ships.
 */
export function toShaped(text: string, prefix = 'shaped'): string {
  if (PLACEHOLDER.test(text)) return text;
  return text.replace(/(?<![\w/.])stacklet/g, prefix).replace(/\bStacklet\b/g, 'Shaped');
}

/** The inverse of toShaped, for the product's texts (which never say "shaped"). */
export function fromShaped(text: string, prefix = 'shaped'): string {
  if (PLACEHOLDER.test(text)) return text;
  return text.replace(new RegExp(`(?<![\\w/.])${prefix}`, 'g'), 'stacklet').replace(/\bShaped\b/g, 'Stacklet');
}

/** `value` with `rename` applied to every string in it, object keys included. */
export function renamed<T>(value: T, rename: (text: string) => string): T {
  if (typeof value === 'string') return rename(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => renamed(item, rename)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), renamed(item, rename)])) as T;
  }
  return value;
}

export interface ShapedManifest {
  readonly activationEvents: string[];
  readonly contributes: Record<string, unknown>;
}

/** The product's `package.json` (parsed): what the shaped extension's manifest takes from it, renamed. */
export function shapedManifest(product: { activationEvents?: string[]; contributes?: Record<string, unknown> }, prefix = 'shaped'): ShapedManifest {
  return renamed({ activationEvents: product.activationEvents ?? [], contributes: product.contributes ?? {} }, (text) => toShaped(text, prefix));
}

/** The files the contributions name (icons, the walkthrough's pages) and the English words, renamed. */
function shippedFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const nls = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
  // Only the product's name in its words: the container's title and the commands' category tell the two apart.
  files['package.nls.json'] = JSON.stringify(renamed(nls, (text) => text.replace(/\bStacklet\b/g, 'Shaped')), null, 2);
  for (const dir of ['media', path.join('media', 'walkthrough')]) {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      if (entry.isFile() && /\.(svg|md)$/.test(entry.name)) files[path.join(dir, entry.name)] = fs.readFileSync(path.join(REPO_ROOT, dir, entry.name), 'utf8');
    }
  }
  return files;
}

/**
 * What packageFixture writes into the shaped extension's copy: its manifest, generated from the product's
 * package.json as it is now, and the files that manifest names.
 */
export function shapedFixtureContent(prefix = 'shaped'): { files: Record<string, string>; manifest: Record<string, unknown> } {
  const product = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Parameters<typeof shapedManifest>[0];
  return { files: shippedFiles(), manifest: { ...shapedManifest(product, prefix) } };
}
