/**
 * Which files are account documents (issue 48): `stacklet.jsonc`, or any `*.stacklet.jsonc` (so a repository may
 * keep one per project). package.json's jsonValidation names the same two patterns. A module of its own: the editor
 * asks it of every document opened, without loading the account's planning. No vscode import.
 */
export function isAccountDocumentName(path: string): boolean {
  const base = path.split(/[\\/]/).pop() ?? '';
  return base === 'stacklet.jsonc' || base.endsWith('.stacklet.jsonc');
}
