/**
 * The language of a process the editor does not host: the command line (`stacklet`) and the MCP server, which
 * read it from the environment as other command-line programs do, then load the extension's own bundle for it.
 * Their words and the core's (`l10n.t`) then speak it; the extension host configures @vscode/l10n from
 * `vscode.l10n` instead (workbench.ts). No vscode import.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';

type Env = Readonly<Record<string, string | undefined>>;

/** A language tag as a bundle's file name carries it (`de`, `pt-br`): nothing else may reach a path. */
const TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

function tagOf(value: string | undefined): string | undefined {
  // `de_DE.UTF-8@euro` → `de-de`; `C` and `POSIX` ask for no language.
  const tag = value?.split(/[.@]/)[0]?.replace(/_/g, '-').toLowerCase();
  return tag && TAG.test(tag) ? tag : undefined;
}

/**
 * The language asked for, lower case, or undefined for English. STACKLET_LOCALE first: the editor's display
 * language, which the extension passes to the server it registers with an editor. Then gettext's order: the
 * first of LANGUAGE's list, unless the locale (LC_ALL, LC_MESSAGES, LANG, the first set) is `C` or `POSIX`.
 */
export function localeOf(env: Env): string | undefined {
  const given = tagOf(env['STACKLET_LOCALE']);
  if (given) return given;
  const locale = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((value) => value !== undefined && value !== '');
  if (locale === undefined || /^(C|POSIX)([.@]|$)/.test(locale)) return undefined;
  return tagOf(env['LANGUAGE']?.split(':').find((item) => item !== '')) ?? tagOf(locale);
}

/** The bundles that could hold `locale`'s words, best first: `bundle.l10n.de-ch.json`, then `bundle.l10n.de.json`. */
export function bundleFiles(locale: string, dirs: readonly string[]): string[] {
  const language = locale.split('-')[0]!;
  const names = [...new Set([locale, language])].map((tag) => `bundle.l10n.${tag}.json`);
  return dirs.flatMap((dir) => names.map((name) => path.join(dir, name)));
}

/**
 * Speaks the environment's language where a bundle for it lies beside the running script (`l10n/`, the npm
 * package's) or one folder up (`../l10n/`, the VSIX's and a clone's); English otherwise, and when the bundle
 * cannot be read. `script` is the file the process runs (`process.argv[1]`); a link to it (npm's bin) is followed.
 */
export function speakEnvironmentLanguage(env: Env, script: string | undefined): void {
  const locale = localeOf(env);
  if (!locale || locale === 'en' || locale.startsWith('en-') || !script) return;
  let dir: string;
  try {
    dir = path.dirname(fs.realpathSync(script));
  } catch {
    return;
  }
  for (const file of bundleFiles(locale, [path.join(dir, 'l10n'), path.join(dir, '..', 'l10n')])) {
    let contents: unknown;
    try {
      contents = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    if (contents === null || typeof contents !== 'object' || Array.isArray(contents)) continue;
    l10n.config({ contents: contents as Record<string, string> });
    return;
  }
}
