/**
 * Stacklets: list (filters tag_name, region), get, create (one `name` or several `names`), delete, the
 * actions of POST /v1/stacklets/:id, and the stacklet's snapshots. Every action runs as a task: the stacklet
 * is `inactive` while it runs and the effect lands when it ends.
 */
import { CreateStackletBody, StackletActionBody } from '../../api/requests';
import { checkVolumeSize } from '../../api/validators';
import { defaultImage } from '../catalog';
import { findAccountImage, imageDiskBytes, imageRegions, gb, requireIdle, requireImageFitsSize, requireProject, requireRegion, requireRegionFeature, requireSize, requireStacklet, requireWithinLimit, resolveImage, type ResolvedImage } from '../stateChecks';
import { startTask, type Ctx, type Handler } from '../context';
import { ApiError } from '../errors';
import { created, noContent, ok, type Reply, type Router } from '../http';
import type { StackletRec, VolumeRec } from '../records';
import { listReply } from '../pagination';
import { distributionOf, imageOrigin, makeImage, makeStacklet, makeVolume, privateV4, stackletRef } from '../recordBuilders';
import { TASKS, type TaskSpec } from '../tasks';
import { attachFirewall, detachStackletEverywhere, volumeTaskOn } from '../links';
import { parseBody } from '../issueMessages';

function list(ctx: Ctx): Reply {
  const tag = ctx.query.get('tag_name');
  const region = ctx.query.get('region');
  // Filtering is the only work proportional to the account; an unfiltered page is a slice.
  const keep =
    tag === null && region === null
      ? undefined
      : (s: StackletRec): boolean => (tag === null || s.tags.includes(tag)) && (region === null || s.region.slug === region);
  return listReply('stacklets', ctx.account.stacklets.all(), ctx.query, ctx.config.quirks, keep);
}

/** The distribution (and application) a stacklet gets from an image. */
function imageEffect(resolved: ResolvedImage): Pick<StackletRec, 'distribution' | 'application'> {
  if (resolved.kind === 'account') {
    const fallback = defaultImage();
    return {
      distribution: imageOrigin(resolved.image)?.distribution ?? distributionOf(fallback.distribution.name, fallback.image),
      application: null,
    };
  }
  const image = resolved.image;
  return {
    distribution: distributionOf(image.distribution.name, image.image),
    application: image.kind === 'application' ? { id: image.application.id, name: image.application.name, slug: image.application.slug } : null,
  };
}

