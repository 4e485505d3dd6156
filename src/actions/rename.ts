/** A rename, for any kind that takes one: each kind's operations.ts gives its request and how a name is checked. No vscode import. */
import * as l10n from '@vscode/l10n';
import { checkName } from '../api/validators';
import type { ListedKind, ResourceRef } from '../kinds/registry';
import { define, type ActionContext, type ActionDefinition } from './definition';
import { answered, head } from './answers';
import { button } from './buttons';
import { check, targetId, text } from './fields';
import { idle, refuse } from './conditions';

export interface RenameOptions<K extends ListedKind> {
  readonly kind: K;
  /** The kind in words for the model ("a volume"). */
  readonly what: string;
  /** A note for the model ("A stacklet's name is also its hostname."). */
  readonly note?: string;
  /** The inline check the rename prompt makes; checkName by default. */
  readonly checkName?: (name: string, field: string) => string | undefined;
  readonly request: (ctx: ActionContext, ref: ResourceRef<K>, name: string) => Promise<unknown>;
}

export function renameAction<K extends ListedKind>(options: RenameOptions<K>): ActionDefinition {
  const { kind } = options;
  return define({
    kind,
    action: 'rename',
    title: `Rename ${options.what}`,
    description: `Renames ${options.what} (id, name).${options.note ? ` ${options.note}` : ''}`,
    shape: { id: targetId(kind), name: text('The new name.') },
    destructive: false,
    plan: async (ctx, input) => {
      check('name', (options.checkName ?? checkName)(input.name, 'name'));
      const ref = await idle(ctx, kind, input.id);
      if (ref.name === input.name) refuse(ref as ResourceRef, 'sameName', l10n.t('It has this name already.'));
      return {
        resources: [{ ...head(ref as ResourceRef), role: 'target' }],
        change: { name: { from: ref.name, to: input.name } },
        failure: l10n.t('Could not rename {0}', ref.name),
        progress: l10n.t('Renaming {0}…', ref.name),
        words: (literal) => ({ question: l10n.t('Rename {0} to {1}?', literal(ref.name), literal(input.name)), detail: '', button: button.rename() }),
        send: async () => {
          const answer = await options.request(ctx, ref, input.name);
          const item = answer && typeof answer === 'object' ? answer : { ...(ref.data as object), name: input.name };
          return answered(ctx, kind, item as never);
        },
      };
    },
  });
}
