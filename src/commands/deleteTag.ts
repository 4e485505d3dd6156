import * as vscode from 'vscode';
import type { Stacklet, Tag } from '../api/schemas';
import { literalText } from '../model/serviceText';
import { carriersOf } from '../model/tags';
import { resourceCount } from '../kinds/rowWords';
import { plural } from '../model/plural';
import { confirmDeletion, deleteAction, type DeleteAction } from './deleteAction';

/**
 * What the confirmation says: every stacklet carrying the tag by name, one a line (as literal text: a name
 * cannot add a line of its own), and what else the service counts on it.
 */
function carriersDetail(tag: Tag, stacklets: readonly Stacklet[]): string {
  const names = carriersOf(stacklets, tag.name).map((s) => literalText(s.name));
  const others = (tag.resources?.count ?? 0) - names.length;
  const lines = names.length === 0
    ? [vscode.l10n.t('No stacklet carries it.')]
    : [plural(names.length, vscode.l10n.t('It is taken off the stacklet that carries it:'), vscode.l10n.t('It is taken off the {0} stacklets that carry it:', names.length)), ...names];
  if (others > 0) lines.push(vscode.l10n.t('It is also taken off {0} of other kinds.', resourceCount(others)));
  return lines.join('\n');
}

/**
 * Deletes a tag (DELETE /v1/tags/:id, the name as id), which the service takes off whatever carries it: the
 * confirmation names each stacklet, read from the listing as fresh as the cache has it, and Keep is its default.
 */
export const tagDeletion: DeleteAction<'tag'> = {
  kind: 'tag',
  pick: () => ({ title: vscode.l10n.t('Delete which tag?'), none: vscode.l10n.t('This account has no tag.') }),
  ask: async ({ item: tag, store }, deps) => {
    const stacklets = await store.get('stacklet').then((listing) => listing.items, () => [] as Stacklet[]);
    const confirmed = await confirmDeletion(deps, { question: vscode.l10n.t('Delete tag {0}?', tag.name), detail: carriersDetail(tag, stacklets) });
    return confirmed ? {} : undefined;
  },
  remove: (client, tag) => client.deleteTag(tag.name),
  // The stacklets that carried it are read again, so their rows, the tag filter and the groups by tag follow.
  related: () => ['stacklet'],
  progress: (tag) => vscode.l10n.t('Deleting tag {0}…', tag.name),
  failure: (tag) => vscode.l10n.t('Could not delete tag {0}', tag.name),
  done: (tag) => vscode.l10n.t('Deleted tag {0}.', tag.name),
};

export const deleteTag = deleteAction(tagDeletion);
