/**
 * Names as one list in a sentence: "web-1", "web-1 and db-1", "web-1, db-1 and blog". The last joint is a word
 * of the display language (through l10n: "und" in German), so a summary reads as a sentence in either. No
 * vscode import.
 */
import * as l10n from '@vscode/l10n';

export function listText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return l10n.t('{0} and {1}', names.slice(0, -1).join(', '), names[names.length - 1]!);
}
