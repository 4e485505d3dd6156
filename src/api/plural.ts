/**
 * Counts in words. VS Code's l10n (and @vscode/l10n) has no plural rules, so every text with a count comes as
 * two strings, one for 1 ("Resize 1 stacklet to {0}?") and one for any other count ("Resize {0} stacklets to
 * {1}?"), each passed through l10n.t by its caller (so `npm run l10n:export` finds both), and this picks one.
 * English and German both take the singular for exactly 1 and the plural for 0 and the rest. In api, the lowest
 * layer, because the client's own messages count too (pages read, problems, days left). No vscode import.
 */
export function plural(count: number, one: string, other: string): string {
  return count === 1 ? one : other;
}
