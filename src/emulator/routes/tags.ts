/**
 * Tags: GET /v1/tags, the tags in use counted from the account's stacklets (tags exist only through them
 * here); POST /v1/tags/:name/resources (DOC) tags a stacklet, and DELETE on the same path (NOT FOUND in the
 * documentation; the conventional form) untags it.
 */
import { TagResourceBody } from '../../api/requests';
import { checkName } from '../../api/validators';
import { intParam, requireConventionalForm } from '../stateChecks';
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
  const problem = checkName(tag, 'tag');
  if (problem) throw new ApiError(422, 'unprocessable_entity', `tag ${tag}: ${problem.replace(/^tag /, '')}`);
  const body = parseBody(TagResourceBody, ctx.body);
  const id = intParam(String(body.id));
  const stacklet = id === undefined ? undefined : ctx.account.stacklets.get(id);
  if (!stacklet) throw ApiError.field('id', `stacklet ${body.id} not found`);
  return { tag, stacklet };
}

/** The answer the documentation shows: the tagged resources, `{id, ipv4_address, name, status, tags, type}`. */
function resources(tag: string, stacklets: readonly StackletRec[]): Reply {
  return ok({
    resources: stacklets
      .filter((s) => s.tags.includes(tag))
      .map((s) => ({ id: s.id, ipv4_address: s.networks.v4.find((n) => n.type === 'public')?.address ?? null, name: s.name, status: s.status, tags: s.tags, type: 'stacklet' })),
  });
}

function tagResource(ctx: Ctx): Reply {
  const { tag, stacklet } = tagAndStacklet(ctx);
  if (!stacklet.tags.includes(tag)) stacklet.tags.push(tag);
  ctx.applied('tag.resources.add');
  return resources(tag, ctx.account.stacklets.all());
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
