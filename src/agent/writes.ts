/**
 * What an agent may change in the account (issue 25, item 2), for the MCP server and the language model tools
 * alike. Each operation has a JSON input schema (zod, so the MCP SDK and a tool manifest read the same shape),
 * checks its input against the registry (an unknown id or kind is refused naming the field), then answers a
 * plan or a refusal:
 * - a plan names every affected resource by name and ID, what changes and the monthly change (the cost model),
 *   says whether it destroys data (then the exact name, or a backup's ID, must be typed), carries the UI's
 *   confirmation words (with the service's names shown as the edge's literal form) and the step that sends it;
 * - a refusal (AgentRefusal) is what the UI refuses: a task running, the size it already has, an attached volume…
 *   The checks and words are the UI's own (src/model/actionChecks.ts, src/model/actionWords.ts).
 * Nothing here asks the user: each edge confirms a plan its own way before calling `execute`. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../api/schemas';
import { checkHostname, checkName, checkTagName, checkVolumeSize } from '../api/validators';
import { FirewallRuleDocument } from '../documents/firewall/schema';
import { firewallState, firewallSteps } from '../documents/firewall/kind';
import { describeFirewallChange, diffFirewall, isEmptyChange, type FirewallChange, type NormalRule } from '../documents/firewall/rules';
import { isComplete, runSteps } from '../documents/outcome';
import { deletionChangeOf, isTaskKind, refTo, staleAfterCreate, staleAfterDelete, type Kind, type KindItems, type ListedKind, type ListingKind, type ResourceRef, type TaskKind } from '../kinds/registry';
import { limitReached, readLimit } from '../model/accountLimits';
import { diskFits, POWER_ACCEPTS, regionOffersVolumes, stackletDisk } from '../model/actionChecks';
import { formatBytes } from '../model/format';
import {
  applyQuestion, backupDeletionWords, clusterDeletionWords, costSentence, extraWords, nodeCount, powerCycleWords, powerOffWords, resizeDiskWords, smallerDiskWords, snapshotDeletionWords,
  stackletDeletionTitle, typeNamePrompt, typeToConfirm, volumeAttachedWords, volumeDeletionWords, whatGoesAndStays, type ConfirmationWords,
} from '../model/actionWords';
import { monthlyChangeWords, resizeChange, stackletPrice } from '../model/cost';
import { confirmsText, typeableText } from '../model/serviceText';
import { hasTag, tagStacklet } from '../model/tags';
import { progressText } from '../tasks/taskText';
import type { AgentData } from './envelope';
import { AgentInputError } from './input';
import { resolve, sizeOf, type AgentContext } from './reads';
import { AgentRefusal } from './refusal';

/** What the write operations act through, besides what the reads read through. */
export interface WriteContext extends AgentContext {
  /** Whether a task the edge follows runs on the resource (the extension's task tracker); the item's own task counts anyway. */
  readonly isBusy?: (kind: TaskKind, id: string | number) => boolean;
  /** A task the service answered with, for the edge to follow (the status bar). */
  readonly onTask?: (kind: TaskKind, id: string | number, name: string, task: s.Task) => void;
  /** A line of the log for each request sent (never a header). */
  readonly log?: (line: string) => void;
}

/** How an edge shows service text in its confirmation: Markdown-escaped, one plain line… */
export type Literal = (text: string) => string;

/** A resource the plan touches, and how. */
export interface PlannedResource {
  readonly kind: string;
  /** Absent for what the plan creates. */
  readonly id?: string | number;
  readonly name: string;
  readonly role: 'target' | 'firewall' | 'leaves firewall' | 'stacklet' | 'stays' | 'new';
}

export interface WritePlan {
  readonly tool: string;
  readonly resources: readonly PlannedResource[];
  /** What changes, as data (names only as values). */
  readonly change: Readonly<Record<string, unknown>>;
  /** The change to the monthly estimate in US dollars: 0 for none, undefined when not estimated. */
  readonly monthlyChangeUsd: number | undefined;
  readonly destroysData: boolean;
  /** For what destroys data: the text the user types to confirm (the name, or a backup's ID). */
  readonly typed?: string;
  /** The UI's confirmation words, with every service text passed through `literal`. */
  readonly words: (literal: Literal) => ConfirmationWords;
  /** What the UI's action says when the service refuses or fails it ("Could not power off web-1"), names as they are. */
  readonly failure: string;
  /** What the UI's action says while it is sent ("Powering off web-1…"), names as they are: the request's title in the action history too. */
  readonly progress: string;
  /** Sends it; the answer (the resource as it is now, its task) as envelope data. Throws the client's error. */
  readonly execute: () => Promise<AgentData>;
}

