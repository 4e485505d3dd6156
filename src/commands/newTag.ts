import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import { checkTagName } from '../api/validators';
import { refOfKind, sameId } from '../kinds/registry';
import type { ResourceStore } from '../kinds/resourceStore';
import { knownTags } from '../kinds/tags';
import { tagExistsWords } from '../kinds/tag/operations';
import { refuseWhenBusy } from './actionCommand';
import { done } from '../ui/notify';
import { createWithRetry } from './createFlow';
import type { CommandDeps } from './deps';
import { pickItem, refOfNode } from './target';
import { inputStep, pickManyStep, type WizardStep } from './wizard';

interface NewTag {
  name?: string;
  stacklets?: number[];
}

/** The stacklets of the rows it was run on (the right-clicked one and the selection), as fresh as the cache has them. */
function selectedStacklets(store: ResourceStore, node: unknown, nodes: unknown): Stacklet[] {
  const rows = Array.isArray(nodes) && nodes.length > 0 ? (nodes.includes(node) || node === undefined ? nodes : [node, ...nodes]) : [node];
  const cached = store.peek('stacklet')?.items ?? [];
  const found = new Map<string, Stacklet>();
  for (const row of rows) {
    const ref = refOfKind(refOfNode(row), 'stacklet');
    if (ref) found.set(String(ref.id), cached.find((s) => sameId(s.id, ref.id)) ?? ref.data);
  }
  return [...found.values()];
}

/** True (after saying so) when a task runs on one of the stacklets. */
function anyBusy(deps: CommandDeps, stacklets: readonly Stacklet[]): boolean {
  return stacklets.some((s) => refuseWhenBusy(deps, { kind: 'stacklet', id: s.id, name: s.name, task: s.task }));
}

/** Why `text` cannot name a new tag: the extension's tag rule, or a tag the account has already. */
function newTagProblem(text: string, existing: readonly string[]): string | undefined {
  const name = text.trim();
  return checkTagName(name, vscode.l10n.t('Tag')) ?? (existing.includes(name) ? tagExistsWords(name) : undefined);
}

/**
 * New Tag (POST /v1/tags): its name, checked as it is typed against the tag rule and the account's tags, and the
 * stacklets that carry it from the start: those selected when run on stacklet rows, else the ones picked (none
 * is fine). The review its steps end in confirms (./createFlow.ts); the tag's create definition (src/kinds/tag/operations.ts) checks it again
 * (a busy stacklet takes no tag) and sends it once, recorded for Copy as curl; the tag listing and the
 * stacklets' tags follow.
 */
export async function newTag(deps: CommandDeps, node?: unknown, nodes?: unknown): Promise<void> {
  const session = await deps.session.current();
  const { store } = session;
  const selected = selectedStacklets(store, node, nodes);
  // As Add Tag, a busy stacklet takes no tag: said before anything is asked.
  if (anyBusy(deps, selected)) return;
  const existing = await knownTags(store);
  const title = selected.length === 0
    ? vscode.l10n.t('New Tag')
    : selected.length === 1 ? vscode.l10n.t('New Tag on {0}', selected[0]!.name) : vscode.l10n.t('New Tag on {0} Stacklets', selected.length);
  // The stacklets it goes on: the selection, else those picked (the tag's create definition reads them again).
  const stackletsOf = (answers: NewTag) => selected.length > 0 ? selected : (store.peek('stacklet')?.items ?? []).filter((s) => answers.stacklets?.some((id) => sameId(id, s.id)));
  const build = (): WizardStep<NewTag>[] => [
    inputStep<NewTag>(deps, 'name', () => ({
      title,
      prompt: vscode.l10n.t('The name of the new tag'),
      validate: (text) => newTagProblem(text, existing),
    }), (s) => s.name, (s, name) => (s.name = name.trim())),
    ...(selected.length > 0 ? [] : [pickManyStep<NewTag, number>(deps, 'stacklets', async () => ({
      title,
      placeHolder: vscode.l10n.t('The stacklets to carry it (none is fine)'),
      items: (await store.get('stacklet')).items.map((s) => pickItem('stacklet', s, s.id)),
    }), (s) => s.stacklets, (s, ids) => (s.stacklets = ids))]),
  ];
  const result = await createWithRetry(deps, session, {
    kind: 'tag',
    state: {} as NewTag,
    steps: build,
    fields: { name: 'name', stacklets: 'stacklets', stacklet_ids: 'stacklets' },
    input: (answers) => ({ name: answers.name!, stacklets: stackletsOf(answers).map((stacklet) => stacklet.id) }),
  });
  if (!result) return;
  const name = result.answers.name!;
  const stacklets = stackletsOf(result.answers);
  const ids = stacklets.map((stacklet) => stacklet.id);
  done(deps.log, ids.length === 0 ? vscode.l10n.t('Made tag {0}.', name)
    : ids.length === 1 ? vscode.l10n.t('Made tag {0} on {1}.', name, stacklets[0]!.name)
    : vscode.l10n.t('Made tag {0} on {1} stacklets.', name, ids.length));
}
