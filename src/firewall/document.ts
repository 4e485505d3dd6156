/**
 * A firewall as a JSONC document: parsed with jsonc-parser (comments and trailing commas allowed), validated
 * with the zod schema, every problem placed at the exact range of the text it is about, and rendered back
 * from the service's answer. No vscode here: the file-system provider turns problems into diagnostics.
 */
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type * as z from 'zod/mini';
import { FirewallDocument } from './schema';
import { plainText } from '../model/serviceText';
import { normaliseRules, type FirewallState } from './rules';
import '../api/zodLocale';

export interface DocumentProblem {
  readonly offset: number;
  readonly length: number;
  readonly message: string;
}

export type ParsedDocument =
  | { readonly ok: true; readonly value: FirewallDocument; readonly problems: readonly [] }
  | { readonly ok: false; readonly problems: readonly DocumentProblem[] };

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false };

const SYNTAX_MESSAGES: Partial<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  ValueExpected: 'a value is expected here',
  ColonExpected: 'a colon is expected here',
  CommaExpected: 'a comma is expected here',
  CloseBraceExpected: 'a closing brace is expected here',
  CloseBracketExpected: 'a closing bracket is expected here',
  PropertyNameExpected: 'a property name is expected here',
  EndOfFileExpected: 'nothing may follow the document',
  UnexpectedEndOfString: 'the string is not closed',
  UnexpectedEndOfComment: 'the comment is not closed',
};

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

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return `${String(issue.path[issue.path.length - 1] ?? 'value')} is required`;
    return `expected ${issue.expected}`;
  }
  if (issue.code === 'unrecognized_keys') return `unknown property`;
  return issue.message;
}

function issueProblems(root: Node, issue: z.core.$ZodIssue): DocumentProblem[] {
  const node = nodeFor(root, issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const at = keyNode(node, key) ?? node;
      return { offset: at.offset, length: at.length, message: `unknown property "${key}"` };
    });
  }
  let message = issueMessage(issue);
  // A missing property is reported on the object that lacks it; say which.
  const last = issue.path[issue.path.length - 1];
  if (issue.code === 'invalid_type' && issue.input === undefined && typeof last === 'string') message = `"${last}" is required`;
  return [{ offset: node.offset, length: node.length, message }];
}

/** Parses and validates the text; problems carry exact ranges. */
export function parseFirewallDocument(text: string): ParsedDocument {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, PARSE_OPTIONS);
  if (errors.length > 0 || !root) {
    const problems = errors.map((e) => ({
      offset: e.offset,
      length: Math.max(e.length, 1),
      message: SYNTAX_MESSAGES[printParseErrorCode(e.error)] ?? printParseErrorCode(e.error),
    }));
    if (problems.length === 0) problems.push({ offset: 0, length: text.length, message: 'the document is empty' });
    return { ok: false, problems };
  }
  const result = FirewallDocument.safeParse(getNodeValue(root));
  if (result.success) return { ok: true, value: result.data, problems: [] };
  const problems = result.error.issues.flatMap((issue) => issueProblems(root, issue));
  return { ok: false, problems };
}

/** The document's firewall (the `$schema` key aside). */
export function documentState(doc: FirewallDocument): FirewallState {
  return { name: doc.name, inbound_rules: doc.inbound_rules, outbound_rules: doc.outbound_rules, stacklet_ids: doc.stacklet_ids };
}

/** A rule as shown: nulls (all) left out, protocol lowercase. */
function shownRules(rules: FirewallState['inbound_rules']): Record<string, unknown>[] {
  return normaliseRules(rules).map((r) => ({
    address: r.address,
    ...(r.port !== null ? { port: r.port } : {}),
    ...(r.protocol !== null ? { protocol: r.protocol } : {}),
  }));
}

/**
 * The document text for a firewall: a short comment header, then pretty JSON. The header names the firewall as
 * the service does, so each line is plain text: a newline in a name cannot start a line of JSON of its own.
 */
export function renderFirewallDocument(state: FirewallState, header: readonly string[]): string {
  const body = {
    name: state.name,
    inbound_rules: shownRules(state.inbound_rules),
    outbound_rules: shownRules(state.outbound_rules),
    ...(state.stacklet_ids !== undefined ? { stacklet_ids: [...state.stacklet_ids] } : {}),
  };
  return `${header.map((line) => `// ${plainText(line)}`).join('\n')}\n${JSON.stringify(body, null, 2)}\n`;
}

export const FIREWALL_HEADER = [
  'Save to apply. Omit "port" for all ports and "protocol" (tcp, udp, icmp) for all protocols.',
  'inbound_rules: "address" is the source; outbound_rules: the destination.',
];

/** What a new firewall's document starts with. */
export function newFirewallTemplate(name: string): string {
  return renderFirewallDocument(
    {
      name,
      inbound_rules: [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }],
      outbound_rules: [{ address: '0.0.0.0/0' }],
      stacklet_ids: [],
    },
    ['New firewall: edit, then save to create it.', ...FIREWALL_HEADER],
  );
}