/** The plan as data for the model (and for an edge that shows it as JSON). */
export function planData(plan: WritePlan): AgentData {
  return {
    tool: plan.tool,
    resources: plan.resources,
    change: plan.change,
    monthlyChangeUsd: plan.monthlyChangeUsd ?? null,
    monthlyChange: monthlyChangeWords(plan.monthlyChangeUsd),
    destroysData: plan.destroysData,
    ...(plan.typed !== undefined ? { typeToConfirm: plan.typed } : {}),
  };
}

/** Whether `typed` confirms the plan: always for what destroys no data, else the exact name (or its typeable form). */
export function typedConfirms(plan: WritePlan, typed: string | undefined): boolean {
  return plan.typed === undefined || (typed !== undefined && confirmsText(typed, plan.typed));
}

// ── input ──────────────────────────────────────────────────────────────────

const text = z.string().check(z.minLength(1), z.maxLength(200));
const id = z.union([text, z.int()]);

type Shape = Record<string, z.ZodMiniType>;

/** One write operation: its name, what it does (for the model), its input and its plan. */
export interface WriteOperation<S extends Shape = Shape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly shape: S;
  readonly plan: (ctx: WriteContext, input: z.infer<z.ZodMiniObject<S>>) => Promise<WritePlan>;
}

function operation<S extends Shape>(op: WriteOperation<S>): WriteOperation {
  return op as unknown as WriteOperation;
}

/** The input checked against the operation's schema: the first problem is refused naming its field. */
function parsed<S extends Shape>(op: WriteOperation<S>, raw: unknown): z.infer<z.ZodMiniObject<S>> {
  const result = z.safeParse(z.object(op.shape), raw ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new AgentInputError(issue.path.length > 0 ? issue.path.map(String).join('.') : 'input', issue.message);
}

/** A validator's problem, refused naming the field. */
function check(field: string, problem: string | undefined): void {
  if (problem !== undefined) throw new AgentInputError(field, problem);
}

// ── shared steps ───────────────────────────────────────────────────────────

function head(ref: ResourceRef): { kind: string; id: string | number; name: string } {
  return { kind: ref.kind, id: ref.id, name: ref.name };
}

/** The resource, refused when a task runs on it (as the UI refuses a busy resource). */
async function idle<K extends ListedKind>(ctx: WriteContext, kind: K, value: string | number, field = 'id'): Promise<ResourceRef<K>> {
  const ref = await resolve(ctx, kind, String(value), field) as unknown as ResourceRef<K>;
  const task = (ref.data as { task?: s.Task | null }).task ?? undefined;
  if (isTaskKind(kind) && (task || ctx.isBusy?.(kind, ref.id))) {
    throw new AgentRefusal('busy', l10n.t('A task is running on it: try again when it completes.'), head(ref as ResourceRef), {
      task: task ? { id: task.id, name: task.name, progress: progressText(task) } : null,
    });
  }
  return ref;
}

function refuse(ref: ResourceRef, reason: string, message: string, facts: Record<string, unknown> = {}): never {
  throw new AgentRefusal(reason, message, head(ref), facts);
}

/**
 * Refused when the account's limit on `kind` leaves none to create, as the create wizards refuse it before
 * their first question; the limit is in the answer's facts. A profile that cannot be read refuses nothing (the
 * service decides).
 */
async function withinLimit(ctx: WriteContext, kind: 'stacklet' | 'volume', name: string): Promise<void> {
  const limit = await readLimit(ctx.store, kind);
  const reached = limitReached(kind, limit);
  if (reached === undefined || limit === undefined) return;
  throw new AgentRefusal('limit', reached, { kind, name }, { limit: { key: limit.key, available: limit.available, used: limit.used ?? null } });
}

/** Sends through the action history when the edge keeps one (Copy as curl, the log), else directly. */
function send<T>(ctx: WriteContext, title: string, request: () => Promise<T>): Promise<T> {
  return ctx.history ? ctx.history.record(title, request, ctx.log ?? (() => undefined)) : request();
}

/** The resource the service answered with: its task followed, its listing read again next time. */
function answered<K extends ListedKind>(ctx: WriteContext, kind: K, item: KindItems[K], stale: readonly ListingKind[] = []): AgentData {
  const ref = refTo(kind, item) as ResourceRef;
  const task = (item as { task?: s.Task | null }).task ?? undefined;
  if (task && isTaskKind(kind)) ctx.onTask?.(kind, ref.id, ref.name, task);
  ctx.store.invalidate(kind, ...stale);
  return { sent: true, resource: head(ref), task: task ? { id: task.id, name: task.name, progress: progressText(task) } : null };
}

const button = {
  apply: () => l10n.t('Apply'),
  attach: () => l10n.t('Attach'),
  create: () => l10n.t('Create'),
  delete: () => l10n.t('Delete'),
  rename: () => l10n.t('Rename'),
  resize: () => l10n.t('Resize'),
};

// ── the operations ─────────────────────────────────────────────────────────

const POWER = [
  { name: 'stacklet_power_off', what: 'off', accepts: POWER_ACCEPTS.powerOff, title: 'Power off a stacklet' },
  { name: 'stacklet_power_on', what: 'on', accepts: POWER_ACCEPTS.powerOn, title: 'Power on a stacklet' },
  { name: 'stacklet_power_cycle', what: 'cycle', accepts: POWER_ACCEPTS.powerCycle, title: 'Power cycle a stacklet' },
] as const;

const power = POWER.map(({ name, what, accepts, title }) => operation({
  name,
  title,
  description: `${title} (by its id, as stacklet_find gives it). Refused while a task runs on it${what === 'cycle' ? '' : what === 'off' ? ' or when it is not running' : ' or when it is not off'}. The price does not change: a stacklet that is off is still billed.`,
  shape: { id },
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    const stacklet = ref.data as s.Stacklet;
    if (!accepts(stacklet)) {
      refuse(ref, 'state', what === 'off' ? l10n.t('Only a running stacklet can be powered off.') : what === 'on' ? l10n.t('Only a stacklet that is off can be powered on.') : l10n.t('Only a running stacklet or one that is off can be power cycled.'), { status: stacklet.status });
    }
    const monthly = stackletPrice(stacklet)?.total;
    const progress = what === 'off' ? l10n.t('Powering off {0}…', ref.name) : what === 'on' ? l10n.t('Powering on {0}…', ref.name) : l10n.t('Power cycling {0}…', ref.name);
    return {
      tool: name,
      resources: [{ ...head(ref), role: 'target' }],
      change: { power: what, ...(monthly !== undefined ? { stillBilledUsd: monthly } : {}) },
      monthlyChangeUsd: 0,
      destroysData: false,
      failure: what === 'off' ? l10n.t('Could not power off {0}', ref.name) : what === 'on' ? l10n.t('Could not power on {0}', ref.name) : l10n.t('Could not power cycle {0}', ref.name),
      progress,
      words: (literal) => what === 'off' ? powerOffWords(literal(ref.name)) : what === 'cycle' ? powerCycleWords(literal(ref.name))
        : { question: l10n.t('Power on {0}?', literal(ref.name)), detail: l10n.t('The estimate counts a stacklet whether it is on or off.'), button: l10n.t('Power On') },
      execute: async () => {
        const request = what === 'off' ? () => ctx.client.powerOff(stacklet.id) : what === 'on' ? () => ctx.client.powerOn(stacklet.id) : () => ctx.client.powerCycle(stacklet.id);
        return answered(ctx, 'stacklet', await send(ctx, progress, request));
      },
    };
  },
}));

