/**
 * JSONC documents checked by a zod schema: parsed with jsonc-parser (comments and trailing commas allowed),
 * every problem placed at the exact range of the text it is about, and rendered back from a state. Shared by
 * every JSON document kind; no vscode here (the edge turns problems into diagnostics).
 */
import { plainText } from '../model/serviceText';
import { foldWords } from '../model/usageText';
import * as l10n from '@vscode/l10n';
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, stripComments, type Node, type ParseError } from 'jsonc-parser';
import * as z from 'zod/mini';
import type { Problem } from '../api/validators';
import type { DocumentProblem, Parsed } from './documentKind';
import '../api/zodLocale';

/** A zod refinement with a pure validator's own message, so a document and a prompt word a problem alike. */
export function checked<S extends z.ZodMiniType>(base: S, check: (value: unknown, what: string) => Problem, what: string): S {
  return base.check(
    z.superRefine((value, ctx) => {
      const problem = check(value, what);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
}

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false };

function syntaxMessage(code: string): string {
  switch (code) {
    case 'InvalidSymbol': return l10n.t('unexpected character');
    case 'ValueExpected': return l10n.t('a value is expected here');
    case 'ColonExpected': return l10n.t('a colon is expected here');
    case 'CommaExpected': return l10n.t('a comma is expected here');
    case 'CloseBraceExpected': return l10n.t('a closing brace is expected here');
    case 'CloseBracketExpected': return l10n.t('a closing bracket is expected here');
    case 'PropertyNameExpected': return l10n.t('a property name is expected here');
    case 'EndOfFileExpected': return l10n.t('nothing may follow the document');
    case 'UnexpectedEndOfString': return l10n.t('the string is not closed');
    case 'UnexpectedEndOfComment': return l10n.t('the comment is not closed');
    default: return code;
  }
}

/** Where an issue's path points: the deepest node of the path that exists (a missing key → its object). */
function nodeFor(root: Node, path: readonly PropertyKey[]): Node {
  const segments = path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  for (let n = segments.length; n > 0; n--) {
    const found = findNodeAtLocation(root, segments.slice(0, n));
    if (found) return found;
  }
  return root;
}

/** The property's key node (`"extra"` of `"extra": 1`) of an object, when present. */
function keyNode(object: Node, key: string): Node | undefined {
  const property = object.children?.find((p) => p.type === 'property' && p.children?.[0]?.value === key);
  return property?.children?.[0];
}

function issueProblems(root: Node, issue: z.core.$ZodIssue): DocumentProblem[] {
  const node = nodeFor(root, issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const at = keyNode(node, key) ?? node;
      return { offset: at.offset, length: at.length, message: l10n.t('unknown property "{0}"', key) };
    });
  }
  let message = issue.message;
  if (issue.code === 'invalid_type') {
    const last = issue.path[issue.path.length - 1];
    // A missing property is reported on the object that lacks it: say which.
    if (issue.input === undefined) message = l10n.t('"{0}" is required', typeof last === 'string' ? last : 'value');
    else message = l10n.t('expected {0}', issue.expected);
  }
  return [{ offset: node.offset, length: node.length, message }];
}

/**
 * Places problems at the value a path names in `text` (or the deepest part of it there is): the syntax tree is
 * built on the first problem only, and once, however many problems a plan finds.
 */
export function problemLocator(text: string): (path: readonly (string | number)[], message: string) => DocumentProblem {
  let root: Node | undefined | null = null;
  return (path, message) => {
    if (root === null) root = parseTree(text, [], PARSE_OPTIONS);
    if (!root) return { offset: 0, length: text.length, message };
    const node = nodeFor(root, path);
    return { offset: node.offset, length: node.length, message };
  };
}

/** The 1-based line of an offset in `text`, the line starts counted once for every offset asked. */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** Parses `text` and checks it with `schema`; problems carry exact ranges. */
export function parseJsonDocument<S extends z.ZodMiniType>(text: string, schema: S): Parsed<z.output<S>> {
  // The common case, a valid document, without a syntax tree: comments taken out, the rest read by JSON.parse (an
  // account of 10,000 stacklets in a tenth of the tree's time). Anything else (trailing commas, a mistake) goes the
  // tree's way, which places every problem.
  let fast: unknown;
  try {
    fast = JSON.parse(stripComments(text));
  } catch {
    fast = undefined;
  }
  if (fast !== undefined) {
    const result = schema.safeParse(fast);
    if (result.success) return { ok: true, value: result.data, problems: [] };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, PARSE_OPTIONS);
  if (errors.length > 0 || !root) {
    const problems: DocumentProblem[] = errors.map((e) => ({
      offset: e.offset,
      length: Math.max(e.length, 1),
      message: syntaxMessage(printParseErrorCode(e.error)),
      syntax: true,
    }));
    if (problems.length === 0) problems.push({ offset: 0, length: text.length, message: l10n.t('the document is empty'), syntax: true });
    return { ok: false, problems };
  }
  const result = schema.safeParse(getNodeValue(root));
  if (result.success) return { ok: true, value: result.data, problems: [] };
  return { ok: false, problems: result.error.issues.flatMap((issue) => issueProblems(root, issue)) };
}

/**
 * Service text on a comment line of a document (a name in a header): one plain line, so a newline, a control
 * or a bidi character in a name cannot start a line of its own or reorder the one it is on (see plainText).
 */
export function commentText(text: string): string {
  return plainText(text);
}

/**
 * How wide a document's comments are, marker included: beside the minimap at the default window size, where a
 * longer first line ran under it (issue 45, item 7).
 */
export const COMMENT_COLUMNS = 80;

/**
 * `text` as comment lines of at most COMMENT_COLUMNS, each starting with `marker` and a space, broken between
 * words (a word longer than a line, a long name say, has a line of its own).
 */
export function commentLines(marker: string, text: string): string[] {
  const folded = foldWords(text, COMMENT_COLUMNS - marker.length - 1);
  return (folded.length > 0 ? folded : ['']).map((words) => `${marker} ${words}`);
}

/** A document's text: a short comment header, then pretty JSON. */
export function renderJsonDocument(header: readonly string[], body: unknown): string {
  return `${header.flatMap((line) => commentLines('//', commentText(line))).join('\n')}\n${JSON.stringify(body, null, 2)}\n`;
}
