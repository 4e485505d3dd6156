/** What can be done to a tag, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import { ActionInputError } from '../../actions/refusals';
import type { ActionDefinition, Literal } from '../../actions/definition';
import { createAction } from '../../actions/creation';
import { deleteAction } from '../../actions/deletion';
import { button } from '../../actions/buttons';
import { head, made } from '../../actions/answers';
import { idleStacklets } from '../../actions/conditions';
import { stackletIds, text } from '../../actions/fields';
import { checkTagName } from '../../api/validators';
import { plural } from '../../api/plural';
import { literalText } from '../../model/serviceText';
import { carriersOf, knownTags } from '../tags';
import { resourceCount } from '../rowWords';
import { sameId } from '../registry';

/** Stacklets' names, one a line, each one line of its own (a name cannot add a line). */
const names = (stacklets: readonly Pick<s.Stacklet, 'name'>[], literal: Literal) => stacklets.map((stacklet) => literal(literalText(stacklet.name)));

/** The tag already exists, in New Tag's words. */
export function tagExistsWords(name: string): string {
  return l10n.t('The account has a tag "{0}" already', name);
}

const create = createAction({
  kind: 'tag',
  title: 'Make a tag',
  description: 'Makes a tag: name (no comma; not one the account has) and stacklets (optional) that carry it. Refused while a task runs on one of them.',
  shape: {
    name: text('The new tag\'s name.'),
    stacklets: z.optional(stackletIds('The stacklets that carry it, by ID.')),
  },
  // New Tag's checks, in its words.
  checkName: checkTagName,
  progress: (name) => l10n.t('Making tag {0}…', name),
  failure: (name) => l10n.t('Could not make tag {0}', name),
  plan: async (ctx, input) => {
    if ((await knownTags(ctx.store)).includes(input.name)) throw new ActionInputError('name', tagExistsWords(input.name));
    const stacklets = await idleStacklets(ctx, input.stacklets ?? [], 'stacklets');
    const ids = stacklets.map((ref) => ref.data.id);
    return {
      resources: stacklets.map((ref) => ({ ...head(ref), role: 'stacklet' as const })),
      change: { create: { name: input.name, stacklet_ids: ids } },
      words: (literal) => ({
        question: l10n.t('Make tag {0}?', literal(input.name)),
        detail: [
          stacklets.length === 0 ? l10n.t('No stacklet carries it yet.') : plural(stacklets.length, l10n.t('It goes on 1 stacklet:'), l10n.t('It goes on {0} stacklets:', stacklets.length)),
          ...names(stacklets.map((ref) => ref.data), literal),
        ].join('\n'),
      }),
      send: async () => {
        const tag = await ctx.client.createTag({ name: input.name, ...(ids.length > 0 ? { stacklet_ids: ids } : {}) });
        // The stacklets carry it now: their rows and the groups by tag follow without reading every stacklet again.
        ctx.store.batch(() => {
          for (const { data: stacklet } of stacklets) {
            if (!stacklet.tags.includes(input.name)) ctx.store.update('stacklet', (other) => sameId(other.id, stacklet.id), { ...stacklet, tags: [...stacklet.tags, input.name] });
          }
        });
        return { ...made(ctx, 'tag', tag), stacklets: stacklets.map(head) };
      },
    };
  },
});

const deletion = deleteAction({
  kind: 'tag',
  what: 'a tag',
  description: 'Deletes a tag (id: its name), taking it off everything that carries it.',
  idDescription: 'The tag\'s name, its ID.',
  ask: async (ctx, ref) => {
    const stacklets = await ctx.store.get('stacklet').then((listing) => listing.items, () => [] as s.Stacklet[]);
    const carriers = carriersOf(stacklets, ref.name);
    const others = (ref.data.resources?.count ?? 0) - carriers.length;
    return {
      resources: carriers.map((stacklet) => ({ kind: 'stacklet', id: stacklet.id, name: stacklet.name, role: 'stays' as const })),
      // Delete Tag's words: every stacklet carrying it by name, one a line, and what else the service counts on it.
      words: (literal) => ({
        question: l10n.t('Delete tag {0}?', literal(ref.name)),
        detail: [
          ...(carriers.length === 0
            ? [l10n.t('No stacklet carries it.')]
            : [plural(carriers.length, l10n.t('It is taken off the stacklet that carries it:'), l10n.t('It is taken off the {0} stacklets that carry it:', carriers.length)), ...names(carriers, literal)]),
          ...(others > 0 ? [l10n.t('It is also taken off {0} of other kinds.', resourceCount(others))] : []),
        ].join('\n'),
        button: button.delete(),
      }),
    };
  },
  failure: (name) => l10n.t('Could not delete tag {0}', name),
  request: (ctx, ref) => ctx.client.deleteTag(ref.data.name),
});

export const TAG_OPERATIONS: readonly ActionDefinition[] = [create, deletion];