const resize = operation({
  name: 'stacklet_resize',
  title: 'Resize a stacklet',
  description: 'Resizes a stacklet to another size (a slug from stacklet_catalog what=sizes). disk=true also grows its disk when the new size has a larger one: permanent, it can never be resized to a size with a smaller disk. Refused while a task runs on it, when it already has that size, or when the size\'s disk is smaller than the stacklet\'s (a disk never shrinks). The plan gives the monthly change.',
  shape: { id, size: text, disk: z.optional(z.boolean()) },
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    const stacklet = ref.data as s.Stacklet;
    const size = await sizeOf(ctx, input.size);
    if (size.slug === stacklet.size.slug) refuse(ref, 'sameSize', l10n.t('It already has this size: pick another.'), { size: size.slug });
    if (size.available === false) throw new AgentInputError('size', l10n.t('is not available now'));
    if (!diskFits(stacklet, size)) {
      refuse(ref, 'smallerDisk', smallerDiskWords(size.slug, formatBytes(size.disk), ref.name, formatBytes(stackletDisk(stacklet))), { size: size.slug, sizeDiskBytes: size.disk, diskBytes: stackletDisk(stacklet) });
    }
    const grows = size.disk > stackletDisk(stacklet);
    const disk = grows && input.disk === true;
    const progress = l10n.t('Resizing {0}…', ref.name);
    return {
      tool: 'stacklet_resize',
      resources: [{ ...head(ref), role: 'target' }],
      change: { size: { from: stacklet.size.slug, to: size.slug }, growsDisk: disk },
      monthlyChangeUsd: resizeChange(stacklet, size),
      destroysData: false,
      failure: l10n.t('Could not resize {0}', ref.name),
      progress,
      words: (literal) => ({ question: l10n.t('Resize {0} to {1}?', literal(ref.name), literal(size.slug)), detail: resizeDiskWords(literal(ref.name), disk), button: button.resize() }),
      execute: async () => answered(ctx, 'stacklet', await send(ctx, progress, () => ctx.client.resizeStacklet(stacklet.id, size.slug, grows ? disk : undefined))),
    };
  },
});

