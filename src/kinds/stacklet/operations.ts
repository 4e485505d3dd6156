/**
 * What can be done to a stacklet, each defined once (src/actions/definition.ts): the commands, the language
 * model tool and the MCP tool all plan and send through these. The checks and words are the UI's own
 * (src/model/actionChecks.ts, src/model/actionWords.ts). No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import type { AnswerData } from '../../actions/answerData';
import { refusalNamesField } from '../../api/refusals';
import { checkHostname, checkName, checkPassword, checkTagName, checkWithinLimit } from '../../api/validators';
import { readLimit } from '../accountLimits';
import { ActionInputError } from '../../actions/refusals';
import { resolve, sizeOf } from '../../agent/reads';
import { define, type ActionContext, type ActionDefinition, type Literal } from '../../actions/definition';
import { deleteAction, deleting } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { createAction } from '../../actions/creation';
import { answered, head, made } from '../../actions/answers';
import { button } from '../../actions/buttons';
import { check, idField, targetId, text } from '../../actions/fields';
import { idle, projectOf, refuse, regionOf, withinLimit } from '../../actions/conditions';
import { diskFits, POWER_ACCEPTS, stackletDisk } from '../../model/actionChecks';
import { costSentence, extraWords, powerCycleWords, stackletMadeWithLines, powerOffWords, resizeDiskWords, smallerDiskWords, stackletDeletionTitle, typeNamePrompt, typeToConfirm, whatGoesAndStays, type ConfirmationWords } from '../../model/actionWords';
import { resizeChange, stackletPrice } from '../../model/cost';
import { formatBytes, shortTimestamp } from '../../model/format';
import { typeableText } from '../../model/serviceText';
import { hasTag, tagStacklet } from '../tags';
import { deletionChangeOf, refTo, sameId, type ResourceRef } from '../registry';
import { related } from '../relations';
import type { ResourceStore } from '../resourceStore';
import { deletionFailure as snapshotDeletionFailure } from '../snapshot/operations';
import { deletionFailure as volumeDeletionFailure } from '../volume/operations';

const id = targetId('stacklet');

/** Why a snapshot adds nothing to the estimate, said by every door that takes one. */
export const snapshotPriceNote = () => l10n.t('The service gives no price for snapshots: the estimate leaves them out.');

/** The first name given twice among several stacklets' names, in the words every door refuses it with; undefined when none is. */
export function repeatedNameWords(names: readonly string[]): string | undefined {
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  return repeated === undefined ? undefined : l10n.t('{0} is there twice: each stacklet needs its own name', repeated);
}

type Power = 'powerOff' | 'powerOn' | 'powerCycle';

/** The words of each power action: its refusal, its question, and what is said while and when it fails. */
const POWER: Record<Power, { title: string; refusal: () => string; words: (name: string) => ConfirmationWords; progress: (name: string) => string; failure: (name: string) => string; when: string }> = {
  powerOff: {
    title: 'Power off a stacklet',
    when: ' Refused when it is not running.',
    refusal: () => l10n.t('Only a running stacklet can be powered off.'),
    words: powerOffWords,
    progress: (name) => l10n.t('Powering off {0}…', name),
    failure: (name) => l10n.t('Could not power off {0}', name),
  },
  powerOn: {
    title: 'Power on a stacklet',
    when: ' Refused when it is not off.',
    refusal: () => l10n.t('Only a stacklet that is off can be powered on.'),
    words: (name) => ({ question: l10n.t('Power on {0}?', name), detail: l10n.t('The estimate counts a stacklet whether it is on or off.'), button: l10n.t('Power On') }),
    progress: (name) => l10n.t('Powering on {0}…', name),
    failure: (name) => l10n.t('Could not power on {0}', name),
  },
  powerCycle: {
    title: 'Power cycle a stacklet',
    when: '',
    refusal: () => l10n.t('Only a running stacklet or one that is off can be power cycled.'),
    words: powerCycleWords,
    progress: (name) => l10n.t('Power cycling {0}…', name),
    failure: (name) => l10n.t('Could not power cycle {0}', name),
  },
};

