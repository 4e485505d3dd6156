import { documentOf } from './applyDocument';
import type { CommandDeps } from './deps';

/** Show Differences from the Account: the account as a document now (left, read-only) against this one. */
export async function showAccountDifferences(deps: CommandDeps, uri?: unknown): Promise<void> {
  const document = documentOf(uri);
  if (document) await deps.accountDocuments.showDifferences(document);
}
