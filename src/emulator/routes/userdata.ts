/** Userdata scripts: list, get, create, update (name and script), delete. Names are unique per account. */
import { randomUUID } from 'node:crypto';
import { UserdataBody } from '../../api/requests';
import { requireRecord, requireUniqueName } from '../stateChecks';
import type { Ctx, Handler } from '../context';
import { created, noContent, ok, type Reply, type Router } from '../http';
import type { UserdataRec } from '../records';
import { listReply } from '../pagination';
import { parseBody } from '../issueMessages';

const uuidOf = (u: UserdataRec): string => u.uuid;
const requireUserdata = (ctx: Ctx): UserdataRec => requireRecord(ctx.account.userdata, 'userdata', ctx.params['uuid'], ctx.params['uuid']!);

function create(ctx: Ctx): Reply {
  const body = parseBody(UserdataBody, ctx.body);
  requireUniqueName(ctx.account.userdata, 'userdata', body.name, uuidOf);
  const userdata: UserdataRec = { uuid: randomUUID(), name: body.name, userdata: body.userdata, created_at: ctx.world.timestamp() };
  ctx.account.userdata.add(userdata);
  ctx.applied('userdata.create');
  return created({ userdata });
}

function update(ctx: Ctx): Reply {
  const userdata = requireUserdata(ctx);
  const body = parseBody(UserdataBody, ctx.body);
  requireUniqueName(ctx.account.userdata, 'userdata', body.name, uuidOf, userdata);
  userdata.name = body.name;
  userdata.userdata = body.userdata;
  ctx.applied('userdata.update');
  return ok({ userdata });
}

function remove(ctx: Ctx): Reply {
  const userdata = requireUserdata(ctx);
  ctx.account.userdata.delete(userdata.uuid);
  ctx.applied('userdata.delete');
  return noContent();
}

export function registerUserdata(router: Router<Handler>): void {
  router
    .add('GET', '/v1/userdata', (ctx) => listReply('userdata', ctx.account.userdata.all(), ctx.query, ctx.config.quirks))
    .add('POST', '/v1/userdata', create)
    .add('GET', '/v1/userdata/:uuid', (ctx) => ok({ userdata: requireUserdata(ctx) }))
    .add('PUT', '/v1/userdata/:uuid', update)
    .add('DELETE', '/v1/userdata/:uuid', remove);
}