function powerAction(action: Power): ActionDefinition {
  const words = POWER[action];
  return define({
    kind: 'stacklet',
    action,
    title: words.title,
    description: `${words.title} (id).${words.when} The price does not change${action === 'powerOff' ? ': a stacklet that is off is still billed' : ''}.`,
    shape: { id },
    destructive: false,
    plan: async (ctx, input) => {
      const ref = await idle(ctx, 'stacklet', input.id);
      const stacklet = ref.data;
      if (!POWER_ACCEPTS[action](stacklet)) refuse(ref as ResourceRef, 'state', words.refusal(), { status: stacklet.status });
      const monthly = stackletPrice(stacklet)?.total;
      return {
        resources: [{ ...head(ref as ResourceRef), role: 'target' }],
        change: { power: action, ...(monthly !== undefined ? { stillBilledUsd: monthly } : {}) },
        failure: words.failure(ref.name),
        progress: words.progress(ref.name),
        words: (literal) => words.words(literal(ref.name)),
        send: async () => {
          const request = action === 'powerOff' ? ctx.client.powerOff.bind(ctx.client) : action === 'powerOn' ? ctx.client.powerOn.bind(ctx.client) : ctx.client.powerCycle.bind(ctx.client);
          return answered(ctx, 'stacklet', await request(stacklet.id));
        },
      };
    },
  });
}

const resize = define({
  kind: 'stacklet',
  action: 'resize',
  title: 'Resize a stacklet',
  description: 'Resizes a stacklet (id) to another size; disk=true also grows its disk, for good. Refused while a task runs on it, when it has that size already, or when the size\'s disk is smaller than the stacklet\'s (a disk never shrinks). The plan gives the monthly change.',
  shape: {
    id,
    size: text('The size\'s slug, from stacklet_catalog what=sizes.'),
    disk: z.optional(z.boolean().check(z.describe('Also grow the disk when the new size has a larger one (permanent). False when absent.'))),
  },
  destructive: false,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    const stacklet = ref.data;
    const size = await sizeOf(ctx, input.size);
    if (size.slug === stacklet.size.slug) refuse(ref as ResourceRef, 'sameSize', l10n.t('It already has this size: pick another.'), { size: size.slug });
    if (size.available === false) throw new ActionInputError('size', l10n.t('is not available now'));
    if (!diskFits(stacklet, size)) {
      refuse(ref as ResourceRef, 'smallerDisk', smallerDiskWords(size.slug, formatBytes(size.disk), ref.name, formatBytes(stackletDisk(stacklet))), { size: size.slug, sizeDiskBytes: size.disk, diskBytes: stackletDisk(stacklet) });
    }
    const grows = size.disk > stackletDisk(stacklet);
    const disk = grows && input.disk === true;
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }],
      change: { size: { from: stacklet.size.slug, to: size.slug }, growsDisk: disk },
      monthlyChangeUsd: resizeChange(stacklet, size),
      failure: l10n.t('Could not resize {0}', ref.name),
      progress: l10n.t('Resizing {0}…', ref.name),
      words: (literal) => ({ question: l10n.t('Resize {0} to {1}?', literal(ref.name), literal(size.slug)), detail: resizeDiskWords(literal(ref.name), disk), button: button.resize() }),
      send: async () => answered(ctx, 'stacklet', await ctx.client.resizeStacklet(stacklet.id, size.slug, grows ? disk : undefined)),
    };
  },
});

const snapshot = define({
  kind: 'stacklet',
  action: 'snapshot',
  title: 'Take a snapshot of a stacklet',
  description: 'Takes a snapshot of a stacklet (id), named name; the snapshot appears when the task ends. The service gives no price for snapshots.',
  shape: { id, name: text('The new snapshot\'s name.') },
  destructive: false,
  plan: async (ctx, input) => {
    check('name', checkName(input.name, 'name'));
    const ref = await idle(ctx, 'stacklet', input.id);
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }, { kind: 'snapshot', name: input.name, role: 'new' }],
      change: { snapshot: input.name },
      monthlyChangeUsd: undefined,
      failure: l10n.t('Could not take a snapshot of {0}', ref.name),
      progress: l10n.t('Taking a snapshot of {0}…', ref.name),
      stale: ['snapshot'],
      words: (literal) => ({
        question: l10n.t('Take a snapshot of {0}?', literal(ref.name)),
        detail: `${l10n.t('The snapshot is named {0}.', literal(input.name))} ${snapshotPriceNote()}`,
        button: l10n.t('Take Snapshot'),
      }),
      send: async () => answered(ctx, 'stacklet', await ctx.client.snapshotStacklet(Number(ref.id), input.name)),
    };
  },
});