const snapshot = operation({
  name: 'stacklet_snapshot',
  title: 'Take a snapshot of a stacklet',
  description: 'Takes a snapshot of a stacklet, named name; the snapshot appears when the task ends. Refused while a task runs on it. The service gives no price for snapshots.',
  shape: { id, name: text },
  plan: async (ctx, input) => {
    check('name', checkName(input.name, 'name'));
    const ref = await idle(ctx, 'stacklet', input.id);
    const progress = l10n.t('Taking a snapshot of {0}…', ref.name);
    return {
      tool: 'stacklet_snapshot',
      resources: [{ ...head(ref), role: 'target' }, { kind: 'snapshot', name: input.name, role: 'new' }],
      change: { snapshot: input.name },
      monthlyChangeUsd: undefined,
      destroysData: false,
      failure: l10n.t('Could not take a snapshot of {0}', ref.name),
      progress,
      words: (literal) => ({
        question: l10n.t('Take a snapshot of {0}?', literal(ref.name)),
        detail: `${l10n.t('The snapshot is named {0}.', literal(input.name))} ${l10n.t('The service gives no price for snapshots: the estimate leaves them out.')}`,
        button: l10n.t('Take Snapshot'),
      }),
      execute: async () => answered(ctx, 'stacklet', await send(ctx, progress, () => ctx.client.snapshotStacklet(Number(ref.id), input.name)), ['snapshot']),
    };
  },
});

const tag = operation({
  name: 'stacklet_tag',
  title: 'Tag a stacklet',
  description: 'Adds a tag to a stacklet (a new tag is made). Refused when it already carries it.',
  shape: { id, tag: text },
  plan: async (ctx, input) => {
    check('tag', checkTagName(input.tag, 'tag'));
    const ref = await resolve(ctx, 'stacklet', String(input.id));
    const stacklet = ref.data as s.Stacklet;
    if (hasTag(stacklet, input.tag)) refuse(ref, 'alreadyTagged', l10n.t('It already carries this tag.'), { tag: input.tag });
    const progress = l10n.t('Tagging {0} with "{1}"…', ref.name, input.tag);
    return {
      tool: 'stacklet_tag',
      resources: [{ ...head(ref), role: 'target' }],
      change: { addTag: input.tag },
      monthlyChangeUsd: 0,
      destroysData: false,
      failure: l10n.t('Could not tag {0} with "{1}"', ref.name, input.tag),
      progress,
      words: (literal) => ({ question: l10n.t('Tag {0} with "{1}"?', literal(ref.name), literal(input.tag)), detail: '', button: l10n.t('Add Tag') }),
      execute: async () => answered(ctx, 'stacklet', await send(ctx, progress, () => tagStacklet(ctx.client, stacklet, input.tag)), ['tag']),
    };
  },
});

const untag = operation({
  name: 'stacklet_untag',
  title: 'Untag a stacklet',
  description: 'Takes a tag off a stacklet. Refused when it does not carry it.',
  shape: { id, tag: text },
  plan: async (ctx, input) => {
    const ref = await resolve(ctx, 'stacklet', String(input.id));
    const stacklet = ref.data as s.Stacklet;
    if (!hasTag(stacklet, input.tag)) refuse(ref, 'notTagged', l10n.t('It does not carry this tag.'), { tag: input.tag, tags: stacklet.tags });
    const progress = l10n.t('Removing tag {0} from {1}…', input.tag, ref.name);
    return {
      tool: 'stacklet_untag',
      resources: [{ ...head(ref), role: 'target' }],
      change: { removeTag: input.tag },
      monthlyChangeUsd: 0,
      destroysData: false,
      failure: l10n.t('Could not remove tag {0} from {1}', input.tag, ref.name),
      progress,
      words: (literal) => ({ question: l10n.t('Remove tag {0} from {1}?', literal(input.tag), literal(ref.name)), detail: '', button: l10n.t('Remove Tag') }),
      execute: async () => {
        await send(ctx, progress, () => ctx.client.untagStacklet(input.tag, stacklet.id));
        ctx.store.invalidate('stacklet', 'tag');
        return { sent: true, resource: head(ref), tags: stacklet.tags.filter((t) => t !== input.tag) };
      },
    };
  },
});

