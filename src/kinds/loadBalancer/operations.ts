/** What an agent can do to a load balancer, defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { button } from '../../actions/steps';

export const LOAD_BALANCER_OPERATIONS: readonly ActionDefinition[] = [
  deleteAction({
    kind: 'loadBalancer',
    what: 'a load balancer',
    description: 'Deletes a load balancer (id): its traffic stops; the stacklets behind it stay. Refused while a task runs on it. The plan gives the monthly change.',
    ask: (_ctx, ref) => ({
      words: (literal) => ({
        question: l10n.t('Delete load balancer {0}?', literal(ref.name)),
        detail: ref.data.ip ? l10n.t('Traffic to {0} stops. The stacklets behind it stay.', literal(ref.data.ip)) : l10n.t('Its traffic stops. The stacklets behind it stay.'),
        button: button.delete(),
      }),
    }),
    failure: (name) => l10n.t('Could not delete load balancer {0}', name),
    request: (ctx, ref) => ctx.client.deleteLoadBalancer(ref.data.uuid),
  }),
];
