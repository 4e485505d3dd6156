import type { ListedKind } from '../kinds/registry';
import type { CommandDeps } from './deps';
import { refOfNode } from './target';

/** Open as Document (a row's menu, one or several rows of any kinds): those resources as one account document. */
export async function openSelectionAsDocument(deps: CommandDeps, node?: unknown, nodes?: readonly unknown[]): Promise<void> {
  const refs = (nodes && nodes.length > 0 ? nodes : [node]).map(refOfNode).filter((ref) => ref !== undefined);
  if (refs.length === 0) {
    await deps.accountDocuments.open({ scope: {} });
    return;
  }
  await deps.accountDocuments.open({ selection: refs.map((ref) => ({ kind: ref.kind as ListedKind, id: ref.id })) }, 'selection');
}
