/**
 * GET /v1/tags: the tags in use, counted from the account's stacklets (tags exist only through them here).
 * POST /v1/tags/:name/resources (DOC §11) tags one stacklet, `{id, type: "stacklet"}` (a tag no stacklet carried
 * yet comes into being with it) and answers the tagged resource as the documentation shows it; DELETE on the
 * same path (NOT FOUND in the documentation; the conventional form) untags it.
 */
import { TagResourceBody } from '../../api/requests';
import { checkTagName } from '../../api/validators';
import { requireConventionalForm } from '../stateChecks';
import type { Ctx, Handler } from '../context';
import { ApiError } from '../errors';
import { noContent, ok, type Reply, type Router } from '../http';
import { listReply } from '../pagination';
import type { StackletRec } from '../records';
import { parseBody } from '../issueMessages';
import { removeValue } from '../links';

function list(ctx: Ctx): Reply {
  const counts = new Map<string, number>();
  for (const stacklet of ctx.account.stacklets.all()) {
    for (const tag of stacklet.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const tags = [...counts.keys()].sort().map((name) => ({ name, resources: { count: counts.get(name)! } }));
  return listReply('tags', tags, ctx.query, ctx.config.quirks);
}

/** The tag of the path (a name, as tags are named) and the stacklet of the body. */
function tagAndStacklet(ctx: Ctx): { tag: string; stacklet: StackletRec } {
  const tag = ctx.params['name']!;
  // The tag is in the path, not the body: the refusal names it rather than a field.
  const problem = checkTagName(tag, 'tag');
  if (problem) throw new ApiError(422, 'unprocessable_entity', `tag ${tag}: ${problem.replace(/^tag /, '')}`);
  const body = parseBody(TagResourceBody, ctx.body);
  const stacklet = ctx.account.stacklets.get(body.id);
  if (!stacklet) throw ApiError.field('id', `stacklet ${body.id} not found`);
  return { tag, stacklet };
}

function tagResource(ctx: Ctx): Reply {
  const { tag, stacklet } = tagAndStacklet(ctx);
  if (!stacklet.tags.includes(tag)) {
    stacklet.tags.push(tag);
    ctx.applied('tag.resources.add');
  }
  const ipv4 = stacklet.networks.v4.find((network) => network.type === 'public')?.address ?? null;
  return ok({ resources: [{ id: stacklet.id, ipv4_address: ipv4, name: stacklet.name, status: stacklet.status, tags: [...stacklet.tags], type: 'stacklet' }] });
}

function untagResource(ctx: Ctx): Reply {
  requireConventionalForm(ctx, 'DELETE', `/v1/tags/${ctx.params['name']}/resources`);
  const { tag, stacklet } = tagAndStacklet(ctx);
  if (!stacklet.tags.includes(tag)) throw ApiError.field('id', `stacklet ${stacklet.id} does not carry the tag ${tag}`);
  removeValue(stacklet.tags, tag);
  ctx.applied('tag.resources.remove');
  return noContent();
}

export function registerTags(router: Router<Handler>): void {
  router
    .add('GET', '/v1/tags', list)
    .add('POST', '/v1/tags/:name/resources', tagResource)
    .add('DELETE', '/v1/tags/:name/resources', untagResource);
}
