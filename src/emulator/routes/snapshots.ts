/**
 * Snapshots (list, get, delete, actions transfer and rename, both as tasks), and backups (list, delete).
 */
import { SnapshotActionBody } from '../../api/requests';
import { intParam, requireConventionalForm, requireIdle, requireRegion } from '../stateChecks';
import { startTask, type Ctx, type Handler } from '../context';
import { ApiError } from '../errors';
import { noContent, ok, type Reply, type Router } from '../http';
import type { BackupRec, SnapshotRec } from '../records';
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

/** Deletes a snapshot or a backup (idle), and its id from the stacklet it was taken of. */
function removeImage(ctx: Ctx, kind: 'snapshot' | 'backup', image: SnapshotRec | BackupRec): Reply {
  requireIdle(kind, image.id, image);
  (kind === 'snapshot' ? ctx.account.snapshots : ctx.account.backups).delete(image.id);
  const stacklet = ctx.account.stacklets.get(image.stacklet.id);
  if (stacklet) removeValue(kind === 'snapshot' ? stacklet.snapshot_ids : stacklet.backup_ids, image.id);
  ctx.applied(`${kind}.delete`);
  return noContent();
}

/** DELETE /v1/backups/:id (NOT FOUND in the documentation; the conventional form). */
function removeBackup(ctx: Ctx): Reply {
  const raw = ctx.params['id']!;
  requireConventionalForm(ctx, 'DELETE', `/v1/backups/${raw}`);
  const id = intParam(raw);
  const backup = id === undefined ? undefined : ctx.account.backups.get(id);
  if (!backup) throw ApiError.notFound('backup', raw);
  return removeImage(ctx, 'backup', backup);
}

export function registerSnapshots(router: Router<Handler>): void {
  router
    .add('GET', '/v1/snapshots', (ctx) => listReply('snapshots', ctx.account.snapshots.all(), ctx.query, ctx.config.quirks))
    .add('GET', '/v1/snapshots/:id', (ctx) => ok({ snapshot: requireSnapshot(ctx) }))
    .add('POST', '/v1/snapshots/:id', act)
    .add('DELETE', '/v1/snapshots/:id', (ctx) => removeImage(ctx, 'snapshot', requireSnapshot(ctx)))
    .add('GET', '/v1/backups', (ctx) => listReply('backups', ctx.account.backups.all(), ctx.query, ctx.config.quirks))
    .add('DELETE', '/v1/backups/:id', removeBackup);
}
