/** What can be done to an SSH key, defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { button } from '../../actions/steps';

export const SSH_KEY_OPERATIONS: readonly ActionDefinition[] = [
  deleteAction({
    kind: 'sshKey',
    what: 'an SSH key',
    description: 'Deletes an SSH key (id) from the account: stacklets that already have it keep it; new stacklets can no longer be given it.',
    ask: (_ctx, ref) => ({
      words: (literal) => ({
        question: l10n.t('Delete SSH key {0}?', literal(ref.name)),
        detail: [
          ref.data.fingerprint ? l10n.t('Fingerprint {0}.', literal(ref.data.fingerprint)) : undefined,
          l10n.t('Stacklets that already have the key keep it; new stacklets can no longer be given it.'),
        ].filter(Boolean).join('\n'),
        button: button.delete(),
      }),
    }),
    failure: (name) => l10n.t('Could not delete SSH key {0}', name),
    request: (ctx, ref) => ctx.client.deleteSshKey(ref.data.id),
  }),
];
