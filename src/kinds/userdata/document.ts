/**
 * Userdata scripts as documents. The convention: the document's first line names the script,
 * `#: name: web-init`, and is never sent; everything after that line is the script, sent as it is (so a
 * `#!/bin/bash` or `#cloud-config` line comes second in the document and first in the script). The line is
 * a shell comment, so the editor shows it as one. Created and updated with one request each
 * (service notes §10). No vscode here.
 */
import * as l10n from '@vscode/l10n';
import * as v from '../../api/validators';
import { plural } from '../../api/plural';
import type { DocumentKind, DocumentProblem, Parsed, ResourceName } from '../../documents/documentKind';
import { commentLines, commentText } from '../../documents/jsonDocument';
import { DOCUMENT_SCHEMES } from '../schemes';

export interface UserdataState {
  readonly name: string;
  readonly userdata: string;
}

export interface UserdataChange {
  readonly next: UserdataState;
  readonly renamed: boolean;
  readonly scriptChanged: boolean;
  readonly linesBefore: number;
}

const HEADER = /^#: name:[ \t]*(.*?)[ \t]*$/;
const lineCount = (text: string) => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

export function parseUserdataDocument(text: string): Parsed<UserdataState> {
  const end = text.indexOf('\n');
  const first = (end < 0 ? text : text.slice(0, end)).replace(/\r$/, '');
  const header = HEADER.exec(first);
  if (!header) {
    return { ok: false, problems: [{ offset: 0, length: Math.max(first.length, 1), message: l10n.t('The first line names the script: "#: name: <name>"; the script follows it.') }] };
  }
  const name = header[1]!;
  const userdata = end < 0 ? '' : text.slice(end + 1);
  const problems: DocumentProblem[] = [];
  const nameProblem = v.checkName(name, 'name');
  if (nameProblem) {
    const at = name === '' ? first.length : first.indexOf(name, first.indexOf('name:') + 5);
    problems.push({ offset: at, length: Math.max(name.length, 1), message: nameProblem });
  }
  const scriptProblem = v.checkUserdata(userdata, 'the script');
  if (scriptProblem) problems.push({ offset: Math.min(end + 1, text.length), length: Math.max(userdata.length, 1), message: scriptProblem });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, problems: [], value: { name, userdata } };
}

export function userdataText(state: UserdataState): string {
  return `#: name: ${commentText(state.name)}\n${state.userdata}`;
}

export function newUserdataTemplate(name: string): string {
  return userdataText({
    name,
    userdata: [
      '#!/bin/bash',
      ...commentLines('#', l10n.t('Runs once, as root, when a stacklet created with this script first boots.')),
      ...commentLines('#', l10n.t('The "#: name:" line above names the script and is not part of it. Save (Ctrl+S) to create it; auto-save keeps a draft.')),
      'apt-get update',
      '',
    ].join('\n'),
  });
}

/** The new length in lines, and the old one (a number after "was" needs no plural of its own). */
function newScriptWords(lines: number, before: number): string {
  return plural(lines, l10n.t('New script: 1 line (was {0}); Show Changes lists them.', before), l10n.t('New script: {0} lines (was {1}); Show Changes lists them.', lines, before));
}

export function describeUserdataChange(change: UserdataChange): string[] {
  return [
    ...(change.renamed ? [l10n.t('Rename to {0}', change.next.name)] : []),
    ...(change.scriptChanged ? [newScriptWords(lineCount(change.next.userdata), change.linesBefore)] : []),
  ];
}

/** The difference between two states of a script. */
export function userdataDiff(current: UserdataState, next: UserdataState): UserdataChange {
  return { next, renamed: next.name !== current.name, scriptChanged: next.userdata !== current.userdata, linesBefore: lineCount(current.userdata) };
}

/** A new script, one line a part, for the confirmation. */
export function userdataCreateWords(next: UserdataState): string[] {
  return [l10n.t('Name: {0}', next.name), plural(lineCount(next.userdata), l10n.t('Script: 1 line'), l10n.t('Script: {0} lines', lineCount(next.userdata)))];
}

export const userdataKind: DocumentKind<UserdataState, UserdataChange> = {
  id: 'userdata',
  scheme: DOCUMENT_SCHEMES.userdata,
  extension: '.sh',
  language: 'shellscript',
  listing: 'userdata',
  newName: 'new-script',
  noun: () => l10n.t('userdata script'),
  parse: parseUserdataDocument,
  nameOf: (state) => state.name,
  async read(client, uuid) {
    const script = await client.getUserdata(uuid);
    return { state: { name: script.name, userdata: script.userdata }, name: script.name };
  },
  render: (state: UserdataState, _script: ResourceName) => userdataText(state),
  template: newUserdataTemplate,
  diff: userdataDiff,
  isEmpty: (change) => !change.renamed && !change.scriptChanged,
  updateInput: (next, uuid) => ({ id: uuid, name: next.name, content: next.userdata }),
  createInput: (next) => ({ name: next.name, content: next.userdata }),
};
