import { documentOf } from './applyDocument';
import type { CommandDeps } from './deps';

/** Apply (an account document's title bar, its CodeLens, the palette): the plan made now, asked once, then sent. */
export async function applyAccountDocument(deps: CommandDeps, uri?: unknown): Promise<void> {
  const document = documentOf(uri);
  if (document) await deps.accountDocuments.apply(document);
}