const attachFirewall = operation({
  name: 'stacklet_attach_firewall',
  title: 'Attach a firewall to a stacklet',
  description: 'Puts a stacklet behind a firewall (its id, from stacklet_find kind=firewall). A stacklet has one firewall: one behind another moves. Refused while a task runs on it or when it is behind that firewall already.',
  shape: { id, firewall: text },
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'stacklet', input.id);
    const stacklet = ref.data as s.Stacklet;
    const firewall = await resolve(ctx, 'firewall', input.firewall, 'firewall');
    if (stacklet.firewall_uuid === firewall.id) refuse(ref, 'alreadyBehind', l10n.t('It is behind this firewall already.'), { firewall: head(firewall) });
    const previous = stacklet.firewall_uuid ? await resolve(ctx, 'firewall', stacklet.firewall_uuid).catch(() => undefined) : undefined;
    const progress = l10n.t('Attaching {0} to firewall {1}…', ref.name, firewall.name);
    return {
      tool: 'stacklet_attach_firewall',
      resources: [{ ...head(ref), role: 'target' }, { ...head(firewall), role: 'firewall' }, ...(previous ? [{ ...head(previous), role: 'leaves firewall' as const }] : [])],
      change: { firewall: { from: previous?.id ?? null, to: firewall.id } },
      monthlyChangeUsd: 0,
      destroysData: false,
      failure: l10n.t('Could not attach {0} to firewall {1}', ref.name, firewall.name),
      progress,
      words: (literal) => ({
        question: l10n.t('Attach {0} to firewall {1}?', literal(ref.name), literal(firewall.name)),
        detail: l10n.t('A stacklet has one firewall: those behind another move to {0}, and its rules apply to them from now on.', literal(firewall.name)),
        button: button.attach(),
      }),
      execute: async () => {
        await send(ctx, progress, () => ctx.client.addFirewallStacklets(String(firewall.id), [stacklet.id]));
        ctx.store.invalidate('stacklet', 'firewall');
        return { sent: true, resource: head(ref), firewall: head(firewall) };
      },
    };
  },
});

const RENAMABLE = ['stacklet', 'volume', 'snapshot', 'cluster', 'firewall', 'vpc'] as const;
type Renamable = (typeof RENAMABLE)[number];

/** The rename request of each kind that takes one. */
function renameRequest(ctx: WriteContext, ref: ResourceRef, name: string): () => Promise<unknown> {
  const kind = ref.kind as Renamable;
  const key = String(ref.id);
  switch (kind) {
    case 'stacklet': return () => ctx.client.renameStacklet(Number(key), name);
    case 'volume': return () => ctx.client.renameVolume(key, name);
    case 'snapshot': return () => ctx.client.renameSnapshot(Number(key), name);
    case 'cluster': return () => ctx.client.renameKubernetesCluster(key, name);
    case 'firewall': return () => ctx.client.renameFirewall(key, name);
    case 'vpc': return () => ctx.client.renameVpc(key, name);
  }
}

const rename = operation({
  name: 'stacklet_rename',
  title: 'Rename a resource',
  description: `Renames a resource of kind ${RENAMABLE.join(', ')}. A stacklet's name is also its hostname. Refused while a task runs on it or when it has that name.`,
  shape: { kind: z.enum(RENAMABLE), id, name: text },
  plan: async (ctx, input) => {
    check('name', input.kind === 'stacklet' ? checkHostname(input.name, 'name') : checkName(input.name, 'name'));
    const ref = await idle(ctx, input.kind, input.id) as ResourceRef;
    if (ref.name === input.name) refuse(ref, 'sameName', l10n.t('It has this name already.'));
    const progress = l10n.t('Renaming {0}…', ref.name);
    return {
      tool: 'stacklet_rename',
      resources: [{ ...head(ref), role: 'target' }],
      change: { name: { from: ref.name, to: input.name } },
      monthlyChangeUsd: 0,
      destroysData: false,
      failure: l10n.t('Could not rename {0}', ref.name),
      progress,
      words: (literal) => ({ question: l10n.t('Rename {0} to {1}?', literal(ref.name), literal(input.name)), detail: '', button: button.rename() }),
      execute: async () => {
        const answer = await send(ctx, progress, renameRequest(ctx, ref, input.name));
        const item = answer && typeof answer === 'object' ? answer : { ...(ref.data as object), name: input.name };
        return answered(ctx, input.kind, item as never);
      },
    };
  },
});

/** An image by its slug: a distribution's or an application's. */
async function imageOf(ctx: WriteContext, slug: string): Promise<{ slug: string; extra_price?: number | string | null | undefined }> {
  const images = (await ctx.store.get('distribution')).items.flatMap((distribution) => distribution.images);
  const image = images.find((item) => item.slug === slug) ?? (await ctx.store.get('application')).items.find((item) => item.slug === slug);
  if (!image) throw new AgentInputError('image', l10n.t('is not an image the service offers'));
  return image;
}

