/**
 * VPCs (NOT FOUND in the documentation; INFERRED): list, get, rename (PUT), delete, create. Served at both
 * /v1/vpcs (the plural convention) and /v1/vpc (the specification's example). The response spells the member
 * list `stacklet_ids`; the client reads the example's `stackelt_ids` too.
 */
import { randomUUID } from 'node:crypto';
import { CreateVpcBody, UpdateVpcBody } from '../../api/requests';
import { ipv4ToNumber, parseCidr } from '../../api/validators';
import { REGIONS } from '../catalog';
import { requireProject, requireRecord, requireRegion, requireUniqueName } from '../stateChecks';
import type { Ctx, Handler } from '../context';
import { ApiError } from '../errors';
import { created, noContent, ok, type Reply, type Router } from '../http';
import type { VpcRec } from '../records';
import { listReply } from '../pagination';
import { parseBody } from '../issueMessages';

const uuidOf = (v: VpcRec): string => v.uuid;
const requireVpc = (ctx: Ctx): VpcRec => requireRecord(ctx.account.vpcs, 'vpc', ctx.params['uuid'], ctx.params['uuid']!);

function overlaps(a: string, b: string): boolean {
  const x = parseCidr(a);
  const y = parseCidr(b);
  if (!x || !y) return false;
  const span = (c: { address: string; prefix: number }): [number, number] => {
    const start = ipv4ToNumber(c.address);
    return [start, start + 2 ** (32 - c.prefix) - 1];
  };
  const [xs, xe] = span(x);
  const [ys, ye] = span(y);
  return xs <= ye && ys <= xe;
}

function create(ctx: Ctx): Reply {
  const body = parseBody(CreateVpcBody, ctx.body);
  const account = ctx.account;
  requireUniqueName(account.vpcs, 'vpc', body.name, uuidOf);
  requireProject(account, body.project_uuid);
  // `region` is optional (the spec's example sends it): the first available region offering VPCs otherwise.
  const region =
    body.region !== undefined ? requireRegion('region', body.region, 'vpc') : REGIONS.find((r) => r.available && r.features.includes('vpc'))!;
  const clash = account.vpcs.find((v) => v.region.slug === region.slug && overlaps(v.cidr, body.cidr));
  if (clash) throw ApiError.field('cidr', `overlaps ${clash.cidr} of vpc ${clash.uuid} in ${region.slug}`);
  const vpc: VpcRec = { uuid: randomUUID(), name: body.name, cidr: body.cidr, created_at: ctx.world.timestamp(), region, stacklet_ids: [] };
  account.vpcs.add(vpc);
  ctx.applied('vpc.create');
  return created({ vpc });
}

function update(ctx: Ctx): Reply {
  const vpc = requireVpc(ctx);
  const body = parseBody(UpdateVpcBody, ctx.body);
  requireUniqueName(ctx.account.vpcs, 'vpc', body.name, uuidOf, vpc);
  vpc.name = body.name;
  ctx.applied('vpc.update');
  return ok({ vpc });
}

function remove(ctx: Ctx): Reply {
  const vpc = requireVpc(ctx);
  if (vpc.stacklet_ids.length > 0) {
    throw new ApiError(422, 'unprocessable_entity', `vpc ${vpc.uuid} still has ${vpc.stacklet_ids.length} stacklet(s); delete them first`);
  }
  ctx.account.vpcs.delete(vpc.uuid);
  ctx.account.vpcHosts.delete(vpc.uuid);
  ctx.applied('vpc.delete');
  return noContent();
}

export function registerVpcs(router: Router<Handler>): void {
  for (const base of ['/v1/vpcs', '/v1/vpc']) {
    router
      .add('GET', base, (ctx) => listReply('vpcs', ctx.account.vpcs.all(), ctx.query, ctx.config.quirks))
      .add('POST', base, create)
      .add('GET', `${base}/:uuid`, (ctx) => ok({ vpc: requireVpc(ctx) }))
      .add('PUT', `${base}/:uuid`, update)
      .add('DELETE', `${base}/:uuid`, remove);
  }
}
