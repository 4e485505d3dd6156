import type { CommandDeps } from './deps';
import { documentOf } from './applyDocument';

/** Compare with Stacklet Cloud (editor title): the service's current state beside the document. */
export async function compareDocument(deps: CommandDeps, uri?: unknown): Promise<void> {
  const document = documentOf(uri);
  if (document) await deps.documentEditors.compare(document);
}
