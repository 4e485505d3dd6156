/**
 * Volumes: list (?region), get, delete, create on a stacklet (the region follows the stacklet), and the
 * PUT actions attach, detach, resize and rename, each a task whose effect lands when it ends.
 */
import { CreateVolumeBody, VolumeActionBody } from '../../api/requests';
import { checkVolumeSize } from '../../api/validators';
import { requireIdle, requireRecord, requireRegionFeature, requireWithinLimit } from '../stateChecks';
import { startTask, type Ctx, type Handler } from '../context';
import { ApiError } from '../errors';
import { created, noContent, ok, type Reply, type Router } from '../http';
import { setAttachTarget, volumeTaskOn } from '../links';
import type { StackletRec, VolumeRec } from '../records';
import { listReply } from '../pagination';
import { makeVolume, stackletRef } from '../recordBuilders';
import type { Account } from '../world';
import { TASKS } from '../tasks';
import { parseBody } from '../issueMessages';
import { GiB } from '../catalog';

const requireVolume = (ctx: Ctx): VolumeRec => requireRecord(ctx.account.volumes, 'volume', ctx.params['id'], ctx.params['id']!);

function ownStacklet(account: Account, id: number): StackletRec {
  const stacklet = account.stacklets.get(id);
  if (!stacklet) throw ApiError.field('stacklet_id', `stacklet ${id} not found`);
  return stacklet;
}

/** A stacklet that is running a task, or has a volume task touching it, cannot take a volume change now. */
function requireStackletFree(account: Account, stacklet: StackletRec): void {
  requireIdle('stacklet', stacklet.id, stacklet);
  const volumeTask = volumeTaskOn(account, stacklet.id);
  if (volumeTask) throw ApiError.busy('stacklet', stacklet.id, `volume ${volumeTask}`);
}

function requireNoVolume(stacklet: StackletRec): void {
  if (stacklet.volume_uuid) throw ApiError.field('stacklet_id', `stacklet ${stacklet.id} already has volume ${stacklet.volume_uuid} attached`);
}

function list(ctx: Ctx): Reply {
  // The specification ties the region filter to a /v2 prefix: with the quirk on, /v1 ignores it.
  const region = ctx.config.quirks.ignoreVolumeRegion ? null : ctx.query.get('region');
  const keep = region === null ? undefined : (v: VolumeRec): boolean => v.region.slug === region;
  return listReply('volumes', ctx.account.volumes.all(), ctx.query, ctx.config.quirks, keep);
}

function create(ctx: Ctx): Reply {
  const body = parseBody(CreateVolumeBody, ctx.body);
  const stacklet = ownStacklet(ctx.account, body.stacklet_id);
  requireRegionFeature('stacklet_id', stacklet.region, 'volumes');
  requireNoVolume(stacklet);
  requireStackletFree(ctx.account, stacklet);
  requireWithinLimit(ctx.account, 'volume', 'name', 1);
  const volume = makeVolume(ctx.world, { name: body.name, sizeGb: body.size_gigabytes, region: stacklet.region, stacklet });
  ctx.account.volumes.add(volume);
  stacklet.volume_uuid = volume.id;
  startTask(ctx, volume, TASKS.volumeCreate, () => undefined);
  ctx.applied('volume.create');
  return created({ volume });
}

function act(ctx: Ctx): Reply {
  const volume = requireVolume(ctx);
  const action = parseBody(VolumeActionBody, ctx.body);
  requireIdle('volume', volume.id, volume);
  const account = ctx.account;
  switch (action.action) {
    case 'attach': {
      const stacklet = ownStacklet(account, action.stacklet_id);
      if (volume.stacklet) throw ApiError.field('stacklet_id', `volume ${volume.id} is already attached to stacklet ${volume.stacklet.id}`);
      if (stacklet.region.slug !== volume.region.slug) {
        throw ApiError.field('stacklet_id', `stacklet ${stacklet.id} is in ${stacklet.region.slug}; the volume is in ${volume.region.slug}`);
      }
      requireNoVolume(stacklet);
      requireStackletFree(account, stacklet);
      setAttachTarget(volume, stacklet.id);
      startTask(ctx, volume, TASKS.volumeAttach, () => {
        setAttachTarget(volume, undefined);
        // The stacklet cannot be deleted while this runs (it is busy with a volume task), but stay defensive.
        if (account.stacklets.get(stacklet.id) !== stacklet || stacklet.volume_uuid) return;
        volume.stacklet = stackletRef(stacklet);
        stacklet.volume_uuid = volume.id;
      });
      break;
    }
    case 'detach': {
      if (!volume.stacklet) throw ApiError.field('action', `volume ${volume.id} is not attached`);
      const attachedId = volume.stacklet.id;
      if (action.stacklet_id !== undefined && action.stacklet_id !== attachedId) {
        throw ApiError.field('stacklet_id', `volume ${volume.id} is attached to stacklet ${attachedId}, not ${action.stacklet_id}`);
      }
      const stacklet = account.stacklets.get(attachedId);
      if (stacklet) requireIdle('stacklet', stacklet.id, stacklet);
      startTask(ctx, volume, TASKS.volumeDetach, () => {
        volume.stacklet = null;
        if (stacklet?.volume_uuid === volume.id) stacklet.volume_uuid = null;
      });
      break;
    }
    case 'resize': {
      const problem = checkVolumeSize(action.size_gigabytes, volume.size_gigabytes);
      if (problem) throw ApiError.field('size_gigabytes', problem.replace(/^size_gigabytes /, ''));
      const sizeGb = action.size_gigabytes;
      startTask(ctx, volume, TASKS.volumeResize, () => {
        volume.size_gigabytes = sizeGb;
        volume.size = sizeGb * GiB;
      });
      break;
    }
    case 'rename': {
      const name = action.name;
      startTask(ctx, volume, TASKS.volumeRename, () => {
        volume.name = name;
      });
      break;
    }
  }
  ctx.applied(`volume.${action.action}`);
  return ok({ volume });
}

function remove(ctx: Ctx): Reply {
  const volume = requireVolume(ctx);
  requireIdle('volume', volume.id, volume);
  if (volume.stacklet) {
    throw new ApiError(422, 'unprocessable_entity', `volume ${volume.id} is attached to stacklet ${volume.stacklet.id}; detach it first`);
  }
  ctx.account.volumes.delete(volume.id);
  ctx.applied('volume.delete');
  return noContent();
}

export function registerVolumes(router: Router<Handler>): void {
  router
    .add('GET', '/v1/volumes', list)
    .add('POST', '/v1/volumes', create)
    .add('GET', '/v1/volumes/:id', (ctx) => ok({ volume: requireVolume(ctx) }))
    .add('PUT', '/v1/volumes/:id', act)
    .add('DELETE', '/v1/volumes/:id', remove);
}
