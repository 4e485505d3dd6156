/**
 * Masks the API token wherever a hostile or careless service echoes it back, before the text reaches a
 * message, a log line, the action history or a copy. Not only the whole token: any run of LEAK_PREFIX or more
 * characters of its start, however it is spelled: as it is, JSON-escaped (`\/`, `\u0073`, any hex case),
 * percent-encoded (any characters, any hex case), or inside base64 or base64url at any of the three byte
 * offsets (`Basic base64(user:token)`). The forms are built once per token; a text is read a fixed number of
 * times (one `indexOf` walk per form and view, each hit extended by at most the token's length), so the cost is
 * linear in the text, which for an error body is at most 64 KB. No vscode import.
 */

const MASK = '••••';

/** A run of this many characters of the token's start is a leak wherever it stands. */
export const LEAK_PREFIX = 8;

/** At the end of a text cut short, a shorter start is masked too: the rest of the token may lie past the cut. */
const CUT_PREFIX = 4;

/** One spelling of the token that a search can look for. */
interface Form {
  /** The token in this spelling, as far as the token alone decides its characters. */
  readonly text: string;
  /** What a match must start with: the spelling of the token's first LEAK_PREFIX characters. */
  readonly needle: string;
  /** Characters just before a match that are partly made of the token (base64 at an offset): masked too. */
  readonly lead: number;
}

/** A text as a search sees it, and where each of its characters came from in the original. */
interface View {
  readonly text: string;
  /** `offsets[i]` is where character i starts in the original; `offsets[text.length]` is the original's length. */
  readonly offsets?: Int32Array;
  /** Characters at the end that are an escape cut in half: the end of the text for a cut-short start. */
  readonly partialTail: number;
}