const tagName = text('The tag\'s name.');

const firewallId = idField('A firewall\'s ID.');

/** What a rebuild or a restore starts from. */
const from = idField('An image\'s slug (stacklet_catalog what=images), a snapshot\'s or (restore) a backup\'s ID.');

const tag = define({
  kind: 'stacklet',
  action: 'tag',
  title: 'Tag a stacklet',
  description: 'Adds a tag to a stacklet (id, tag; a new tag is made). Refused when it already carries it.',
  shape: { id, tag: tagName },
  destructive: false,
  plan: async (ctx, input) => {
    check('tag', checkTagName(input.tag, 'tag'));
    const ref = await resolve(ctx, 'stacklet', String(input.id));
    const stacklet = ref.data as s.Stacklet;
    if (hasTag(stacklet, input.tag)) refuse(ref, 'alreadyTagged', l10n.t('It already carries this tag.'), { tag: input.tag });
    return {
      resources: [{ ...head(ref), role: 'target' }],
      change: { addTag: input.tag },
      failure: l10n.t('Could not tag {0} with "{1}"', ref.name, input.tag),
      progress: l10n.t('Tagging {0} with "{1}"…', ref.name, input.tag),
      stale: ['tag'],
      words: (literal) => ({ question: l10n.t('Tag {0} with "{1}"?', literal(ref.name), literal(input.tag)), detail: '', button: l10n.t('Add Tag') }),
      send: async () => answered(ctx, 'stacklet', await tagStacklet(ctx.client, stacklet, input.tag)),
    };
  },
});

const untag = define({
  kind: 'stacklet',
  action: 'untag',
  title: 'Untag a stacklet',
  description: 'Takes a tag off a stacklet (id, tag). Refused when it does not carry it.',
  shape: { id, tag: tagName },
  destructive: false,
  plan: async (ctx, input) => {
    const ref = await resolve(ctx, 'stacklet', String(input.id));
    const stacklet = ref.data as s.Stacklet;
    if (!hasTag(stacklet, input.tag)) refuse(ref, 'notTagged', l10n.t('It does not carry this tag.'), { tag: input.tag, tags: stacklet.tags });
    return {
      resources: [{ ...head(ref), role: 'target' }],
      change: { removeTag: input.tag },
      failure: l10n.t('Could not remove tag {0} from {1}', input.tag, ref.name),
      progress: l10n.t('Removing tag {0} from {1}…', input.tag, ref.name),
      stale: ['stacklet', 'tag'],
      words: (literal) => ({ question: l10n.t('Remove tag {0} from {1}?', literal(input.tag), literal(ref.name)), detail: '', button: l10n.t('Remove Tag') }),
      send: async () => {
        await ctx.client.untagStacklet(input.tag, stacklet.id);
        return { sent: true, resource: head(ref), tags: stacklet.tags.filter((t) => t !== input.tag) };
      },
    };
  },
});

const attachFirewall = define({
  kind: 'stacklet',
  action: 'attachFirewall',
  title: 'Attach a firewall to a stacklet',
  description: 'Puts a stacklet (id) behind a firewall (firewall). A stacklet has one firewall: one behind another moves. Refused when it is behind that firewall already.',
  shape: { id, firewall: firewallId },
  destructive: false,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    const stacklet = ref.data;
    const firewall = await resolve(ctx, 'firewall', String(input.firewall), 'firewall');
    if (stacklet.firewall_uuid === firewall.id) refuse(ref as ResourceRef, 'alreadyBehind', l10n.t('It is behind this firewall already.'), { firewall: head(firewall) });
    const previous = stacklet.firewall_uuid ? await resolve(ctx, 'firewall', stacklet.firewall_uuid).catch(() => undefined) : undefined;
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }, { ...head(firewall), role: 'firewall' }, ...(previous ? [{ ...head(previous), role: 'leaves firewall' as const }] : [])],
      change: { firewall: { from: previous?.id ?? null, to: firewall.id } },
      failure: l10n.t('Could not attach {0} to firewall {1}', ref.name, firewall.name),
      progress: l10n.t('Attaching {0} to firewall {1}…', ref.name, firewall.name),
      stale: ['stacklet', 'firewall'],
      words: (literal) => ({
        question: l10n.t('Attach {0} to firewall {1}?', literal(ref.name), literal(firewall.name)),
        detail: l10n.t('A stacklet has one firewall: those behind another move to {0}, and its rules apply to them from now on.', literal(firewall.name)),
        button: button.attach(),
      }),
      send: async () => {
        await ctx.client.addFirewallStacklets(String(firewall.id), [stacklet.id]);
        return { sent: true, resource: head(ref as ResourceRef), firewall: head(firewall) };
      },
    };
  },
});