const createStacklet = operation({
  name: 'stacklet_create',
  title: 'Create a stacklet',
  description: 'Creates a stacklet: name (also its hostname), region, size and image (slugs from stacklet_catalog), and tags. The plan gives its monthly estimate. Refused when the account\'s limit leaves no stacklet to create.',
  shape: { name: text, region: text, size: text, image: text, tags: z.optional(z.array(text).check(z.maxLength(20))) },
  plan: async (ctx, input) => {
    check('name', checkHostname(input.name, 'name'));
    (input.tags ?? []).forEach((t, i) => check(`tags.${i}`, checkTagName(t, 'tag')));
    const region = (await ctx.store.get('region')).items.find((item) => item.slug === input.region);
    if (!region) throw new AgentInputError('region', l10n.t('is not a region the service offers'));
    if (region.available === false) throw new AgentInputError('region', l10n.t('is not available now'));
    const size = await sizeOf(ctx, input.size);
    if (size.available === false) throw new AgentInputError('size', l10n.t('is not available now'));
    const image = await imageOf(ctx, input.image);
    await withinLimit(ctx, 'stacklet', input.name);
    const monthly = stackletPrice({ size, distribution: { image } } as never)?.total;
    const progress = l10n.t('Creating {0}…', input.name);
    return {
      tool: 'stacklet_create',
      resources: [{ kind: 'stacklet', name: input.name, role: 'new' }],
      change: { create: { name: input.name, region: region.slug, size: size.slug, image: image.slug, tags: input.tags ?? [] } },
      monthlyChangeUsd: monthly,
      destroysData: false,
      failure: l10n.t('Could not create {0}', input.name),
      progress,
      words: (literal) => ({
        question: l10n.t('Create stacklet {0}?', literal(input.name)),
        detail: l10n.t('{0} in {1}, from {2}.', literal(size.slug), literal(region.slug), literal(image.slug)),
        button: button.create(),
      }),
      execute: async () => {
        const body = { name: input.name, region: region.slug, size: size.slug, image: image.slug, ...(input.tags?.length ? { tags: input.tags } : {}) };
        const made = await send(ctx, progress, () => ctx.client.createStacklet(body));
        return answered(ctx, 'stacklet', made, ['tag', ...staleAfterCreate('stacklet', made)]);
      },
    };
  },
});

const createVolume = operation({
  name: 'stacklet_create_volume',
  title: 'Create a volume on a stacklet',
  description: 'Creates a volume of sizeGigabytes (1 to 16384) attached to a stacklet, in its region. Refused while a task runs on the stacklet, when it has a volume already (a stacklet takes one), when its region offers no volumes or when the account\'s limit leaves no volume to create. The service gives no price for volumes.',
  shape: { stacklet: id, name: text, sizeGigabytes: z.int() },
  plan: async (ctx, input) => {
    check('name', checkName(input.name, 'name'));
    check('sizeGigabytes', checkVolumeSize(input.sizeGigabytes, 0, 'sizeGigabytes'));
    const ref = await idle(ctx, 'stacklet', input.stacklet, 'stacklet');
    const stacklet = ref.data as s.Stacklet;
    if (stacklet.volume_uuid) refuse(ref, 'hasVolume', l10n.t('It has a volume already: a stacklet takes one.'), { volume: stacklet.volume_uuid });
    if (!regionOffersVolumes(stacklet)) refuse(ref, 'noVolumes', l10n.t('Its region offers no volumes.'), { region: stacklet.region.slug });
    await withinLimit(ctx, 'volume', input.name);
    const progress = l10n.t('Creating volume {0}…', input.name);
    return {
      tool: 'stacklet_create_volume',
      resources: [{ ...head(ref), role: 'stacklet' }, { kind: 'volume', name: input.name, role: 'new' }],
      change: { create: { name: input.name, sizeGigabytes: input.sizeGigabytes, region: stacklet.region.slug } },
      monthlyChangeUsd: undefined,
      destroysData: false,
      failure: l10n.t('Could not create volume {0}', input.name),
      progress,
      words: (literal) => ({
        question: l10n.t('Create volume {0} ({1} GB) on {2}?', literal(input.name), input.sizeGigabytes, literal(ref.name)),
        detail: l10n.t('It is made in {0}, the region of {1}, and attached to it.', literal(stacklet.region.slug), literal(ref.name)),
        button: button.create(),
      }),
      execute: async () => {
        const body = { name: input.name, stacklet_id: stacklet.id, size_gigabytes: input.sizeGigabytes };
        const made = await send(ctx, progress, () => ctx.client.createVolume(body));
        return answered(ctx, 'volume', made, ['stacklet', ...staleAfterCreate('volume', made)]);
      },
    };
  },
});