function base64Forms(token: Buffer, prefix: Buffer): Form[] {
  const forms: Form[] = [];
  for (let offset = 0; offset < 3; offset++) {
    // With `offset` unknown bytes before the token, the first base64 characters mix them in: the first `skip`
    // are not the token's alone, and the last of those carries some of its bits (`lead`).
    const skip = offset === 0 ? 0 : offset + 1;
    const lead = offset === 0 ? 0 : 1;
    const spell = (bytes: Buffer) => {
      const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
      // A last character that is only partly filled depends on what follows the token.
      const whole = (offset + bytes.length) % 3 === 0 ? encoded : encoded.slice(0, -1);
      return whole.slice(skip);
    };
    const text = spell(token);
    const needle = spell(prefix);
    // Too short a needle would match ordinary words: only a token this short has one.
    if (needle.length < 6) continue;
    forms.push({ text, needle, lead });
    const url = (value: string) => value.replace(/\+/g, '-').replace(/\//g, '_');
    forms.push({ text: url(text), needle: url(needle), lead });
  }
  return forms;
}

const HEX = /^[0-9a-fA-F]+$/;
/** How many times a text is read through its escapes. */
const DECODINGS = 2;
const JSON_SIMPLE: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * `view`'s text with JSON escapes (`\/`, `\u0073`) and percent escapes (`%2F`, `%2f`) read as the characters
 * they stand for, with where each came from in the original. Undefined when the text has neither.
 */
function decoded(view: View): View | undefined {
  const raw = view.text;
  if (!raw.includes('\\') && !raw.includes('%')) return undefined;
  const chars: string[] = [];
  const offsets = new Int32Array(raw.length + 1);
  const original = (at: number) => (view.offsets ? view.offsets[at]! : at);
  let i = 0;
  while (i < raw.length) {
    offsets[chars.length] = original(i);
    const c = raw[i]!;
    let width = 1;
    let char = c;
    if (c === '\\' && i + 1 < raw.length) {
      const next = raw[i + 1]!;
      const hex = raw.slice(i + 2, i + 6);
      if (next === 'u' && hex.length === 4 && HEX.test(hex)) {
        char = String.fromCharCode(parseInt(hex, 16));
        width = 6;
      } else if (Object.hasOwn(JSON_SIMPLE, next)) {
        char = JSON_SIMPLE[next]!;
        width = 2;
      }
    } else if (c === '%') {
      const hex = raw.slice(i + 1, i + 3);
      if (hex.length === 2 && HEX.test(hex)) {
        char = String.fromCharCode(parseInt(hex, 16));
        width = 3;
      }
    }
    chars.push(char);
    i += width;
  }
  offsets[chars.length] = original(raw.length);
  const partial = /(?:%[0-9a-fA-F]?|\\(?:u[0-9a-fA-F]{0,3})?)$/.exec(raw);
  return { text: chars.join(''), offsets: offsets.subarray(0, chars.length + 1), partialTail: Math.max(view.partialTail, partial ? partial[0].length : 0) };
}

/** The longest start of `form` (at least `least` characters) that `text` ends with: 0 when none. */
function startAtEnd(text: string, form: string, least: number): number {
  // The prefix function (Knuth–Morris–Pratt) of form + separator + the tail of text: linear in the token.
  const tail = text.slice(Math.max(0, text.length - form.length));
  const joined = `${form}\u0000${tail}`;
  const border = new Int32Array(joined.length);
  for (let i = 1; i < joined.length; i++) {
    let k = border[i - 1]!;
    while (k > 0 && joined[i] !== joined[k]) k = border[k - 1]!;
    if (joined[i] === joined[k]) k++;
    border[i] = k;
  }
  const found = border[joined.length - 1] ?? 0;
  return found >= least ? found : 0;
}

export class TokenRedactor {
  private readonly forms: readonly Form[];

  constructor(token: string) {
    // A token this short cannot be told from ordinary text: nothing is masked (sign-in never stores one).
    if (token.length < CUT_PREFIX) {
      this.forms = [];
      return;
    }
    const prefix = token.slice(0, Math.min(LEAK_PREFIX, token.length));
    this.forms = [{ text: token, needle: prefix, lead: 0 }, ...base64Forms(Buffer.from(token, 'utf8'), Buffer.from(prefix, 'utf8'))];
  }

  /**
   * `text` with every spelling of a start of the token replaced by MASK. With `cutShort` (the text is the
   * beginning of something longer), a start of at least four characters at the very end goes too.
   */
  redact(text: string, cutShort = false): string {
    if (this.forms.length === 0 || text === '') return text;
    const spans: [number, number][] = [];
    // The text as it is, and read through escapes twice: a JSON body holding JSON (a quoted request, or
    // `\\u0073`) or a JSON-escaped percent sign still spells the token within those two readings.
    const views: View[] = [{ text, partialTail: 0 }];
    for (let level = 0; level < DECODINGS; level++) {
      const next = decoded(views[views.length - 1]!);
      if (!next) break;
      views.push(next);
    }
    for (const view of views) {
      const original = (at: number) => (view.offsets ? view.offsets[at]! : at);
      for (const form of this.forms) {
        for (let at = view.text.indexOf(form.needle); at !== -1; at = view.text.indexOf(form.needle, at + 1)) {
          let end = at + form.needle.length;
          while (end - at < form.text.length && end < view.text.length && view.text[end] === form.text[end - at]) end++;
          spans.push([original(Math.max(0, at - form.lead)), original(end)]);
        }
        if (cutShort) {
          const end = view.text.length - view.partialTail;
          const found = startAtEnd(view.text.slice(0, end), form.text, CUT_PREFIX);
          if (found > 0) spans.push([original(Math.max(0, end - found - form.lead)), text.length]);
        }
      }
    }
    return spans.length === 0 ? text : mask(text, spans);
  }
}

/** `text` with each span (merged where they overlap) replaced by MASK. */
function mask(text: string, spans: [number, number][]): string {
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let done = 0;
  for (const [start, end] of spans) {
    if (end <= done) continue;
    if (start >= done) out += text.slice(done, start) + MASK;
    done = end;
  }
  return out + text.slice(done);
}