function create(ctx: Ctx): Reply {
  const body = parseBody(CreateStackletBody, ctx.body);
  const account = ctx.account;
  const names = body.names ?? [body.name!];
  const nameField = body.names ? 'names' : 'name';

  // Everything is checked before anything is created: a refused request leaves no half-made stacklets.
  const size = requireSize('size', body.size);
  const region = requireRegion('region', body.region);
  const image = resolveImage(account, 'image', body.image);
  requireImageFitsSize('size', image, size);
  if (image.kind === 'account' && !imageRegions(image.image).includes(region.slug)) {
    throw ApiError.field('image', `image ${image.image.id} is not available in ${region.slug} (it is in ${imageRegions(image.image).join(', ')})`);
  }
  requireProject(account, body.project_uuid);
  requireWithinLimit(account, 'stacklet', nameField, names.length);
  const vpc = body.vpc_uuid === undefined ? undefined : account.vpcs.get(body.vpc_uuid);
  if (body.vpc_uuid !== undefined) {
    if (!vpc) throw ApiError.field('vpc_uuid', `vpc ${body.vpc_uuid} not found`);
    if (vpc.region.slug !== region.slug) throw ApiError.field('vpc_uuid', `vpc ${vpc.uuid} is in ${vpc.region.slug}, not ${region.slug}`);
  }
  const firewall = body.firewall_uuid === undefined ? undefined : account.firewalls.get(body.firewall_uuid);
  if (body.firewall_uuid !== undefined && !firewall) throw ApiError.field('firewall_uuid', `firewall ${body.firewall_uuid} not found`);
  if (body.userdata_uuid !== undefined && !account.userdata.get(body.userdata_uuid)) {
    throw ApiError.field('userdata_uuid', `userdata ${body.userdata_uuid} not found`);
  }
  (body.ssh_keys ?? []).forEach((key, i) => {
    const found = typeof key === 'number' ? account.sshKeys.get(key) : account.sshKeys.find((k) => k.fingerprint === key || String(k.id) === key);
    if (!found) throw ApiError.field(`ssh_keys[${i}]`, `SSH key ${key} not found`);
  });
  let existingVolume: VolumeRec | undefined;
  let newVolume: { name?: string | undefined; size_gigabytes: number } | undefined;
  if (body.volume !== undefined) {
    if (names.length > 1) throw ApiError.field('volume', 'one volume cannot be attached to several stacklets');
    requireRegionFeature('region', region, 'volumes');
    if (typeof body.volume === 'string') {
      existingVolume = account.volumes.get(body.volume);
      if (!existingVolume) throw ApiError.field('volume', `volume ${body.volume} not found`);
      if (existingVolume.stacklet || existingVolume.task) throw ApiError.field('volume', `volume ${body.volume} is not free`);
      if (existingVolume.region.slug !== region.slug) throw ApiError.field('volume', `volume ${body.volume} is in ${existingVolume.region.slug}, not ${region.slug}`);
    } else {
      const problem = checkVolumeSize(body.volume.size_gigabytes, 0, 'value');
      if (problem) throw ApiError.field('volume.size_gigabytes', problem.replace(/^value /, ''));
      requireWithinLimit(account, 'volume', 'volume', 1);
      newVolume = body.volume;
    }
  }

  const effect = imageEffect(image);
  const made = names.map((name) => {
    const stacklet = makeStacklet(ctx.world, account, {
      name,
      size,
      region,
      distribution: effect.distribution,
      ...(image.kind === 'catalog' && image.image.kind === 'application' ? { application: image.image.application } : {}),
      tags: [...new Set(body.tags ?? [])],
      status: 'inactive',
      privateNetworking: body.private_networking ?? false,
      backups: body.backups ?? false,
      ...(vpc ? { vpc } : {}),
    });
    account.stacklets.add(stacklet);
    if (vpc) vpc.stacklet_ids.push(stacklet.id);
    if (firewall) attachFirewall(account, firewall, stacklet);
    const volume = existingVolume ?? (newVolume ? makeVolume(ctx.world, { name: newVolume.name ?? `volume-${stacklet.name}`, sizeGb: newVolume.size_gigabytes, region, stacklet: null }) : undefined);
    if (volume) {
      if (!existingVolume) account.volumes.add(volume);
      volume.stacklet = stackletRef(stacklet);
      stacklet.volume_uuid = volume.id;
    }
    startTask(ctx, stacklet, TASKS.stackletCreate, () => {
      stacklet.status = 'active';
    });
    return stacklet;
  });
  ctx.applied('stacklet.create');
  return body.names ? created({ stacklets: made }) : created({ stacklet: made[0] });
}

function remove(ctx: Ctx): Reply {
  const stacklet = requireStacklet(ctx);
  requireIdle('stacklet', stacklet.id, stacklet);
  const volumeTask = volumeTaskOn(ctx.account, stacklet.id);
  if (volumeTask) throw ApiError.busy('stacklet', stacklet.id, `volume ${volumeTask}`);
  detachStackletEverywhere(ctx.account, stacklet);
  ctx.account.stacklets.delete(stacklet.id);
  ctx.applied('stacklet.delete');
  return noContent();
}

interface Plan {
  spec: TaskSpec;
  /** Applied when the task ends. */
  effect: () => void;
  /** Status after the task; the status before the action when omitted. */
  finalStatus?: StackletRec['status'];
}