/** An image by its slug (a distribution's or an application's), or a snapshot of the account by its ID. */
async function imageOf(ctx: ActionContext, value: string | number): Promise<{ slug: string | number; name: string; extra_price?: number | string | null | undefined }> {
  const slug = String(value);
  const images = (await ctx.store.get('distribution')).items.flatMap((distribution) => distribution.images);
  const image = images.find((item) => item.slug === slug) ?? (await ctx.store.get('application')).items.find((item) => item.slug === slug);
  if (image) return { ...image, name: image.slug };
  const snapshot = (await ctx.store.get('snapshot').catch(() => undefined))?.items.find((item) => String(item.id) === slug);
  if (snapshot) return { slug: snapshot.id, name: snapshot.name };
  throw new ActionInputError('image', l10n.t('is not an image the service offers'));
}

/** The service creates at most this many stacklets in one request (`names`). */
export const STACKLETS_AT_ONCE = 10;

/**
 * The ID of a resource a create links to, refused naming `field` when the account has none such; a listing that
 * cannot be read refuses nothing (the service decides, as the wizard's steps offer none then).
 */
async function linked(ctx: ActionContext, kind: 'firewall' | 'vpc' | 'userdata' | 'sshKey', value: string | number, field: string): Promise<ResourceRef | string | number> {
  const listing = await ctx.store.get(kind).catch(() => undefined);
  return listing ? resolve(ctx, kind, String(value), field) : value;
}


