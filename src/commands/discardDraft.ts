import type { CommandDeps } from './deps';
import { documentOf } from './applyDocument';

/** Discard Draft (editor title menu): the document shows the service's state again. */
export async function discardDraft(deps: CommandDeps, uri?: unknown): Promise<void> {
  const document = documentOf(uri);
  if (document) await deps.documentEditors.discardDraft(document);
}