/** Validates an action against the stacklet and returns what it will do; throws before anything changes. */
function planAction(ctx: Ctx, stacklet: StackletRec, action: ReturnType<typeof parseAction>): Plan {
  const account = ctx.account;
  switch (action.action) {
    case 'resize': {
      const size = requireSize('size', action.size);
      if (size.slug === stacklet.size.slug) throw ApiError.field('size', `stacklet ${stacklet.id} is already size ${size.slug}`);
      if (size.disk < stacklet.disk) {
        throw ApiError.field('size', `size ${size.slug} has a ${gb(size.disk)} GB disk, smaller than the stacklet's ${gb(stacklet.disk)} GB disk`);
      }
      const growDisk = action.disk ?? false;
      return {
        spec: TASKS.resize,
        effect: () => {
          stacklet.size = size;
          stacklet.vcpu = size.vcpu;
          stacklet.memory = size.memory;
          if (growDisk) stacklet.disk = size.disk;
        },
      };
    }
    case 'rebuild': {
      const image = resolveImage(account, 'image', action.image);
      requireImageFitsSize('image', image, stacklet.size);
      const effect = imageEffect(image);
      return { spec: TASKS.rebuild, effect: () => Object.assign(stacklet, effect) };
    }
    case 'enable_private_networking': {
      if (stacklet.networks.v4.some((n) => n.type === 'private')) {
        throw ApiError.field('action', `private networking is already enabled on stacklet ${stacklet.id}`);
      }
      return {
        spec: TASKS.enablePrivateNetworking,
        effect: () => {
          const vpc = stacklet.vpc_uuid ? account.vpcs.get(stacklet.vpc_uuid) : undefined;
          stacklet.networks.v4.push(privateV4(account, stacklet.region, ctx.world.host(), vpc));
        },
      };
    }
    case 'snapshot': {
      const name = action.name;
      return {
        spec: TASKS.snapshot,
        effect: () => {
          const snapshot = account.snapshots.add(makeImage(ctx.world, stacklet, name));
          stacklet.snapshot_ids.push(snapshot.id);
        },
      };
    }
    case 'reset_password':
      if (action.password === undefined && ctx.config.quirks.resetPasswordNeedsPassword) throw ApiError.field('password', 'is required by this service');
      return { spec: TASKS.resetPassword, effect: () => undefined };
    case 'power_on':
      if (stacklet.status === 'active') throw ApiError.field('action', `stacklet ${stacklet.id} is already powered on`);
      return { spec: TASKS.powerOn, effect: () => undefined, finalStatus: 'active' };
    case 'power_off':
      if (stacklet.status === 'off') throw ApiError.field('action', `stacklet ${stacklet.id} is already powered off`);
      return { spec: TASKS.powerOff, effect: () => undefined, finalStatus: 'off' };
    case 'power_cycle':
      return { spec: TASKS.powerCycle, effect: () => undefined, finalStatus: 'active' };
    case 'rename': {
      const name = action.name;
      return {
        spec: TASKS.stackletRename,
        effect: () => {
          stacklet.name = name;
          // The volume's nested stacklet follows the name; snapshots keep the name they were taken under.
          if (stacklet.volume_uuid) {
            const volume = account.volumes.get(stacklet.volume_uuid);
            if (volume?.stacklet) volume.stacklet.name = name;
          }
        },
      };
    }
    case 'restore': {
      const image = findAccountImage(account, action.image_id);
      if (!image) throw ApiError.field('image_id', `no snapshot or backup ${action.image_id} in this account`);
      const needs = imageDiskBytes(image);
      if (needs > stacklet.disk) {
        throw ApiError.field('image_id', `image ${image.id} needs a ${gb(needs)} GB disk; the stacklet has ${gb(stacklet.disk)} GB`);
      }
      const distribution = imageOrigin(image)?.distribution;
      return {
        spec: TASKS.restore,
        effect: () => {
          if (distribution) stacklet.distribution = distribution;
        },
      };
    }
  }
}

const parseAction = (body: unknown) => parseBody(StackletActionBody, body);

function act(ctx: Ctx): Reply {
  const stacklet = requireStacklet(ctx);
  const action = parseAction(ctx.body);
  requireIdle('stacklet', stacklet.id, stacklet);
  const plan = planAction(ctx, stacklet, action);
  const before = stacklet.status === 'inactive' ? 'active' : stacklet.status;
  stacklet.status = 'inactive';
  startTask(ctx, stacklet, plan.spec, () => {
    plan.effect();
    stacklet.status = plan.finalStatus ?? before;
  });
  ctx.applied(`stacklet.${action.action}`);
  return ok({ stacklet });
}

function snapshotsOf(ctx: Ctx): Reply {
  const stacklet = requireStacklet(ctx);
  return listReply('snapshots', ctx.account.snapshots.all(), ctx.query, ctx.config.quirks, (s) => s.stacklet.id === stacklet.id);
}

export function registerStacklets(router: Router<Handler>): void {
  router
    .add('GET', '/v1/stacklets', list)
    .add('POST', '/v1/stacklets', create)
    .add('GET', '/v1/stacklets/:id/snapshots', snapshotsOf)
    .add('GET', '/v1/stacklets/:id', (ctx) => ok({ stacklet: requireStacklet(ctx) }))
    .add('POST', '/v1/stacklets/:id', act)
    .add('DELETE', '/v1/stacklets/:id', remove);
}