const create = createAction({
  kind: 'stacklet',
  title: 'Create a stacklet',
  description: 'Creates a stacklet (name), or several alike (names), from region, size and image; the other fields marked create are optional. The plan gives the monthly estimate. Refused past the account\'s limit.',
  shape: {
    name: z.optional(text('The name, also its hostname.')),
    names: z.optional(z.array(text('A hostname.')).check(z.minLength(2), z.maxLength(STACKLETS_AT_ONCE), z.describe('2 to 10 names, instead of name.'))),
    region: text('The region\'s slug, from stacklet_catalog what=regions.'),
    size: text('The size\'s slug, from stacklet_catalog what=sizes.'),
    image: idField('An image\'s slug (stacklet_catalog what=images) or a snapshot\'s ID.'),
    tags: z.optional(z.array(text('A tag.')).check(z.maxLength(20), z.describe('Its tags.'))),
    vpc: z.optional(idField('A VPC\'s ID.')),
    firewall: z.optional(firewallId),
    userdata: z.optional(idField('A userdata script\'s ID, run on first boot.')),
    sshKeys: z.optional(z.array(idField('An SSH key\'s ID.')).check(z.maxLength(50), z.describe('SSH keys to log in with.'))),
    backups: z.optional(z.boolean().check(z.describe('Automatic backups.'))),
    project: z.optional(text('A project\'s ID; the default when absent.')),
  },
  names: (input) => input.names ?? (input.name === undefined ? [] : [input.name]),
  progress: (names) => l10n.t('Creating {0}…', names),
  failure: (names) => l10n.t('Could not create {0}', names),
  plan: async (ctx, input) => {
    if ((input.name === undefined) === (input.names === undefined)) throw new ActionInputError('name', l10n.t('give name, or names for several'));
    const names = input.names ?? [input.name!];
    names.forEach((name, i) => check(input.names ? `names.${i}` : 'name', checkHostname(name, 'name')));
    const repeated = repeatedNameWords(names);
    if (repeated !== undefined) throw new ActionInputError('names', repeated);
    (input.tags ?? []).forEach((t, i) => check(`tags.${i}`, checkTagName(t, 'tag')));
    const region = await regionOf(ctx, input.region);
    const size = await sizeOf(ctx, input.size);
    if (size.available === false) throw new ActionInputError('size', l10n.t('is not available now'));
    const image = await imageOf(ctx, input.image);
    const vpc = input.vpc === undefined ? undefined : await linked(ctx, 'vpc', input.vpc, 'vpc');
    if (typeof vpc === 'object' && (vpc.data as s.Vpc).region?.slug !== undefined && (vpc.data as s.Vpc).region?.slug !== region) {
      throw new ActionInputError('vpc', l10n.t('is not a VPC of {0}', region));
    }
    const firewall = input.firewall === undefined ? undefined : await linked(ctx, 'firewall', input.firewall, 'firewall');
    const userdata = input.userdata === undefined ? undefined : await linked(ctx, 'userdata', input.userdata, 'userdata');
    const keys = await Promise.all((input.sshKeys ?? []).map((key, i) => linked(ctx, 'sshKey', key, `sshKeys.${i}`)));
    const project = await projectOf(ctx, input.project);
    await withinLimit(ctx, 'stacklet', names[0]!);
    const limit = await readLimit(ctx.store, 'stacklet');
    if (limit !== undefined) check(input.names ? 'names' : 'name', checkWithinLimit(names.length, limit.available));
    const each = stackletPrice({ size, distribution: { image } } as never)?.total;
    const idOf = (ref: ResourceRef | string | number) => (typeof ref === 'object' ? ref.id : ref);
    const body = {
      region,
      size: size.slug,
      image: image.slug,
      ...(input.tags?.length ? { tags: input.tags } : {}),
      ...(vpc !== undefined ? { vpc_uuid: String(idOf(vpc)) } : {}),
      ...(firewall !== undefined ? { firewall_uuid: String(idOf(firewall)) } : {}),
      ...(userdata !== undefined ? { userdata_uuid: String(idOf(userdata)) } : {}),
      ...(keys.length > 0 ? { ssh_keys: keys.map(idOf) } : {}),
      ...(input.backups !== undefined ? { backups: input.backups } : {}),
      ...project,
    };
    const links = [vpc, firewall, userdata, ...keys].filter((ref): ref is ResourceRef => typeof ref === 'object');
    // A link by its name, or by its ID when its listing could not be read.
    const nameOf = (ref: ResourceRef | string | number | undefined, literal: Literal) => (ref === undefined ? undefined : typeof ref === 'object' ? literal(ref.name) : String(ref));
    return {
      resources: links.map((ref) => ({ ...head(ref), role: 'stays' as const })),
      change: { create: { names, region, size: size.slug, image: image.slug, tags: input.tags ?? [], backups: input.backups ?? false, links: links.map(head) } },
      monthlyChangeUsd: each === undefined ? undefined : each * names.length,
      // The profile (the limit) and the linked firewall or VPC are read again once it is remembered (made).
      stale: ['stacklet', 'tag'],
      words: (literal) => ({
        question: names.length === 1 ? l10n.t('Create stacklet {0}?', literal(names[0]!)) : l10n.t('Create {0} stacklets: {1}?', names.length, names.map(literal).join(', ')),
        detail: [
          l10n.t('{0} in {1}, from {2}.', literal(size.slug), literal(region), literal(image.name)),
          ...stackletMadeWithLines({
            vpc: nameOf(vpc, literal),
            firewall: nameOf(firewall, literal),
            userdata: nameOf(userdata, literal),
            sshKeys: keys.map((key) => nameOf(key, literal)!),
            tags: (input.tags ?? []).map(literal),
            backups: input.backups ?? false,
          }),
        ].join('\n'),
      }),
      send: async () => {
        const created = names.length === 1
          ? [await ctx.client.createStacklet({ ...body, name: names[0]! })]
          : await ctx.client.createStacklets({ ...body, names });
        // With the links it was asked for, which the service may make only after it answered.
        const answers = created.map((stacklet) => made(ctx, 'stacklet', { ...stacklet, firewall_uuid: stacklet.firewall_uuid ?? body.firewall_uuid ?? null, vpc_uuid: stacklet.vpc_uuid ?? body.vpc_uuid ?? null }));
        return answers.length === 1 ? answers[0]! : { sent: true, created: answers.map((answer) => ({ resource: answer['resource'], task: answer['task'] })) };
      },
    };
  },
});

