import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import type { ResourceStore } from '../model/resourceStore';
import { itemAction } from './action';
import { isBack } from './wizard';

/** The stacklet with its tags as they are now, in every cached listing (no refetch). */
function settleTags(store: ResourceStore, stacklet: Stacklet, tags: string[]): void {
  store.update('stacklet', (s) => s.id === stacklet.id, { ...stacklet, tags });
  store.invalidate('tag');
}

/**
 * Untag…: one of the stacklet's tags. The documentation has no untag; a service without the conventional
 * form answers 404 or 405, shown as "This service does not support removing tags".
 */
export const untagStacklet = itemAction<'stacklet', { tag: string }, true>({
  kind: 'stacklet',
  pick: () => ({
    title: vscode.l10n.t('Untag which stacklet?'),
    accept: (stacklet) => stacklet.tags.length > 0 && !stacklet.task,
    none: vscode.l10n.t('No stacklet can be untagged now: none has a tag, or each that has one has a task running.'),
  }),
  refuse: (stacklet) => (stacklet.tags.length === 0 ? vscode.l10n.t('{0} has no tags.', stacklet.name) : undefined),
  ask: async ({ item: stacklet }, deps) => {
    const picked = await deps.prompter.pick<string>({
      title: vscode.l10n.t('Untag {0}', stacklet.name),
      placeHolder: vscode.l10n.t('The tag to take off {0}', stacklet.name),
      items: stacklet.tags.map((tag) => ({ label: tag, icon: 'tag', value: tag })),
    });
    return picked === undefined || isBack(picked) ? undefined : { tag: picked };
  },
  send: async ({ client, item }, { tag }) => {
    await client.untagStacklet(tag, item.id);
    return true as const;
  },
  settle: (_deps, { store, item }, _answer, { tag }) => settleTags(store, item, item.tags.filter((t) => t !== tag)),
  progress: (stacklet, { tag }) => vscode.l10n.t('Removing tag {0} from {1}…', tag, stacklet.name),
  failure: (stacklet, { tag }) => vscode.l10n.t('Could not remove tag {0} from {1}', tag, stacklet.name),
  done: (stacklet, { tag }) => vscode.l10n.t('Removed tag {0} from {1}.', tag, stacklet.name),
});
