/**
 * GET /v1/tags: the tags in use, counted from the account's stacklets (tags exist only through them here).
 * POST /v1/tags/:name/resources (DOC §11): tags one stacklet, `{id, type: "stacklet"}`; a tag no stacklet
 * carried yet comes into being with it, and a name no tag can have (see checkTagName) is not found. Answers the tagged resource as the documentation shows it.
 */
import { checkTagName } from '../../api/validators';
import { TagResourceBody } from '../../api/requests';
import type { Ctx, Handler } from '../context';
import { ApiError } from '../errors';
import { ok, type Reply, type Router } from '../http';
import { parseBody } from '../issueMessages';
import { listReply } from '../pagination';

function list(ctx: Ctx): Reply {
  const counts = new Map<string, number>();
  for (const stacklet of ctx.account.stacklets.all()) {
    for (const tag of stacklet.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const tags = [...counts.keys()].sort().map((name) => ({ name, resources: { count: counts.get(name)! } }));
  return listReply('tags', tags, ctx.query, ctx.config.quirks);
}

function tagResource(ctx: Ctx): Reply {
  const tag = ctx.params['name']!;
  // A name no tag can have names no tag: 404, as for any path that names nothing.
  if (checkTagName(tag)) throw new ApiError(404, 'not_found', `tag ${tag} not found`);
  const body = parseBody(TagResourceBody, ctx.body);
  const stacklet = ctx.account.stacklets.get(body.id);
  if (!stacklet) throw ApiError.field('id', `stacklet ${body.id} not found`);
  if (!stacklet.tags.includes(tag)) {
    stacklet.tags.push(tag);
    ctx.applied('tag.resources.add');
  }
  const ipv4 = stacklet.networks.v4.find((network) => network.type === 'public')?.address ?? null;
  return ok({ resources: [{ id: stacklet.id, ipv4_address: ipv4, name: stacklet.name, status: stacklet.status, tags: [...stacklet.tags], type: 'stacklet' }] });
}

export function registerTags(router: Router<Handler>): void {
  router.add('GET', '/v1/tags', list).add('POST', '/v1/tags/:name/resources', tagResource);
}
