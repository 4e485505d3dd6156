/** What can be done to a volume, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import { checkName, checkResourceName, checkVolumeSize } from '../../api/validators';
import { define, type ActionDefinition } from '../../actions/definition';
import { deleteAction, typedDeletion } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { createAction } from '../../actions/creation';
import { answered, head } from '../../actions/answers';
import { button } from '../../actions/buttons';
import { check, idField, targetId, text, wholeNumber } from '../../actions/fields';
import { idle, refuse, withinLimit } from '../../actions/conditions';
import { ActionInputError } from '../../actions/refusals';
import { regionOffersVolumes } from '../../model/actionChecks';
import { volumeAttachedWords, volumeDeletionWords } from '../../model/actionWords';
import { attachedStackletName } from '../../model/format';
import { type ResourceRef } from '../registry';

const id = targetId('volume');

/** Why a volume cannot be attached now, as every door says it (the command before it asks for the stacklet). */
export function attachRefusal(volume: s.Volume): string | undefined {
  return volume.stacklet ? l10n.t('{0} is already attached to {1}; detach it first.', volume.name, attachedStackletName(volume.stacklet)) : undefined;
}

/** Why a volume cannot be detached now, as every door says it. */
export function detachRefusal(volume: s.Volume): string | undefined {
  return volume.stacklet ? undefined : l10n.t('{0} is not attached to a stacklet.', volume.name);
}

/** What is said when a volume's deletion fails, alone or along with its stacklet. */
export const deletionFailure = (name: string) => l10n.t('Could not delete volume {0}', name);

const create = createAction({
  kind: 'volume',
  title: 'Create a volume on a stacklet',
  description: 'Creates a volume (name, sizeGigabytes from 1 to 16384) attached to a stacklet (stacklet), in its region. Refused while a task runs on the stacklet, when it has a volume already (a stacklet takes one), when its region offers no volumes or when the account\'s limit leaves no volume to create. The service gives no price for volumes.',
  shape: {
    stacklet: idField('The ID of the stacklet the new volume is attached to.'),
    name: text('The new volume\'s name.'),
    sizeGigabytes: wholeNumber().check(z.describe('The new volume\'s size in GB, 1 to 16384.')),
  },
  checkName,
  progress: (name) => l10n.t('Creating volume {0}…', name),
  failure: (name) => l10n.t('Could not create volume {0}', name),
  plan: async (ctx, input) => {
    check('sizeGigabytes', checkVolumeSize(input.sizeGigabytes, 0, 'sizeGigabytes'));
    const ref = await idle(ctx, 'stacklet', input.stacklet, 'stacklet');
    const stacklet = ref.data;
    if (stacklet.volume_uuid) refuse(ref as ResourceRef, 'hasVolume', l10n.t('It has a volume already: a stacklet takes one.'), { volume: stacklet.volume_uuid });
    if (!regionOffersVolumes(stacklet)) refuse(ref as ResourceRef, 'noVolumes', l10n.t('Its region offers no volumes.'), { region: stacklet.region.slug });
    await withinLimit(ctx, 'volume', input.name);
    return {
      on: { ...head(ref as ResourceRef), role: 'stacklet' },
      change: { create: { name: input.name, sizeGigabytes: input.sizeGigabytes, region: stacklet.region.slug } },
      monthlyChangeUsd: undefined,
      stale: ['volume', 'stacklet'],
      words: (literal) => ({
        question: l10n.t('Create volume {0} ({1} GB) on {2}?', literal(input.name), input.sizeGigabytes, literal(ref.name)),
        detail: l10n.t('It is made in {0}, the region of {1}, and attached to it.', literal(stacklet.region.slug), literal(ref.name)),
      }),
      request: () => ctx.client.createVolume({ name: input.name, stacklet_id: stacklet.id, size_gigabytes: input.sizeGigabytes }),
    };
  },
});

