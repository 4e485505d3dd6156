/** What an agent can do to a userdata script, defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { button } from '../../actions/steps';

export const USERDATA_OPERATIONS: readonly ActionDefinition[] = [
  deleteAction({
    kind: 'userdata',
    what: 'a userdata script',
    description: 'Deletes a userdata script (id) from the account: stacklets created with it keep what it did.',
    ask: (_ctx, ref) => ({
      words: (literal) => ({
        question: l10n.t('Delete userdata script {0}?', literal(ref.name)),
        detail: l10n.t('The script is deleted from Stacklet Cloud. Stacklets created with it keep what it did.'),
        button: button.delete(),
      }),
    }),
    failure: (name) => l10n.t('Could not delete userdata script {0}', name),
    request: (ctx, ref) => ctx.client.deleteUserdata(ref.data.uuid),
  }),
];
