/** SSH keys (CLIENT): list, get, create, delete. A public key can be registered once per account. */
import { CreateSshKeyBody } from '../../api/requests';
import { intParam, requireProject } from '../stateChecks';
import type { Ctx, Handler } from '../context';
import { ApiError } from '../errors';
import { created, noContent, ok, type Reply, type Router } from '../http';
import type { SshKeyRec } from '../records';
import { listReply } from '../pagination';
import { sshFingerprint } from '../recordBuilders';
import { parseBody } from '../issueMessages';

function requireKey(ctx: Ctx): SshKeyRec {
  const raw = ctx.params['id']!;
  const id = intParam(raw);
  const key = id === undefined ? ctx.account.sshKeys.find((k) => k.fingerprint === raw) : ctx.account.sshKeys.get(id);
  if (!key) throw ApiError.notFound('ssh key', raw);
  return key;
}

function create(ctx: Ctx): Reply {
  const body = parseBody(CreateSshKeyBody, ctx.body);
  requireProject(ctx.account, body.project_uuid);
  const fingerprint = sshFingerprint(body.public_key);
  const clash = ctx.account.sshKeys.find((k) => k.fingerprint === fingerprint);
  if (clash) throw ApiError.field('public_key', `is already registered as ssh key ${clash.id} (${clash.name})`);
  const key: SshKeyRec = { id: ctx.world.sshKeyId(), name: body.name, fingerprint, public_key: body.public_key.trim(), created_at: ctx.world.timestamp() };
  ctx.account.sshKeys.add(key);
  ctx.applied('ssh_key.create');
  return created({ ssh_key: key });
}

function remove(ctx: Ctx): Reply {
  const key = requireKey(ctx);
  ctx.account.sshKeys.delete(key.id);
  ctx.applied('ssh_key.delete');
  return noContent();
}

export function registerSshKeys(router: Router<Handler>): void {
  router
    .add('GET', '/v1/ssh_keys', (ctx) => listReply('ssh_keys', ctx.account.sshKeys.all(), ctx.query, ctx.config.quirks))
    .add('POST', '/v1/ssh_keys', create)
    .add('GET', '/v1/ssh_keys/:id', (ctx) => ok({ ssh_key: requireKey(ctx) }))
    .add('DELETE', '/v1/ssh_keys/:id', remove);
}