const attach = define({
  kind: 'volume',
  action: 'attach',
  title: 'Attach a volume to a stacklet',
  description: 'Attaches a volume (id) to a stacklet (stacklet) of its region without a volume. Refused while a task runs on either, or when the volume is attached (detach it first). The price does not change.',
  shape: { id, stacklet: idField('The ID of the stacklet to attach it to.') },
  destructive: false,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'volume', input.id);
    const volume = ref.data;
    const attached = attachRefusal(volume);
    if (attached !== undefined) refuse(ref as ResourceRef, 'attached', attached, { attachedTo: { kind: 'stacklet', id: volume.stacklet?.id ?? null, name: volume.stacklet?.name ?? null } });
    const target = await idle(ctx, 'stacklet', input.stacklet, 'stacklet');
    const stacklet = target.data;
    if (stacklet.region.slug !== volume.region.slug) throw new ActionInputError('stacklet', l10n.t('is not in {0}, the region of the volume', volume.region.slug));
    if (stacklet.volume_uuid) refuse(target as ResourceRef, 'hasVolume', l10n.t('It has a volume already: a stacklet takes one.'), { volume: stacklet.volume_uuid });
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }, { ...head(target as ResourceRef), role: 'stacklet' }],
      change: { attachTo: head(target as ResourceRef) },
      failure: l10n.t('Could not attach {0} to {1}', ref.name, target.name),
      progress: l10n.t('Attaching {0} to {1}…', ref.name, target.name),
      // The stacklet is read again when the attach task ends (the kind's afterTask).
      words: (literal) => ({
        question: l10n.t('Attach {0} to {1}?', literal(ref.name), literal(target.name)),
        detail: l10n.t('{0} can mount it once it is attached.', literal(target.name)),
        button: button.attach(),
      }),
      send: async () => answered(ctx, 'volume', await ctx.client.attachVolume(volume.id, stacklet.id)),
    };
  },
});

const detach = define({
  kind: 'volume',
  action: 'detach',
  title: 'Detach a volume from its stacklet',
  description: 'Detaches a volume (id) from its stacklet; its data stays. Refused when it is not attached.',
  shape: { id },
  destructive: false,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'volume', input.id);
    const attached = ref.data.stacklet;
    if (!attached) refuse(ref as ResourceRef, 'notAttached', detachRefusal(ref.data)!);
    const stackletName = attachedStackletName(attached);
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }, ...(attached.id !== undefined ? [{ kind: 'stacklet', id: attached.id, name: stackletName, role: 'stacklet' as const }] : [])],
      change: { detachFrom: { kind: 'stacklet', id: attached.id ?? null, name: stackletName } },
      failure: l10n.t('Could not detach {0}', ref.name),
      progress: l10n.t('Detaching {0}…', ref.name),
      words: (literal) => ({
        question: l10n.t('Detach {0} from {1}?', literal(ref.name), literal(stackletName)),
        detail: l10n.t('Unmount it inside {0} first: programs still writing to it may lose data.', literal(stackletName)),
        button: l10n.t('Detach'),
      }),
      // The documentation lists stacklet_id as required; a volume that does not say which stacklet sends none.
      send: async () => answered(ctx, 'volume', await ctx.client.detachVolume(ref.data.id, attached.id)),
    };
  },
});

const resize = define({
  kind: 'volume',
  action: 'resize',
  title: 'Grow a volume',
  description: 'Grows a volume (id) to sizeGigabytes, larger than now, at most 16384. No price is given for volumes.',
  shape: { id, sizeGigabytes: wholeNumber().check(z.describe('The new size in GB.')) },
  destructive: false,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'volume', input.id);
    const current = ref.data.size_gigabytes;
    check('sizeGigabytes', checkVolumeSize(input.sizeGigabytes, current, 'sizeGigabytes'));
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }],
      change: { sizeGigabytes: { from: current, to: input.sizeGigabytes } },
      monthlyChangeUsd: undefined,
      failure: l10n.t('Could not resize {0}', ref.name),
      progress: l10n.t('Resizing {0}…', ref.name),
      words: (literal) => ({
        question: l10n.t('Resize {0} from {1} GB to {2} GB?', literal(ref.name), current, input.sizeGigabytes),
        detail: l10n.t('A volume can only grow: it cannot be made smaller again.'),
        button: button.resize(),
      }),
      send: async () => answered(ctx, 'volume', await ctx.client.resizeVolume(ref.data.id, input.sizeGigabytes)),
    };
  },
});

const deletion = deleteAction({
  kind: 'volume',
  what: 'a volume',
  description: 'Deletes a volume (id) and the data on it: the user types its name to confirm. Refused while it is attached to a stacklet (detach it first).',
  refuse: (ref) => {
    const attached = ref.data.stacklet;
    if (attached) refuse(ref as ResourceRef, 'attached', volumeAttachedWords(l10n.t('The volume'), l10n.t('a stacklet')), { attachedTo: { kind: 'stacklet', id: attached.id ?? null, name: attached.name ?? null } });
  },
  ask: (_ctx, ref) => typedDeletion(ref.name, (literal) => volumeDeletionWords(literal(ref.name), ref.data.size_gigabytes)),
  failure: deletionFailure,
  request: (ctx, ref) => ctx.client.deleteVolume(ref.data.id),
});

export const VOLUME_OPERATIONS: readonly ActionDefinition[] = [
  create,
  attach,
  detach,
  resize,
  renameAction({ kind: 'volume', what: 'a volume', checkName: checkResourceName, request: (ctx, ref, name) => ctx.client.renameVolume(ref.data.id, name) }),
  deletion,
];