/** The change with every address (service text, or the model's) in the edge's literal form, for the confirmation. */
function literalChange(change: FirewallChange, literal: Literal): FirewallChange {
  const rules = (list: readonly NormalRule[]) => list.map((rule) => ({ ...rule, address: literal(rule.address) }));
  const side = (diff: FirewallChange['inbound']) => ({ added: rules(diff.added), removed: rules(diff.removed) });
  return { ...change, inbound: side(change.inbound), outbound: side(change.outbound) };
}

/** The stacklets a firewall protects, by name and ID (the ID alone for one the listing does not have). */
async function behind(ctx: WriteContext, firewall: s.Firewall): Promise<PlannedResource[]> {
  const listed = await ctx.store.get('stacklet').then((listing) => listing.items, () => []);
  return firewall.resources.stacklet_ids.map((stackletId) => ({ kind: 'stacklet', id: stackletId, name: listed.find((item) => item.id === stackletId)?.name ?? String(stackletId), role: 'stacklet' }));
}

const setFirewallRules = operation({
  name: 'stacklet_set_firewall_rules',
  title: 'Change a firewall\'s rules',
  description: 'Proposes a firewall\'s whole rules document: inbound_rules and outbound_rules, each rule { address (IPv4 or CIDR), port (omit for all), protocol (tcp, udp, icmp; omit for all) }. The plan gives the difference to its current rules (rules added and removed); what is not in the document is removed. Refused when nothing changes.',
  shape: { id: text, inbound_rules: z.array(FirewallRuleDocument), outbound_rules: z.array(FirewallRuleDocument) },
  plan: async (ctx, input) => {
    const ref = await resolve(ctx, 'firewall', input.id);
    const firewall = await ctx.client.getFirewall(String(ref.id));
    const change = diffFirewall(firewallState(firewall), { name: firewall.name, inbound_rules: input.inbound_rules, outbound_rules: input.outbound_rules, stacklet_ids: undefined });
    if (isEmptyChange(change)) refuse(ref, 'unchanged', l10n.t('These are its rules already: nothing would change.'));
    const progress = l10n.t('Applying {0}…', ref.name);
    return {
      tool: 'stacklet_set_firewall_rules',
      resources: [{ ...head(ref), role: 'target' }, ...await behind(ctx, firewall)],
      change: { inbound: change.inbound, outbound: change.outbound },
      monthlyChangeUsd: 0,
      destroysData: false,
      failure: l10n.t('Could not change the rules of firewall {0}', ref.name),
      progress,
      words: (literal) => ({
        question: applyQuestion(`${l10n.t('firewall')} ${literal(ref.name)}`),
        detail: describeFirewallChange(literalChange(change, literal)).join('\n'),
        button: button.apply(),
      }),
      execute: async () => {
        const outcome = await send(ctx, progress, () => runSteps(firewallSteps(change, ctx.client, String(ref.id))));
        ctx.store.invalidate('firewall');
        if (!isComplete(outcome)) throw new Error(outcome.failed?.message ?? outcome.unsupported.map((u) => u.message).join('; '));
        return { sent: true, resource: head(ref), applied: outcome.applied };
      },
    };
  },
});

const DELETABLE = ['stacklet', 'volume', 'snapshot', 'backup', 'cluster'] as const;
type Deletable = (typeof DELETABLE)[number];

/** The words of a deletion (the UI's), the text to type, and the request, for each kind. */
function deletion(ctx: WriteContext, ref: ResourceRef, kept: readonly ResourceRef[]): { typed: string; words: (literal: Literal) => ConfirmationWords; request: () => Promise<unknown> } {
  const kind = ref.kind as Deletable;
  const typedName = (words: { title: string; loss: string }, literal: Literal) => ({ question: words.title, detail: typeNamePrompt(words.loss, literal(typeableText(ref.name))), button: button.delete() });
  switch (kind) {
    case 'stacklet': {
      const stays = (literal: Literal) => kept.map((extra) => extraWords(extra.kind as 'volume' | 'snapshot', literal(extra.name)));
      return {
        typed: ref.name,
        // As Delete Stacklet asks it, with nothing checked to go along: its volumes and snapshots stay.
        words: (literal) => ({
          question: stackletDeletionTitle(literal(ref.name)),
          detail: typeToConfirm(whatGoesAndStays(literal(ref.name), [], stays(literal)) + costSentence(ref), literal(typeableText(ref.name))),
          button: button.delete(),
        }),
        request: () => ctx.client.deleteStacklet(Number(ref.id)),
      };
    }
    case 'volume': {
      const volume = ref.data as s.Volume;
      return { typed: ref.name, words: (literal) => typedName(volumeDeletionWords(literal(ref.name), volume.size_gigabytes), literal), request: () => ctx.client.deleteVolume(volume.id) };
    }
    case 'snapshot': {
      const snap = ref.data as s.Snapshot;
      return { typed: ref.name, words: (literal) => typedName(snapshotDeletionWords(literal(ref.name), snap.regions.map(literal)), literal), request: () => ctx.client.deleteSnapshot(snap.id) };
    }
    case 'cluster': {
      const cluster = ref.data as s.KubernetesCluster;
      return {
        typed: ref.name,
        words: (literal) => {
          const words = clusterDeletionWords(literal(ref.name), nodeCount(cluster));
          return typedName({ ...words, loss: words.loss + costSentence(ref) }, literal);
        },
        request: () => ctx.client.deleteKubernetesCluster(cluster.uuid),
      };
    }
    case 'backup': {
      const backup = ref.data as s.Backup;
      return {
        typed: String(backup.id),
        words: (literal) => {
          const words = backupDeletionWords(literal(ref.name), String(backup.id));
          return { question: words.title, detail: words.loss, button: button.delete() };
        },
        request: () => ctx.client.deleteBackup(backup.id),
      };
    }
  }
}

