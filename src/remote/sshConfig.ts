/**
 * The `Host` entry Open in Remote Window writes to an OpenSSH client configuration (~/.ssh/config), as text:
 * the rest of the file is kept line for line (comments, order, indentation, each line's own ending; the lines
 * added take the ending most lines have); writing the same entry twice changes nothing; and nothing a
 * stacklet's name, address or a setting holds can add an option or a line. Also the address Remote-SSH opens.
 * Pure, no vscode.
 */
import * as l10n from '@vscode/l10n';
import { sshAddressProblem } from '../model/sshAddress';

export interface HostEntry {
  /** The name the entry is known by (`Host stacklet-web-1`). */
  readonly alias: string;
  /** The stacklet's public address (an IP address, from the service). */
  readonly hostName: string;
  readonly user: string;
  /** A private key file the user picked; left as it is in the file when not given. */
  readonly identityFile?: string;
}

export interface HostEdit {
  /** The whole file after the edit. */
  readonly text: string;
  readonly changed: boolean;
  /** The entry as it reads after the edit: what the user is shown before anything is written. */
  readonly lines: readonly string[];
}

const ALIAS = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const USER = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;
const INDENT = '    ';
export const STACKLET_COMMENT = '# Added by Stacklet Cloud (Open in Remote Window)';

/** `stacklet-<name>`: the name's letters, digits, dots and dashes, lower case; the id when nothing is left. */
export function hostAlias(name: string, id: number | string): string {
  const clean = name.toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 40).replace(/[-.]+$/, '');
  return `stacklet-${clean || String(id).replace(/[^a-z0-9-]/gi, '')}`;
}

/** The address Remote-SSH opens for `alias` (the root folder of the remote machine). */
export function remoteWindowUri(alias: string): string {
  if (!ALIAS.test(alias)) throw new RangeError(`not a host alias: ${alias}`);
  return `vscode-remote://ssh-remote+${alias}/`;
}

