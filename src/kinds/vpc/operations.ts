/** What can be done to a VPC, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { checkResourceName, checkVpcCidrFree } from '../../api/validators';
import { createAction } from '../../actions/creation';
import { button } from '../../actions/buttons';
import { check, idField, text } from '../../actions/fields';
import { projectOf, regionOf } from '../../actions/conditions';
import { plural } from '../../api/plural';

const create = createAction({
  kind: 'vpc',
  title: 'Create a VPC',
  description: 'Creates a VPC: name (unique in the account), region (one offering VPCs), cidr (a private IPv4 range from /16 to /28 overlapping no VPC of that region) and project (a project\'s ID; the default project when absent). The service gives no price for VPCs.',
  shape: {
    name: text('The new VPC\'s name.'),
    region: text('The region\'s slug, from stacklet_catalog what=regions; one that offers VPCs.'),
    cidr: text('Its private IPv4 range, /16 to /28, such as 10.20.0.0/16.'),
    project: z.optional(idField('The ID of the project it goes to; the default project when absent.')),
  },
  checkName: checkResourceName,
  progress: (name) => l10n.t('Creating VPC {0}…', name),
  failure: (name) => l10n.t('Could not create VPC {0}', name),
  plan: async (ctx, input) => {
    const region = await regionOf(ctx, input.region, 'region', 'vpc');
    const taken = ((await ctx.store.get('vpc').catch(() => undefined))?.items ?? []).filter((vpc) => vpc.region?.slug === region).map((vpc) => vpc.cidr);
    check('cidr', checkVpcCidrFree(input.cidr, taken, 'cidr'));
    const project = await projectOf(ctx, input.project === undefined ? undefined : String(input.project));
    return {
      change: { create: { name: input.name, region, cidr: input.cidr, ...project } },
      monthlyChangeUsd: undefined,
      words: (literal) => ({
        question: l10n.t('Create VPC {0}?', literal(input.name)),
        detail: l10n.t('Its range {0} in {1}.', literal(input.cidr), literal(region)),
      }),
      request: () => ctx.client.createVpc({ name: input.name, region, cidr: input.cidr, ...project }),
    };
  },
});

export const VPC_OPERATIONS: readonly ActionDefinition[] = [
  create,
  renameAction({ kind: 'vpc', what: 'a VPC', checkName: checkResourceName, request: (ctx, ref, name) => ctx.client.renameVpc(ref.data.uuid, name) }),
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
