/**
 * Snapshots (list, get, delete, actions transfer and rename, both as tasks) and the read-only backups list.
 */
import { SnapshotActionBody } from '../../api/requests';
import { intParam, requireIdle, requireRegion } from '../stateChecks';
import { startTask, type Ctx, type Handler } from '../context';
import { ApiError } from '../errors';
import { noContent, ok, type Reply, type Router } from '../http';
import type { SnapshotRec } from '../records';
import { removeValue } from '../links';
import { listReply } from '../pagination';
import { TASKS } from '../tasks';
import { parseBody } from '../issueMessages';

function requireSnapshot(ctx: Ctx): SnapshotRec {
  const raw = ctx.params['id']!;
  const id = intParam(raw);
  const snapshot = id === undefined ? undefined : ctx.account.snapshots.get(id);
  if (!snapshot) throw ApiError.notFound('snapshot', raw);
  return snapshot;
}

function act(ctx: Ctx): Reply {
  const snapshot = requireSnapshot(ctx);
  const action = parseBody(SnapshotActionBody, ctx.body);
  requireIdle('snapshot', snapshot.id, snapshot);
  if (action.action === 'transfer') {
    const region = requireRegion('region', action.region);
    if (snapshot.regions.includes(region.slug)) throw ApiError.field('region', `snapshot ${snapshot.id} is already in ${region.slug}`);
    startTask(ctx, snapshot, TASKS.snapshotTransfer, () => {
      if (!snapshot.regions.includes(region.slug)) snapshot.regions.push(region.slug);
    });
  } else {
    const name = action.name;
    startTask(ctx, snapshot, TASKS.snapshotRename, () => {
      snapshot.name = name;
    });
  }
  ctx.applied(`snapshot.${action.action}`);
  return ok({ snapshot });
}

function remove(ctx: Ctx): Reply {
  const snapshot = requireSnapshot(ctx);
  requireIdle('snapshot', snapshot.id, snapshot);
  ctx.account.snapshots.delete(snapshot.id);
  const stacklet = ctx.account.stacklets.get(snapshot.stacklet.id);
  if (stacklet) removeValue(stacklet.snapshot_ids, snapshot.id);
  ctx.applied('snapshot.delete');
  return noContent();
}

export function registerSnapshots(router: Router<Handler>): void {
  router
    .add('GET', '/v1/snapshots', (ctx) => listReply('snapshots', ctx.account.snapshots.all(), ctx.query, ctx.config.quirks))
    .add('GET', '/v1/snapshots/:id', (ctx) => ok({ snapshot: requireSnapshot(ctx) }))
    .add('POST', '/v1/snapshots/:id', act)
    .add('DELETE', '/v1/snapshots/:id', remove)
    .add('GET', '/v1/backups', (ctx) => listReply('backups', ctx.account.backups.all(), ctx.query, ctx.config.quirks));
}