const enablePrivateNetworking = define({
  kind: 'stacklet',
  action: 'enablePrivateNetworking',
  title: 'Enable private networking on a stacklet',
  description: 'Enables private networking on a stacklet (id). Refused when it has private networking already. The price does not change.',
  shape: { id },
  destructive: false,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    if (ref.data.networks.v4.some((network) => network.type === 'private')) refuse(ref as ResourceRef, 'hasPrivateNetworking', l10n.t('It has private networking already.'));
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }],
      change: { privateNetworking: true },
      failure: l10n.t('Could not enable private networking on {0}', ref.name),
      progress: l10n.t('Enabling private networking on {0}…', ref.name),
      words: (literal) => ({
        question: l10n.t('Enable private networking on {0}?', literal(ref.name)),
        detail: l10n.t('It gets an address on the private network of its region.'),
        button: l10n.t('Enable'),
      }),
      send: async () => answered(ctx, 'stacklet', await ctx.client.enablePrivateNetworking(ref.data.id)),
    };
  },
});

const rebuild = define({
  kind: 'stacklet',
  action: 'rebuild',
  title: 'Rebuild a stacklet',
  description: 'Rebuilds a stacklet (id) from an image\'s slug or a snapshot\'s ID (from): its disk is wiped, so the user types its name to confirm.',
  shape: { id, from },
  destructive: true,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    const snapshot = (await ctx.store.get('snapshot').catch(() => undefined))?.items.find((item) => String(item.id) === String(input.from));
    const image = snapshot ? { slug: snapshot.id, name: snapshot.name } : { slug: (await imageOf(ctx, String(input.from))).slug, name: String(input.from) };
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }, ...(snapshot ? [{ ...head(refTo('snapshot', snapshot) as ResourceRef), role: 'stays' as const }] : [])],
      change: { rebuildFrom: image.slug },
      typed: ref.name,
      failure: l10n.t('Could not rebuild {0}', ref.name),
      progress: l10n.t('Rebuilding {0}…', ref.name),
      words: (literal) => ({
        question: l10n.t('Rebuild {0} from {1}?', literal(ref.name), literal(image.name)),
        detail: typeNamePrompt(l10n.t('The disk of {0} is wiped and rewritten from the image: everything stored on it is lost.', literal(ref.name)), literal(typeableText(ref.name))),
        button: l10n.t('Rebuild'),
      }),
      send: async () => answered(ctx, 'stacklet', await ctx.client.rebuildStacklet(ref.data.id, image.slug)),
    };
  },
});

const resetPassword = define({
  kind: 'stacklet',
  action: 'resetPassword',
  title: 'Reset the root password of a stacklet',
  description: 'Resets a stacklet\'s root password (id): the service makes one up and sends it to the user; the old one stops working. An agent passes no password, which would stay in the chat. Refused when the service makes none up (the user sets one from the views).',
  shape: {
    id,
    password: z.optional(z.string().check(z.maxLength(200), z.describe('Refused from agents; the user sets it from the views.'))),
  },
  // Nothing stored is lost, but the current password is replaced for good: whoever signs in with it is locked
  // out until they learn the new one. That replaces what is there, as the rules of a firewall replaced do.
  destructive: true,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    if (input.password !== undefined && ctx.agent) {
      refuse(ref as ResourceRef, 'agentPassword', l10n.t('An agent does not choose a password: it would stay in the chat\'s history. Leave it out for the service to make one up, or let the user set one from the views.'));
    }
    if (input.password !== undefined) check('password', checkPassword(input.password, 'password'));
    const stacklet = ref.data;
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }],
      // Never the password itself: the plan is shown, answered and kept.
      change: { password: input.password === undefined ? 'generated' : 'set' },
      failure: l10n.t('Could not reset the root password of {0}', ref.name),
      progress: l10n.t('Resetting the root password of {0}…', ref.name),
      words: (literal) => ({
        question: l10n.t('Reset the root password of {0}?', literal(ref.name)),
        detail: input.password === undefined
          ? l10n.t('The service replaces the root password of {0} with a new one; the current password stops working.', literal(ref.name))
          : l10n.t('The root password of {0} becomes the one typed; the current password stops working.', literal(ref.name)),
        button: l10n.t('Reset Password'),
      }),
      send: async () => {
        try {
          return answered(ctx, 'stacklet', await ctx.client.resetPassword(stacklet.id, input.password));
        } catch (error) {
          // A service that makes up no password refuses the bare form naming the field: a person's door asks
          // for one and sends again; an agent is told who sets it.
          if (ctx.agent && input.password === undefined && refusalNamesField(error, 'password')) {
            refuse(ref as ResourceRef, 'needsPassword', l10n.t('This service makes up no password: it needs one the user sets from the views (Reset Password on the stacklet).'));
          }
          throw error;
        }
      },
    };
  },
});

