/**
 * `npm run manifest`: writes package.json's `contributes.commands` and `contributes.menus`, and the commands'
 * titles in package.nls.json, from the declarations; every other part of both files stays as it is, byte for
 * byte. With `--check` (as `npm run lint` runs it) it writes nothing and fails when either file differs from
 * what it would write. Run by scripts/manifest.mjs, which bundles this file. No vscode import.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DECLARED } from './declared';
import { GENERATED_KEYS, generate, isWriteToolName, type Generated } from './generate';

/** How package.json and package.nls.json are formatted (JSON.stringify's, two spaces, a final newline). */
const format = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** package.json with its commands and menus replaced, each in the place it had. */
export function manifestText(text: string, generated: Generated): string {
  const manifest = JSON.parse(text) as { contributes: Record<string, unknown> };
  manifest.contributes.commands = generated.commands;
  manifest.contributes.menus = generated.menus;
  // The read tools as they are, then the write tools as the definitions give them.
  const tools = (manifest.contributes['languageModelTools'] ?? []) as { name: string }[];
  manifest.contributes['languageModelTools'] = [...tools.filter((tool) => !isWriteToolName(tool.name)), ...generated.tools];
  return format(manifest);
}

/**
 * package.nls.json with the commands' titles: each kept in its place with its English now declared, a new one
 * added at the end, and the title of a command no longer declared removed. Other keys stay as they are.
 */
export function nlsText(text: string, titles: Readonly<Record<string, string>>): string {
  const nls = JSON.parse(text) as Record<string, string>;
  const written: Record<string, string> = {};
  for (const key of Object.keys(nls)) {
    if (GENERATED_KEYS.test(key) && !Object.hasOwn(titles, key)) continue;
    written[key] = Object.hasOwn(titles, key) ? titles[key]! : nls[key]!;
  }
  for (const [key, title] of Object.entries(titles)) written[key] = title;
  return format(written);
}

interface Entry {
  readonly command: string;
  readonly group?: string;
  readonly when?: string;
}

/** What package.json and package.nls.json lack or have beyond the declarations, one line each. */
export function differences(manifest: string, nls: string, generated: Generated): string[] {
  const lines: string[] = [];
  const contributes = (JSON.parse(manifest) as { contributes: { commands?: Entry[]; menus?: Record<string, Entry[]> } }).contributes;
  const compare = (what: string, had: readonly Entry[], wanted: readonly Entry[], key: (entry: Entry) => string) => {
    const before = new Map(had.map((entry) => [key(entry), JSON.stringify(entry)]));
    const after = new Map(wanted.map((entry) => [key(entry), JSON.stringify(entry)]));
    for (const [name, entry] of after) {
      if (!before.has(name)) lines.push(`package.json lacks ${what} ${name}`);
      else if (before.get(name) !== entry) lines.push(`package.json has ${what} ${name} otherwise: ${entry}`);
    }
    for (const name of before.keys()) if (!after.has(name)) lines.push(`package.json has ${what} ${name}, which nothing declares`);
  };
  compare('the command', contributes.commands ?? [], generated.commands, (entry) => entry.command);
  const tools = (contributes as { languageModelTools?: { name: string }[] }).languageModelTools ?? [];
  const wanted = new Map(generated.tools.map((tool) => [tool.name, JSON.stringify(tool)]));
  for (const tool of tools.filter((entry) => isWriteToolName(entry.name))) {
    if (!wanted.has(tool.name)) lines.push(`package.json has the write tool ${tool.name}, which nothing declares`);
    else if (wanted.get(tool.name) !== JSON.stringify(tool)) lines.push(`package.json has the write tool ${tool.name} otherwise`);
  }
  for (const name of wanted.keys()) if (!tools.some((tool) => tool.name === name)) lines.push(`package.json lacks the write tool ${name}`);
  for (const menu of new Set([...Object.keys(contributes.menus ?? {}), ...Object.keys(generated.menus)])) {
    const menuKey = (entry: Entry) => `${entry.command} at ${entry.group ?? entry.when}`;
    compare(`the ${menu} entry`, contributes.menus?.[menu] ?? [], generated.menus[menu as keyof Generated['menus']] ?? [], menuKey);
  }
  const titles = JSON.parse(nls) as Record<string, string>;
  for (const [key, title] of Object.entries(generated.titles)) {
    if (titles[key] === undefined) lines.push(`package.nls.json lacks the title ${key}`);
    else if (titles[key] !== title) lines.push(`package.nls.json has the title ${key} otherwise: ${title}`);
  }
  for (const key of Object.keys(titles)) if (GENERATED_KEYS.test(key) && !Object.hasOwn(generated.titles, key)) lines.push(`package.nls.json has the title ${key}, which nothing declares`);
  return lines;
}

/** Writes (or with `--check`, compares) the files in `root`; the exit code: 0, or 1 when a check finds a difference. */
export function main(args: readonly string[], root: string): number {
  const check = args.includes('--check');
  const generated = generate(DECLARED);
  const files = [
    { name: 'package.json', write: (text: string) => manifestText(text, generated) },
    { name: 'package.nls.json', write: (text: string) => nlsText(text, generated.titles) },
  ];
  const stale: string[] = [];
  for (const file of files) {
    const full = path.join(root, file.name);
    const before = fs.readFileSync(full, 'utf8');
    const after = file.write(before);
    if (before === after) continue;
    stale.push(file.name);
    if (!check) fs.writeFileSync(full, after);
  }
  if (check && stale.length > 0) {
    const read = (name: string) => fs.readFileSync(path.join(root, name), 'utf8');
    const lines = differences(read('package.json'), read('package.nls.json'), generated);
    console.error([
      `${stale.join(' and ')} differ from the declarations (src/kinds/commands.ts, src/kinds/<kind>/actions.ts): run npm run manifest.`,
      ...lines.map((line) => `  ${line}`),
    ].join('\n'));
    return 1;
  }
  if (!check) console.log(stale.length > 0 ? `wrote ${stale.join(' and ')}` : 'package.json and package.nls.json are as declared');
  return 0;
}
