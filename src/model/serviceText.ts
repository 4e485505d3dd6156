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
 * Characters a reader cannot see, or that change how the rest is seen, each shown as its escape wherever service
 * text goes:
 * - line breaks (CR, LF, NEL, U+2028, U+2029), every other C0/C1 control and DEL;
 * - the bidirectional controls (LRE, RLE, PDF, LRO, RLO U+202A–U+202E; LRI, RLI, FSI, PDI U+2066–U+2069; LRM, RLM,
 *   ALM), which reorder what follows them ("Trojan Source");
 * - the invisible ones, so that `prod\u200B-db` cannot pass for `prod-db`: Unicode's default-ignorable code points
 *   (soft hyphen U+00AD, combining grapheme joiner U+034F, Hangul fillers U+115F, U+1160, U+3164, U+FFA0, Khmer
 *   U+17B4–U+17B5, Mongolian U+180B–U+180F, zero-width space, joiners and marks U+200B–U+200F, U+2060–U+206F
 *   (word joiner, invisible operators, deprecated format characters), variation selectors U+FE00–U+FE0F and
 *   U+E0100–U+E01EF, the byte order mark U+FEFF, U+FFF0–U+FFF8, shorthand format controls U+1BCA0–U+1BCA3,
 *   musical format controls U+1D173–U+1D17A, the tag characters U+E0000–U+E007F and the rest of U+E0000–U+E0FFF),
 *   the interlinear annotation controls U+FFF9–U+FFFB, and a lone surrogate (half a pair, no character at all).
 * One exception: the emoji presentation selectors U+FE0E and U+FE0F right after an emoji (`☁️`), where they only
 * choose how the emoji looks and are everywhere in emoji; after anything else they hide, and are escaped.
 * Astral ones are matched whole (the `u` flag), so a tag character is escaped as one `\u{E0041}`, never as halves.
 */
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- controls and combining marks, each on its own, are what it finds
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufffb\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}\p{Cs}]|(?<!\p{Extended_Pictographic})[\ufe0e\ufe0f]/u;
/** Every unsafe character (see above), for `replace` only (a global expression keeps state between `test`s). */
// eslint-disable-next-line no-misleading-character-class -- as above
export const UNSAFE_CHARS = new RegExp(UNSAFE.source, 'gu');
/** Whether `text` holds a character that is shown escaped. */
export const hasUnsafe = (text: string): boolean => UNSAFE.test(text);
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** How an unsafe character is shown: `\n`, `\u202E`, or `\u{E0041}` beyond the Basic Multilingual Plane. */
function shown(char: string): string {
  const code = char.codePointAt(0)!;
  return NAMED[char] ?? (code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`);
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
 * (`showInformationMessage` / `showWarningMessage` / `showErrorMessage`), progress
 * titles and messages, status bar text and tooltips given as strings, quick pick labels, descriptions and
 * details, tree item labels and descriptions, input box prompts and placeholders, terminal names.
 * One line, at most `max` characters of the service's text; controls and bidi characters shown escaped.
 */
export function literalText(value: unknown, max = DEFAULT_MAX_CHARS): string {
  return breakLinksAndIcons(oneLine(value, max));
}

/**
 * Text of several lines shown where VS Code reads links or codicons: the detail of a confirmation, a row per
 * line. As `literalText`, but a line break stays a line break (the detail is meant to have lines); every other
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

/**
 * Service text as a user is asked to type it (the name that confirms a deletion): whole, every unsafe character
 * written as the other escapers show it (`prod\u200B-db`), and no joiner, which nobody could type.
 */
export function typeableText(value: unknown): string {
  return asText(value).replace(UNSAFE_CHARS, shown);
}

/**
 * Service text on a line a terminal shows (the command line's output and questions). A terminal renders no links
 * or codicons but obeys what a control starts: ESC and CSI sequences move the cursor, rewrite lines, set the title
 * or make a link. So the text is one line, each unsafe character shown as its escape (`\u001B`), and whole: a
 * terminal line is read to its end. The same form as `typeableText`, which a terminal's question asks for.
 */
export function terminalText(value: unknown): string {
  return typeableText(value);
}

/**
 * JSON written where a terminal may show it (`stacklet export`, `plan --json`): each unsafe character other than
 * the layout's line breaks written as its JSON escape (`\u202E`, two for one beyond the Basic Multilingual Plane),
 * which every JSON reader reads back as the same character. In JSON that JSON.stringify wrote, such a character
 * can only be inside a string; a document's comments were made plain text (`plainText`) before.
 */
export function terminalJson(text: string): string {
  return text.replace(UNSAFE_CHARS, (char) => (char === '\n' ? char : Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`).join('')));
}

/**
 * Whether `typed` confirms the service text `expected`: the exact text (pasted), or the form the user was asked
 * to type, `typeableText`; spaces around what was typed do not count. So `prod-db` never confirms
 * `prod\u200B-db` (a zero-width space), and the user can still confirm it by typing `prod\u200B-db` as shown.
 * It asks the user to read what goes; which resource goes was settled when it was picked (by id).
 */
export function confirmsText(typed: string, expected: string): boolean {
  const text = typed.trim();
  return text !== '' && (text === expected || text === typeableText(expected).trim());
}