/** What a stacklet can be restored from, as Restore offers it: a snapshot of the account (its own first), or a backup. */
async function restoreSource(ctx: ActionContext, stacklet: s.Stacklet, from: string | number): Promise<{ ref: ResourceRef; name: string }> {
  const [snapshots, backups] = await Promise.all([ctx.store.get('snapshot').catch(() => undefined), ctx.store.get('backup').catch(() => undefined)]);
  const snapshot = snapshots?.items.find((item) => String(item.id) === String(from));
  if (snapshot) return { ref: refTo('snapshot', snapshot) as ResourceRef, name: snapshot.name };
  const backup = backups?.items.find((item) => String(item.id) === String(from));
  if (!backup) throw new ActionInputError('from', l10n.t('is not a snapshot or backup of the account'));
  // A backup has no name: its own by the date it was taken (as Restore labels it), another's by its stacklet too.
  const ref = refTo('backup', backup) as ResourceRef;
  const name = l10n.t('the backup of {0}', backup.stacklet?.id === stacklet.id ? shortTimestamp(backup.created_at) ?? ref.name : ref.name);
  return { ref, name };
}

const restore = define({
  kind: 'stacklet',
  action: 'restore',
  title: 'Restore a stacklet',
  description: 'Restores a stacklet (id) from a snapshot\'s or backup\'s ID (from): its disk is replaced, losing what was written since, so the user types its name to confirm.',
  shape: { id, from },
  destructive: true,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    const source = await restoreSource(ctx, ref.data, input.from);
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }, { ...head(source.ref), role: 'stays' }],
      change: { restoreFrom: { kind: source.ref.kind, id: source.ref.id } },
      typed: ref.name,
      failure: l10n.t('Could not restore {0}', ref.name),
      progress: l10n.t('Restoring {0}…', ref.name),
      words: (literal) => ({
        question: l10n.t('Restore {0} from {1}?', literal(ref.name), literal(source.name)),
        detail: typeNamePrompt(l10n.t('The disk of {0} is replaced by the image: everything written since it was taken is lost.', literal(ref.name)), literal(typeableText(ref.name))),
        button: l10n.t('Restore'),
      }),
      send: async () => answered(ctx, 'stacklet', await ctx.client.restoreStacklet(ref.data.id, Number(source.ref.id))),
    };
  },
});

/**
 * A stacklet's volumes and snapshots, which its deletion leaves unless they go along: Delete Stacklet's wizard
 * offers them, an agent names them in `along`.
 */
export async function keptWith(store: ResourceStore, stacklet: s.Stacklet): Promise<ResourceRef<'volume' | 'snapshot'>[]> {
  const [volumes, snapshots] = await Promise.all([store.get('volume').catch(() => undefined), store.get('snapshot').catch(() => undefined)]);
  return [
    ...(volumes?.items ?? []).filter((v) => related('stacklet', stacklet, 'volume', v)).map((v) => refTo('volume', v)),
    ...(snapshots?.items ?? []).filter((snap) => related('stacklet', stacklet, 'snapshot', snap)).map((snap) => refTo('snapshot', snap)),
  ];
}