/** Why the entry cannot be written, or undefined when it can. */
export function hostEntryProblem(entry: HostEntry): string | undefined {
  if (!ALIAS.test(entry.alias)) return l10n.t('"{0}" cannot be an SSH host name.', entry.alias);
  const address = sshAddressProblem(entry.hostName);
  if (address === 'not-an-ip') return l10n.t('The stacklet\'s address "{0}" is not an IP address.', entry.hostName.slice(0, 60));
  if (address === 'zone-id') {
    return l10n.t('The stacklet\'s address "{0}" names a network interface of this computer (after %), which the service cannot know; nothing was written to the SSH configuration.', entry.hostName.slice(0, 60));
  }
  if (!USER.test(entry.user)) return l10n.t('The setting stacklet.sshUser ("{0}") is not a user name.', entry.user.slice(0, 60));
  const file = entry.identityFile;
  if (file !== undefined) {
    // Quotes end the argument and ${…} is expanded by ssh; control characters would start a new line.
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    if (file.trim() === '' || /["\u0000-\u001f\u007f]|\$\{/.test(file)) return l10n.t('The identity file path cannot be written to an SSH configuration: {0}', JSON.stringify(file).slice(0, 80));
  }
  return undefined;
}

/** An IdentityFile argument: `%` doubled (ssh reads `%d` and the like), quoted when it holds a space. */
function identityArgument(file: string): string {
  const escaped = file.replace(/%/g, '%%');
  return /\s/.test(escaped) ? `"${escaped}"` : escaped;
}

/** The entry's option lines, in the order they are written. */
function options(entry: HostEntry): [keyword: string, value: string][] {
  return [
    ['HostName', entry.hostName],
    ['User', entry.user],
    ...(entry.identityFile !== undefined ? [['IdentityFile', identityArgument(entry.identityFile)] as [string, string]] : []),
  ];
}

interface Line {
  readonly text: string;
  /** Lower-cased keyword, undefined for blank and comment lines. */
  readonly keyword?: string;
  readonly args?: string;
  /** The line's own ending as the file had it (`''`: the last line, without one); undefined for a line added. */
  readonly eol?: string;
}

function parseLine(text: string, eol?: string): Line {
  const ending = eol === undefined ? {} : { eol };
  const match = /^\s*([A-Za-z][A-Za-z0-9]*)(?:\s*=\s*|\s+)(.*)$/.exec(text) ?? /^\s*([A-Za-z][A-Za-z0-9]*)\s*$/.exec(text);
  if (!match || /^\s*#/.test(text)) return { text, ...ending };
  return { text, keyword: match[1]!.toLowerCase(), args: (match[2] ?? '').trim(), ...ending };
}

/** The file's lines, each with its own ending, and the ending most of them have (for the lines added). */
function readLines(configText: string): { lines: Line[]; dominant: string } {
  if (configText === '') return { lines: [], dominant: '\n' };
  const parts = configText.split(/(\r?\n)/);
  // A final ending leaves an empty part after it, which is no line.
  if (parts[parts.length - 1] === '') parts.pop();
  const lines: Line[] = [];
  let crlf = 0;
  for (let i = 0; i < parts.length; i += 2) {
    const eol = parts[i + 1] ?? '';
    if (eol === '\r\n') crlf++;
    lines.push(parseLine(parts[i]!, eol));
  }
  const endings = lines.filter((line) => line.eol !== '').length;
  return { lines, dominant: crlf * 2 > endings ? '\r\n' : '\n' };
}

/** The lines as text: each ends with its own ending, a line added or one that is no longer last with the dominant one. */
function writeLines(lines: readonly Line[], dominant: string, endsWithEol: boolean): string {
  return lines
    .map((line, i) => {
      const last = i === lines.length - 1;
      if (last && !endsWithEol) return line.text;
      return line.text + (line.eol || dominant);
    })
    .join('');
}

const startsBlock = (line: Line) => line.keyword === 'host' || line.keyword === 'match';
const isComment = (line: Line) => line.keyword === undefined && line.text.trim() !== '';

function hostPatterns(args: string): string[] {
  return [...args.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => (m[1] ?? m[2]!).toLowerCase());
}

/** Adds the entry, or brings an existing `Host <alias>` entry up to date; every other line stays. */
export function upsertHost(configText: string, entry: HostEntry): HostEdit {
  const problem = hostEntryProblem(entry);
  if (problem) throw new RangeError(problem);
  const endsWithEol = configText === '' || configText.endsWith('\n');
  const { lines, dominant } = readLines(configText);
  const wanted = options(entry);
  const start = lines.findIndex((line) => line.keyword === 'host' && hostPatterns(line.args!).join(' ') === entry.alias);

  let result: Line[];
  let shown: Line[];
  if (start === -1) {
    shown = [STACKLET_COMMENT, `Host ${entry.alias}`, ...wanted.map(([key, value]) => `${INDENT}${key} ${value}`)].map((text) => parseLine(text));
    // Before the first Host or Match (and the comments just above it): lines before that apply to every host,
    // and ssh takes the first value it finds, so an entry placed after `Host *` would lose to it.
    let at = lines.findIndex(startsBlock);
    if (at === -1) {
      const gap = lines.length > 0 && lines[lines.length - 1]!.text.trim() !== '' ? [parseLine('')] : [];
      result = [...lines, ...gap, ...shown];
    } else {
      while (at > 0 && isComment(lines[at - 1]!)) at--;
      result = [...lines.slice(0, at), ...shown, parseLine(''), ...lines.slice(at)];
    }
  } else {
    let end = lines.findIndex((line, i) => i > start && startsBlock(line));
    if (end === -1) end = lines.length;
    // Comments and blank lines just above the next entry belong to it.
    while (end > start + 1 && lines[end - 1]!.keyword === undefined) end--;
    const body = lines.slice(start + 1, end);
    const indent = /^\s*/.exec(body.find((line) => line.keyword !== undefined)?.text ?? INDENT)![0] || INDENT;
    const missing: Line[] = [];
    for (const [key, value] of wanted) {
      const at = body.findIndex((line) => line.keyword === key.toLowerCase());
      if (at === -1) missing.push(parseLine(`${indent}${key} ${value}`));
      else if (body[at]!.args !== value) body[at] = parseLine(`${/^\s*/.exec(body[at]!.text)![0]}${key} ${value}`, body[at]!.eol);
    }
    body.splice(body.map((line) => line.keyword !== undefined).lastIndexOf(true) + 1, 0, ...missing);
    shown = [lines[start]!, ...body];
    result = [...lines.slice(0, start + 1), ...body, ...lines.slice(end)];
  }
  const text = writeLines(result, dominant, endsWithEol);
  return { text, changed: text !== configText, lines: shown.map((line) => line.text) };
}
