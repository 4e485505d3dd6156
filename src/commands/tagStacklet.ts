import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import { checkName } from '../api/validators';
import type { ResourceStore } from '../model/resourceStore';
import type { PickItem } from '../ui/prompter';
import { itemAction } from './action';
import { idleStacklets } from './idlePick';
import { isBack } from './wizard';

/** The tags the account uses: the service's tag list (when it has one) and the tags of the listed stacklets. */
export async function knownTags(store: ResourceStore): Promise<string[]> {
  const [listed, stacklets] = await Promise.all([
    store.get('tag').then((tags) => tags.items.map((tag) => tag.name), () => [] as string[]),
    Promise.resolve(store.peek('stacklet')?.items ?? []),
  ]);
  return [...new Set([...listed, ...stacklets.flatMap((stacklet) => stacklet.tags)])].sort((a, b) => a.localeCompare(b));
}

/** The stacklet with its tags as they are now, in every cached listing (no refetch). */
export function settleTags(store: ResourceStore, stacklet: Stacklet, tags: string[]): void {
  store.update('stacklet', (s) => s.id === stacklet.id, { ...stacklet, tags });
  store.invalidate('tag');
}

/** Tag…: one of the account's tags the stacklet lacks, or a new one typed (a tag name). */
export const tagStacklet = itemAction<'stacklet', { tag: string }, true>({
  kind: 'stacklet',
  pick: () => idleStacklets(vscode.l10n.t('Tag which stacklet?')),
  ask: async ({ item: stacklet, store }, deps) => {
    const items: PickItem<string>[] = (await knownTags(store))
      .filter((tag) => !stacklet.tags.includes(tag))
      .map((tag) => ({ label: tag, icon: 'tag', value: tag }));
    const picked = await deps.prompter.pick<string>({
      title: vscode.l10n.t('Tag {0}', stacklet.name),
      placeHolder: items.length > 0 ? vscode.l10n.t('A tag of this account, or type a new one') : vscode.l10n.t('Type a new tag'),
      items,
      typed: (text) => (checkName(text, 'tag') || stacklet.tags.includes(text)
        ? undefined
        : { label: text, icon: 'add', description: vscode.l10n.t('new tag'), value: text }),
    });
    return picked === undefined || isBack(picked) ? undefined : { tag: picked };
  },
  send: async ({ client, item }, { tag }) => {
    await client.tagStacklet(tag, item.id);
    return true as const;
  },
  settle: (_deps, { store, item }, _answer, { tag }) => settleTags(store, item, [...item.tags, tag]),
  progress: (stacklet, { tag }) => vscode.l10n.t('Tagging {0} with {1}…', stacklet.name, tag),
  failure: (stacklet, { tag }) => vscode.l10n.t('Could not tag {0} with {1}', stacklet.name, tag),
  done: (stacklet, { tag }) => vscode.l10n.t('Tagged {0} with {1}.', stacklet.name, tag),
});
