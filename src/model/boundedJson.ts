/**
 * Pretty JSON of a value the service sent, for View Properties and other read-only documents, that never throws
 * and never grows without bound: `JSON.stringify(value, null, 2)` overflows the stack on a value nested a few
 * thousand levels deep (the service's unknown fields are kept as they came) and writes out a gigabyte as
 * readily as a line. What is left out is said in place, as JSON strings, so the text stays valid JSON, and
 * summed up in `cuts`. Bidirectional controls, invisible characters and line separators in strings are written as
 * `\uXXXX` escapes, which JSON reads back as the same characters, so they cannot reorder, hide or split what the
 * editor shows.
 */
import * as l10n from '@vscode/l10n';
import { plural } from '../api/plural';
import { UNSAFE_CHARS } from './serviceText';

export interface JsonLimits {
  /** Levels of arrays and objects written; deeper ones become a note. */
  readonly maxDepth: number;
  /** Characters of output after which the remaining entries of every open array and object become a note. */
  readonly maxChars: number;
  /** Characters kept of any one string or key. */
  readonly maxStringChars: number;
  /** Entries written of any one array or object. */
  readonly maxEntries: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 64, maxChars: 2_000_000, maxStringChars: 20_000, maxEntries: 10_000 };

export interface BoundedJson {
  readonly text: string;
  /** One sentence per kind of cut, empty when the whole value was written. */
  readonly cuts: readonly string[];
}


class Writer {
  private readonly parts: string[] = [];
  private used = 0;
  private readonly ancestors = new Set<object>();
  readonly counts = { strings: 0, deep: 0, entries: 0 };

  constructor(private readonly limits: JsonLimits) {}

  get text(): string {
    return this.parts.join('');
  }

  private put(text: string): void {
    this.parts.push(text);
    this.used += text.length;
  }

  private full(): boolean {
    return this.used >= this.limits.maxChars;
  }

  string(value: string): string {
    let text = value;
    if (text.length > this.limits.maxStringChars) {
      this.counts.strings++;
      text = l10n.t('{0}… ({1} characters in all)', text.slice(0, this.limits.maxStringChars), value.length.toLocaleString('en-US'));
    }
    return safeStringify(text);
  }

  value(value: unknown, depth: number, indent: string): void {
    if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      value = (value as { toJSON(): unknown }).toJSON();
    }
    switch (typeof value) {
      case 'string':
        return this.put(this.string(value));
      case 'number':
        return this.put(Number.isFinite(value) ? String(value) : 'null');
      case 'boolean':
        return this.put(String(value));
      case 'bigint':
        return this.put(this.string(String(value)));
      case 'object':
        if (value === null) return this.put('null');
        if (depth >= this.limits.maxDepth) {
          this.counts.deep++;
          return this.put(this.string(l10n.t('… nested deeper than {0} levels', this.limits.maxDepth)));
        }
        if (this.ancestors.has(value)) return this.put(this.string(l10n.t('… (circular)')));
        this.ancestors.add(value);
        try {
          if (Array.isArray(value)) this.array(value, depth, indent);
          else this.object(value as Record<string, unknown>, depth, indent);
        } finally {
          this.ancestors.delete(value);
        }
        return;
      default:
        return this.put('null');
    }
  }

  private array(items: readonly unknown[], depth: number, indent: string): void {
    this.container('[', ']', items.length, indent, (index, inner) => this.value(items[index], depth + 1, inner), (left) =>
      this.put(this.string(plural(left, l10n.t('… 1 more item'), l10n.t('… {0} more items', left.toLocaleString('en-US'))))));
  }

  private object(record: Record<string, unknown>, depth: number, indent: string): void {
    // Keys whose value JSON leaves out (undefined, functions, symbols) are left out here too.
    const keys = Object.keys(record).filter((key) => !['undefined', 'function', 'symbol'].includes(typeof record[key]));
    this.container('{', '}', keys.length, indent, (index, inner) => {
      this.put(`${this.string(keys[index]!)}: `);
      this.value(record[keys[index]!], depth + 1, inner);
    }, (left) => this.put(`${this.string('…')}: ${this.string(plural(left, l10n.t('1 more property'), l10n.t('{0} more properties', left.toLocaleString('en-US'))))}`));
  }

  /** Writes `count` entries (or as many as the limits allow, then a note for the rest) between `open` and `close`. */
  private container(open: string, close: string, count: number, indent: string, entry: (index: number, indent: string) => void, rest: (left: number) => void): void {
    if (count === 0) return this.put(`${open}${close}`);
    const inner = `${indent}  `;
    this.put(`${open}\n`);
    let index = 0;
    for (; index < count && index < this.limits.maxEntries && !this.full(); index++) {
      if (index > 0) this.put(',\n');
      this.put(inner);
      entry(index, inner);
    }
    if (index < count) {
      this.counts.entries += count - index;
      if (index > 0) this.put(',\n');
      this.put(inner);
      rest(count - index);
    }
    this.put(`\n${indent}${close}`);
  }
}

/** `value` as JSON indented by two spaces, within `limits`; see the file's comment. */
/**
 * JSON.stringify, with what it leaves as it is of the unsafe characters (bidi, invisible: see serviceText) written
 * as `\u` escapes, one per UTF-16 unit (JSON has no other form for a tag character): the same string to a JSON
 * reader. They only ever occur inside JSON strings, so the escapes land there.
 */
export function safeStringify(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_CHARS, (char) => char.split('').map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''));
}

export function boundedJson(value: unknown, limits: Partial<JsonLimits> = {}): BoundedJson {
  const writer = new Writer({ ...DEFAULT_JSON_LIMITS, ...limits });
  writer.value(value, 0, '');
  const { strings, deep, entries } = writer.counts;
  const cuts = [
    ...(strings > 0 ? [l10n.t('Strings shortened: {0}.', strings)] : []),
    ...(deep > 0 ? [l10n.t('Values nested too deep, left out: {0}.', deep)] : []),
    ...(entries > 0 ? [l10n.t('Entries left out to keep the document small: {0}.', entries.toLocaleString('en-US'))] : []),
  ];
  return { text: writer.text, cuts };
}
