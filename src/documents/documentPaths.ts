/**
 * The paths of the documents the extension opens (resources as documents, View Properties, the service's side of
 * a comparison) hold what the service chose: a resource's id, and its name as the file name the tab shows. Both
 * are made safe here, apart from VS Code so they are tested in plain Node:
 * - an id is always exactly one segment, and reads back as the same id (`..` must not climb out of its folder,
 *   nor `a/b` add one, nor `%2F`, `?` or `#` change what the URI says);
 * - a name is a plain-text edge like a log line: what cannot be seen, or reorders what follows (the name
 *   `fw\u202Ecnosj.exe` reads `fwexe.jsonc`), is shown as its escape, and what file names cannot hold becomes `-`.
 */
import { KINDS, type Kind, type ResourceRef } from '../kinds/registry';
import { cut, typeableText, UNSAFE_CHARS } from '../model/serviceText';

/** The first segment of a document of a resource not created yet; never an id's segment. */
export const NEW_SEGMENT = 'new';

/** The segment of an empty id: a lone `%`, which the encoding below never writes otherwise. */
const EMPTY_SEGMENT = '%';

/** Characters an id's segment keeps as they are; everything else (`.` too, so no dot segment) is encoded. */
const KEPT = /^[A-Za-z0-9_~-]$/;

const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');
const encoder = new TextEncoder();

/**
 * An id the service chose as one path segment: `[A-Za-z0-9_~-]` as they are, any other character as its UTF-8
 * bytes `%XX` (`.` as `%2E`, so `..` is `%2E%2E`), half a surrogate pair (not UTF-8 at all) as `%uD800`, the empty
 * id as `%`, and an id `new` as `%6Eew` so it cannot pass for a new document. `idOfSegment` reads it back.
 */
export function idSegment(id: string | number): string {
  const text = String(id);
  if (text === '') return EMPTY_SEGMENT;
  let segment = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (KEPT.test(char)) segment += char;
    else if (code >= 0xd800 && code <= 0xdfff) segment += `%u${hex(code, 4)}`;
    else for (const byte of encoder.encode(char)) segment += `%${hex(byte, 2)}`;
  }
  return segment === NEW_SEGMENT ? `%${hex(NEW_SEGMENT.charCodeAt(0), 2)}${NEW_SEGMENT.slice(1)}` : segment;
}

const TOKEN = /%u([0-9A-Fa-f]{4})|%([0-9A-Fa-f]{2})|([A-Za-z0-9_~-])/y;

/** The id `idSegment` wrote as `segment`, or undefined when no id is written so (a path typed by hand). */
export function idOfSegment(segment: string): string | undefined {
  if (segment === EMPTY_SEGMENT) return '';
  if (segment === '' || segment === NEW_SEGMENT) return undefined;
  // ignoreBOM: a U+FEFF the id holds is part of it, not a byte order mark to drop at the start of each run.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let id = '';
  let bytes: number[] = [];
  const flush = () => {
    id += decoder.decode(new Uint8Array(bytes));
    bytes = [];
  };
  TOKEN.lastIndex = 0;
  try {
    while (TOKEN.lastIndex < segment.length) {
      const match = TOKEN.exec(segment);
      if (!match) return undefined;
      const [, unit, byte, kept] = match;
      if (byte !== undefined) {
        bytes.push(parseInt(byte, 16));
        continue;
      }
      flush();
      id += unit !== undefined ? String.fromCharCode(parseInt(unit, 16)) : kept;
    }
    flush();
  } catch {
    return undefined; // bytes that are not UTF-8
  }
  return id;
}

/** Characters a file name cannot hold on some system, and white space: each becomes `-`. */
const NOT_IN_FILE_NAMES = /[/\\:*?"<>|\s]/u;
const FILE_NAME_PARTS = new RegExp(`${UNSAFE_CHARS.source}|${NOT_IN_FILE_NAMES.source}`, 'gu');

/** Characters of a name kept in a file name; a longer one is cut with `…`. */
export const FILE_NAME_MAX = 120;

/**
 * The file name (the tab's title) of a document named `name` by the service: every character that cannot be seen
 * or that reorders text shown as its escape, as everywhere else (`fw\u202Ecnosj.exe.jsonc`), `/ \ : * ? " < > |`
 * and white space as `-`, cut to FILE_NAME_MAX characters, then `extension`; `fallback` when nothing is left.
 */
export function documentFileName(name: string, fallback: string, extension: string): string {
  // Each match is a character shown escaped (a line break too) or, when escaping leaves it as it is, one to replace.
  const shown = name.replace(FILE_NAME_PARTS, (char) => (typeableText(char) === char ? '-' : typeableText(char)));
  return `${cut(shown.replace(/^-+|-+$/g, ''), FILE_NAME_MAX) || fallback}${extension}`;
}

/** Where View Properties shows a resource: `/<kind>/<id>/<name>.json`, the id one segment (read back by propertiesOf). */
export function propertiesPath(ref: ResourceRef): string {
  return `/${ref.kind}/${idSegment(ref.id)}/${documentFileName(ref.name, 'resource', '.json')}`;
}

/**
 * The resource a View Properties document shows, from its path; undefined for any other document. Here, beside the
 * path, rather than with View Properties (src/editors/propertiesDocuments.ts): Copy as curl reads it too, and no
 * door imports another.
 */
export function propertiesOf(path: string): { readonly kind: Kind; readonly id: string } | undefined {
  const match = /^\/([A-Za-z]+)\/([^/]+)\/[^/]+\.json$/.exec(path);
  const id = match ? idOfSegment(match[2]!) : undefined;
  if (!match || id === undefined || !Object.hasOwn(KINDS, match[1]!)) return undefined;
  return { kind: match[1] as Kind, id };
}
