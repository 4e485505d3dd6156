import * as vscode from 'vscode';
import type { Stacklet } from '../api/schemas';
import { checkTagName } from '../api/validators';
import { hasTag, knownTags } from '../kinds/tags';
import type { ResourceStore } from '../kinds/resourceStore';
import type { PickItem } from '../ui/prompter';
import { actionCommand } from './actionCommand';
import { askText } from './askText';
import type { CommandDeps } from './deps';
import { isBack } from './wizard';
import { plural } from '../api/plural';

/** Picked for a tag that is not in the list yet. */
const NEW_TAG = Symbol('new tag');

/**
 * The tag to add to `stacklets`: one of the account's tags (those not every one of them carries already), or
 * a new one typed and checked as it is typed.
 */
async function askTag(deps: CommandDeps, store: ResourceStore, stacklets: readonly Stacklet[]): Promise<{ tag: string } | undefined> {
  const title = stacklets.length === 1 ? vscode.l10n.t('Add a Tag to {0}', stacklets[0]!.name) : vscode.l10n.t('Add a Tag to {0} Stacklets', stacklets.length);
  const everyone = (tag: string) => stacklets.every((stacklet) => hasTag(stacklet, tag));
  // A service without GET /v1/tags still offers the tags the listed stacklets carry.
  const known = (await knownTags(store)).filter((tag) => !everyone(tag));
  const items: PickItem<string | typeof NEW_TAG>[] = [
    { label: vscode.l10n.t('New Tag…'), icon: 'add', value: NEW_TAG },
    ...known.map((tag) => ({ label: tag, icon: 'tag', value: tag })),
  ];
  const picked = known.length === 0 ? NEW_TAG : await deps.prompter.pick({ title, placeHolder: vscode.l10n.t('Pick a tag, or make a new one'), items });
  if (picked === undefined || isBack(picked)) return undefined;
  if (picked !== NEW_TAG) return { tag: picked };
  const tag = await askText(deps, {
    title,
    prompt: vscode.l10n.t('The new tag'),
    validate: (text) => checkTagName(text.trim(), vscode.l10n.t('Tag'))
      ?? (everyone(text.trim()) ? vscode.l10n.t('Every one of them already carries "{0}"', text.trim()) : undefined),
  });
  return tag === undefined ? undefined : { tag };
}

type Tag = { readonly tag: string };


/**
 * Add Tag: one tag on a stacklet, or on every stacklet of a selection, picking it being the confirmation; the
 * definition (src/kinds/stacklet/operations.ts) plans and sends it (POST /v1/tags/:name/resources, through
 * src/kinds/tags.ts), and the tag filter's list is read again afterwards.
 */
export const tagStacklets = actionCommand<'stacklet', Tag>({
  kind: 'stacklet',
  action: 'tag',
  confirm: 'prompt',
  pick: () => ({ title: vscode.l10n.t('Tag which stacklet?') }),
  input: ({ item, store }, deps) => askTag(deps, store, [item]),
  done: (s, { tag }) => vscode.l10n.t('Tagged {0} with "{1}".', s.name, tag),
  many: {
    ask: ({ items, store }, deps) => askTag(deps, store, items),
    confirm: (count, { tag }) => ({ question: plural(count, vscode.l10n.t('Tag 1 stacklet with "{0}"?', tag), vscode.l10n.t('Tag {0} stacklets with "{1}"?', count, tag)) }),
    progress: (count, { tag }) => plural(count, vscode.l10n.t('Tagging 1 stacklet with "{0}"', tag), vscode.l10n.t('Tagging {0} stacklets with "{1}"', count, tag)),
  },
});
