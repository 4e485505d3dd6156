/**
 * Text the service controls (resource names, its error messages, task texts, addresses, the profile's e-mail)
 * is data, never markup. A co-tenant can rename a shared volume to `[Open Settings](command:…)`; a compromised
 * service can send anything. Each function here escapes such text for one kind of place, and says which places
 * those are. Apply it to the service's part only, never to words of our own (a codicon we add must still render).
 *
 * What VS Code 1.139 does with text, read from its workbench and checked in test/e2e/serviceText.test.ts:
 * - notification messages turn `[label](command:…|https:…|file:…)` into a link that runs when clicked;
 * - the status bar, quick picks and window progress render `$(name)` as a codicon (a backslash before `$`
 *   shows the text there, but shows the backslash in a notification, which renders no icons);
 * - Markdown with `supportThemeIcons` renders `$(name)` after Markdown is parsed, so a Markdown escape alone
 *   does not stop it.
 * A WORD JOINER (U+2060, invisible, not a space) between `]` and `(`, and between `$` and `(`, breaks both
 * patterns everywhere and leaves the text looking exactly as the service wrote it.
 */

/** Characters of service text shown before it is cut with an ellipsis, unless a caller asks for fewer. */
export const DEFAULT_MAX_CHARS = 500;

const JOINER = '\u2060';

/**
 * Line breaks (CR, LF, NEL, U+2028, U+2029), every other C0/C1 control and DEL, and the bidirectional controls
 * (LRE, RLE, PDF, LRO, RLO U+202A–U+202E; LRI, RLI, FSI, PDI U+2066–U+2069; LRM, RLM, ALM), which reorder
 * what follows them ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function shown(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function asText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The first `max` UTF-16 units of `text`, never half a surrogate pair. */
function head(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, Math.floor(max));
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** At most `max` UTF-16 units of `text`, never half a surrogate pair, with `…` when something was cut. */
export function cut(text: string, max = DEFAULT_MAX_CHARS): string {
  return text.length <= max ? text : `${head(text, max)}…`;
}

/** One line: cut first (so a megabyte costs nothing more), then every unsafe character shown as an escape. */
function oneLine(value: unknown, max: number): string {
  return cut(asText(value), max).replace(UNSAFE_CHARS, shown);
}

/** `](` and `$(` with a joiner between: no link target, no codicon, and the text looks the same. */
function breakLinksAndIcons(text: string): string {
  return text.replace(/\](?=\()/g, `]${JOINER}`).replace(/\$(?=\()/g, `$${JOINER}`);
}

/**
 * Service text shown as is where VS Code reads links or codicons in plain strings: notification messages
 * (`showInformationMessage` / `showWarningMessage` / `showErrorMessage`, modal message and `detail`), progress
 * titles and messages, status bar text and tooltips given as strings, quick pick labels, descriptions and
 * details, tree item labels and descriptions, input box prompts and placeholders, terminal names.
 * One line, at most `max` characters of the service's text; controls and bidi characters shown escaped.
 */
export function literalText(value: unknown, max = DEFAULT_MAX_CHARS): string {
  return breakLinksAndIcons(oneLine(value, max));
}

/**
 * Text of several lines shown where VS Code reads links or codicons: the detail of a modal dialog. As
 * `literalText`, but a line break stays a line break (a dialog's detail is meant to have lines); every other
 * control and bidi character is shown escaped, and at most `max` characters are kept.
 */
export function literalLines(value: unknown, max = 10 * DEFAULT_MAX_CHARS): string {
  return cut(asText(value), max)
    .split(/\r\n?|\n/)
    .map((line) => breakLinksAndIcons(line.replace(UNSAFE_CHARS, shown)))
    .join('\n');
}

/**
 * Service text on a line of plain text: log lines (the output channel), a document's header comment, any line
 * a reader must be able to trust. A newline, CR or U+2028 cannot start a forged line (each is shown as `\n`,
 * `\r`, `\u2028`), `*` `/` cannot end a block comment (`*\/`), control and bidi characters are shown escaped
 * (`\u202E`), and at most `max` characters of the service's text are kept.
 */
export function plainText(value: unknown, max = DEFAULT_MAX_CHARS): string {
  return oneLine(value, max).replace(/\*\//g, '*\\/');
}

// Every ASCII punctuation character may be backslash-escaped in CommonMark; these have a meaning somewhere in
// GFM: emphasis, code, links and images, raw HTML and entities, tables, headings, lists, block quotes and the
// autolinks `https://…`, `www.…` and `user@host`. `-`, `.` and `=` are left alone in the middle of a word, where
// they mean nothing, so names read the same in the Markdown source.
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()<>#+!|~$&:@]/g;

/**
 * Service text inside Markdown: tooltips and hovers built as a `MarkdownString` (with or without
 * `supportThemeIcons`; `isTrusted` and `supportHtml` stay off), table cells included. Links, images, raw HTML,
 * entities, emphasis, code spans, autolinks, `|` and `$(icon)` all show as the characters they are. One line,
 * at most `max` characters of the service's text; controls and bidi characters shown escaped.
 */
export function markdownText(value: unknown, max = DEFAULT_MAX_CHARS): string {
  // The joiners go in first: escaped, `$(` would become `\$\(`, which Markdown turns back into `$(`.
  return breakLinksAndIcons(oneLine(value, max))
    .replace(MARKDOWN_SPECIAL, '\\$&')
    // A list item, heading underline or thematic break is only so at the start of a line: `- x`, `1. x`, `===`.
    .replace(/^([-=])/, '\\$1')
    .replace(/^(\d+)\./, '$1\\.')
    .replace(/(www)\./gi, '$1\\.');
}

/** Lines kept by `markdownCodeBlock` unless asked for another number. */
export const DEFAULT_CODE_LINES = 40;

/**
 * Multi-line service text (a userdata script) as a fenced code block inside Markdown: the fence is longer than
 * any run of backticks in the text, so the text cannot close it; codicons are broken as above (VS Code renders
 * them inside code too); controls other than newline and tab, and bidi characters, are shown escaped. At most
 * `maxLines` lines and `max` characters, with a last line `…` when something was cut.
 */
export function markdownCodeBlock(value: unknown, language = '', maxLines = DEFAULT_CODE_LINES, max = 10 * DEFAULT_MAX_CHARS): string {
  const whole = asText(value);
  const lines = head(whole, max).replace(/\r\n?/g, '\n').split('\n');
  const kept = lines.slice(0, Math.max(1, maxLines));
  const more = kept.length < lines.length || whole.length > max;
  const body = kept
    .join('\n')
    .replace(UNSAFE_CHARS, (char) => (char === '\n' || char === '\t' ? char : shown(char)))
    .replace(/\$(?=\()/g, `$${JOINER}`);
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const lang = language.replace(/[^\w+-]/g, '');
  return `${fence}${lang}\n${body}${more ? '\n…' : ''}\n${fence}`;
}