/** A stacklet's volumes and snapshots, which a deletion through a tool leaves (as the UI's, unless checked there). */
async function keptWith(ctx: WriteContext, stacklet: s.Stacklet): Promise<ResourceRef[]> {
  const [volumes, snapshots] = await Promise.all([ctx.store.get('volume').catch(() => undefined), ctx.store.get('snapshot').catch(() => undefined)]);
  return [
    ...(volumes?.items ?? []).filter((v) => v.stacklet?.id === stacklet.id || v.id === stacklet.volume_uuid).map((v) => refTo('volume', v) as ResourceRef),
    ...(snapshots?.items ?? []).filter((snap) => stacklet.snapshot_ids.includes(snap.id) || snap.stacklet?.id === stacklet.id).map((snap) => refTo('snapshot', snap) as ResourceRef),
  ];
}

const deleteResource = operation({
  name: 'stacklet_delete',
  title: 'Delete a resource',
  description: `Deletes a resource of kind ${DELETABLE.join(', ')}: this destroys data, so the user is asked to type its name (a backup's ID) before it is sent. A stacklet goes with its disk; its volumes and snapshots stay. Refused while a task runs on it, and for a volume still attached to a stacklet (detach it first). The plan gives the monthly change.`,
  shape: { kind: z.enum(DELETABLE), id },
  plan: async (ctx, input) => {
    const ref = await idle(ctx, input.kind, input.id) as ResourceRef;
    if (ref.kind === 'volume') {
      const attached = (ref.data as s.Volume).stacklet;
      if (attached) {
        refuse(ref, 'attached', volumeAttachedWords(l10n.t('The volume'), l10n.t('a stacklet')), { attachedTo: { kind: 'stacklet', id: attached.id ?? null, name: attached.name ?? null } });
      }
    }
    const kept = ref.kind === 'stacklet' ? await keptWith(ctx, ref.data as s.Stacklet) : [];
    const { typed, words, request } = deletion(ctx, ref, kept);
    const failure = ref.kind === 'stacklet' ? l10n.t('Could not delete {0}', ref.name) : ref.kind === 'volume' ? l10n.t('Could not delete volume {0}', ref.name)
      : ref.kind === 'snapshot' ? l10n.t('Could not delete snapshot {0}', ref.name) : ref.kind === 'cluster' ? l10n.t('Could not delete cluster {0}', ref.name) : l10n.t('Could not delete backup {0}', ref.name);
    const progress = l10n.t('Deleting {0}…', ref.name);
    return {
      tool: 'stacklet_delete',
      resources: [{ ...head(ref), role: 'target' }, ...kept.map((extra) => ({ ...head(extra), role: 'stays' as const }))],
      change: { delete: head(ref) },
      monthlyChangeUsd: deletionChangeOf(ref),
      destroysData: true,
      typed,
      words,
      failure,
      progress,
      execute: async () => {
        await send(ctx, progress, request);
        ctx.store.invalidate(ref.kind as ListingKind, ...staleAfterDelete<Kind>(ref.kind, ref.data as never));
        return { sent: true, deleted: head(ref) };
      },
    };
  },
});

/** Every write operation, in the order a tool list shows them. */
export const WRITE_OPERATIONS: readonly WriteOperation[] = [
  ...power, resize, snapshot, tag, untag, attachFirewall, rename, createStacklet, createVolume, setFirewallRules, deleteResource,
];

/** The plan of the operation `name` for the agent's input (refused as AgentInputError or AgentRefusal). */
export async function planWrite(ctx: WriteContext, name: string, raw: unknown): Promise<WritePlan> {
  const op = WRITE_OPERATIONS.find((candidate) => candidate.name === name);
  if (!op) throw new AgentInputError('tool', l10n.t('is not a write tool'));
  return op.plan(ctx, parsed(op, raw));
}