/** What a stacklet's deletion says above the name to type: what goes with it, what stays, and the monthly change. */
export function stackletDeletionDetail(literal: Literal, stacklet: ResourceRef, along: readonly ResourceRef[], stays: readonly ResourceRef[]): string {
  const named = (extras: readonly ResourceRef[]) => extras.map((extra) => extraWords(extra.kind as 'volume' | 'snapshot', literal(extra.name)));
  return typeToConfirm(whatGoesAndStays(literal(stacklet.name), named(along), named(stays)) + costSentence(deletionChangeOf(stacklet)), literal(typeableText(stacklet.name)));
}

/** What is said of a volume or snapshot that was to go along with its stacklet and did not. */
export function alongFailure(resource: { readonly kind: string; readonly name: string }): string {
  return resource.kind === 'volume' ? volumeDeletionFailure(resource.name) : snapshotDeletionFailure(resource.name);
}

/** Deletes what the user chose to delete along with a stacklet, one by one once it is gone: each failure is answered, the others still go. */
async function deleteAlong(ctx: ActionContext, along: readonly ResourceRef[]): Promise<AnswerData> {
  const deleted: ReturnType<typeof head>[] = [];
  const notDeleted: { resource: ReturnType<typeof head>; error: string }[] = [];
  for (const extra of along) {
    const request = extra.kind === 'volume' ? () => ctx.client.deleteVolume(String(extra.id)) : () => ctx.client.deleteSnapshot(Number(extra.id));
    try {
      await deleting(ctx, extra, request);
      deleted.push(head(extra));
    } catch (error) {
      notDeleted.push({ resource: head(extra), error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { deletedAlong: deleted, notDeleted };
}

const deletion = deleteAction({
  kind: 'stacklet',
  what: 'a stacklet',
  description: 'Deletes a stacklet (id) with its disk: this destroys data, so the user types its name to confirm. Its volumes and snapshots stay, but those in along, deleted after it. The plan gives the monthly change.',
  shape: {
    along: z.optional(z.array(idField('A volume\'s or snapshot\'s ID.')).check(z.describe('IDs of its own volumes and snapshots to delete with it.'))),
  },
  ask: async (ctx, ref, input) => {
    const kept: ResourceRef[] = await keptWith(ctx.store, ref.data);
    const chosen = (input['along'] as readonly (string | number)[] | undefined) ?? [];
    const along = chosen.map((wanted, i) => {
      const extra = kept.find((candidate) => sameId(candidate.id, wanted));
      if (!extra) throw new ActionInputError(`along.${i}`, l10n.t('is not one of the stacklet\'s volumes or snapshots'));
      return extra;
    });
    const stays = kept.filter((extra) => !along.includes(extra));
    return {
      typed: ref.name,
      // As Delete Stacklet asks it: what goes with it, and what stays.
      words: (literal) => ({
        question: stackletDeletionTitle(literal(ref.name)),
        detail: stackletDeletionDetail(literal, ref as ResourceRef, along, stays),
        button: button.delete(),
      }),
      resources: [...along.map((extra) => ({ ...head(extra), role: 'goes' as const })), ...stays.map((extra) => ({ ...head(extra), role: 'stays' as const }))],
      ...(along.length > 0 ? { along: { send: () => deleteAlong(ctx, along), stale: along.some((extra) => extra.kind === 'volume') ? ['volume' as const] : [] } } : {}),
    };
  },
  failure: (name) => l10n.t('Could not delete {0}', name),
  request: (ctx, ref) => ctx.client.deleteStacklet(ref.data.id),
});

/** Every action on a stacklet, in the order the tool lists them. */
export const STACKLET_OPERATIONS: readonly ActionDefinition[] = [
  create, powerAction('powerOff'), powerAction('powerOn'), powerAction('powerCycle'), resize, snapshot, tag, untag, attachFirewall, enablePrivateNetworking, resetPassword, rebuild, restore,
  renameAction({ kind: 'stacklet', what: 'a stacklet', note: 'A stacklet\'s name is also its hostname.', checkName: checkHostname, request: (ctx, ref, name) => ctx.client.renameStacklet(ref.data.id, name) }),
  deletion,
];
