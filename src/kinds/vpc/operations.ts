/** What can be done to a VPC, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { button } from '../../actions/steps';
import { plural } from '../../model/plural';

export const VPC_OPERATIONS: readonly ActionDefinition[] = [
  renameAction({ kind: 'vpc', what: 'a VPC', request: (ctx, ref, name) => ctx.client.renameVpc(ref.data.uuid, name) }),
  deleteAction({
    kind: 'vpc',
    what: 'a VPC',
    description: 'Deletes a VPC (id). The service refuses one that still has stacklets.',
    ask: (_ctx, ref) => ({
      words: (literal) => {
        const count = ref.data.stacklet_ids.length;
        return {
          question: l10n.t('Delete VPC {0}?', literal(ref.name)),
          detail: count > 0
            ? plural(count, l10n.t('It still has 1 stacklet: the service may refuse until it is gone.'), l10n.t('It still has {0} stacklets: the service may refuse until they are gone.', count))
            : l10n.t('Its range {0} is free again.', literal(ref.data.cidr)),
          button: button.delete(),
        };
      },
    }),
    failure: (name) => l10n.t('Could not delete VPC {0}', name),
    request: (ctx, ref) => ctx.client.deleteVpc(ref.data.uuid),
  }),
];
