/** What can be done to a volume, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import { checkName, checkResourceName, checkVolumeSize } from '../../api/validators';
import { define, type ActionDefinition } from '../../actions/definition';
import { deleteAction, typedDeletion } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { button, check, head, idField, idle, made, refuse, send, text, withinLimit } from '../../actions/steps';
import { regionOffersVolumes } from '../../model/actionChecks';
import { volumeAttachedWords, volumeDeletionWords } from '../../model/actionWords';
import { type ResourceRef } from '../registry';

const create = define({
  kind: 'volume',
  action: 'create',
  title: 'Create a volume on a stacklet',
  description: 'Creates a volume (name, sizeGigabytes from 1 to 16384) attached to a stacklet (stacklet), in its region. Refused while a task runs on the stacklet, when it has a volume already (a stacklet takes one), when its region offers no volumes or when the account\'s limit leaves no volume to create. The service gives no price for volumes.',
  shape: {
    stacklet: idField('The ID of the stacklet the new volume is attached to.'),
    name: text('The new volume\'s name.'),
    sizeGigabytes: z.int().check(z.describe('The new volume\'s size in GB, 1 to 16384.')),
  },
  destructive: false,
  plan: async (ctx, input) => {
    check('name', checkName(input.name, 'name'));
    check('sizeGigabytes', checkVolumeSize(input.sizeGigabytes, 0, 'sizeGigabytes'));
    const ref = await idle(ctx, 'stacklet', input.stacklet, 'stacklet');
    const stacklet = ref.data;
    if (stacklet.volume_uuid) refuse(ref as ResourceRef, 'hasVolume', l10n.t('It has a volume already: a stacklet takes one.'), { volume: stacklet.volume_uuid });
    if (!regionOffersVolumes(stacklet)) refuse(ref as ResourceRef, 'noVolumes', l10n.t('Its region offers no volumes.'), { region: stacklet.region.slug });
    await withinLimit(ctx, 'volume', input.name);
    const progress = l10n.t('Creating volume {0}…', input.name);
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'stacklet' }, { kind: 'volume', name: input.name, role: 'new' }],
      change: { create: { name: input.name, sizeGigabytes: input.sizeGigabytes, region: stacklet.region.slug } },
      monthlyChangeUsd: undefined,
      destroysData: false,
      failure: l10n.t('Could not create volume {0}', input.name),
      progress,
      stale: ['volume', 'stacklet'],
      words: (literal) => ({
        question: l10n.t('Create volume {0} ({1} GB) on {2}?', literal(input.name), input.sizeGigabytes, literal(ref.name)),
        detail: l10n.t('It is made in {0}, the region of {1}, and attached to it.', literal(stacklet.region.slug), literal(ref.name)),
        button: button.create(),
      }),
      send: async () => {
        const body = { name: input.name, stacklet_id: stacklet.id, size_gigabytes: input.sizeGigabytes };
        const created = await send(ctx, progress, () => ctx.client.createVolume(body));
        return made(ctx, 'volume', created);
      },
    };
  },
});

const deletion = deleteAction({
  kind: 'volume',
  what: 'a volume',
  description: 'Deletes a volume (id) and the data on it: the user is asked to type its name before it is sent. Refused while a task runs on it and while it is attached to a stacklet (detach it first).',
  refuse: (ref) => {
    const attached = ref.data.stacklet;
    if (attached) refuse(ref as ResourceRef, 'attached', volumeAttachedWords(l10n.t('The volume'), l10n.t('a stacklet')), { attachedTo: { kind: 'stacklet', id: attached.id ?? null, name: attached.name ?? null } });
  },
  ask: (_ctx, ref) => typedDeletion(ref.name, (literal) => volumeDeletionWords(literal(ref.name), ref.data.size_gigabytes)),
  failure: (name) => l10n.t('Could not delete volume {0}', name),
  request: (ctx, ref) => ctx.client.deleteVolume(ref.data.id),
});

export const VOLUME_OPERATIONS: readonly ActionDefinition[] = [
  create,
  renameAction({ kind: 'volume', what: 'a volume', checkName: checkResourceName, request: (ctx, ref, name) => ctx.client.renameVolume(ref.data.id, name) }),
  deletion,
];
