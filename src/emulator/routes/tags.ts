/**
 * GET /v1/tags: the account's tags, those made with POST /v1/tags and those its stacklets carry, each with the
 * count of stacklets carrying it. POST /v1/tags (DOC §11) makes one, optionally on stacklets; GET and DELETE
 * /v1/tags/:id (CLIENT; `:id` is the tag's name, INFERRED: a tag has no other identity) read and delete one;
 * deleting a tag takes it off every stacklet that carries it.
 * POST /v1/tags/:name/resources (DOC §11) tags one stacklet, `{id, type: "stacklet"}` (a tag no stacklet carried
 * yet comes into being with it) and answers the tagged resource as the documentation shows it; DELETE on the
 * same path (NOT FOUND in the documentation; the conventional form) untags it.
 */
import { CreateTagBody, TagResourceBody } from '../../api/requests';
import { checkTagName } from '../../api/validators';
import { requireConventionalForm, requireOwnStacklets, requireProject } from '../stateChecks';
import type { Ctx, Handler } from '../context';
import { ApiError } from '../errors';
import { created, noContent, ok, type Reply, type Router } from '../http';
import { listReply } from '../pagination';
import type { StackletRec } from '../records';
import type { Account } from '../world';
import { parseBody } from '../issueMessages';
import { removeValue } from '../links';

interface TagAnswer {
  name: string;
  resources: { count: number };
}

/** Every tag of the account by name, with how many stacklets carry it (made tags first counted at 0). */
function tagCounts(account: Account): Map<string, number> {
  const counts = new Map<string, number>(account.tags.all().map((tag) => [tag.name, 0]));
  for (const stacklet of account.stacklets.all()) {
    for (const tag of stacklet.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

function list(ctx: Ctx): Reply {
  const counts = tagCounts(ctx.account);
  const tags: TagAnswer[] = [...counts.keys()].sort().map((name) => ({ name, resources: { count: counts.get(name)! } }));
  return listReply('tags', tags, ctx.query, ctx.config.quirks);
}

/** The tag the path names (`:name`, what the public client calls `id`), or 404. */
function requireTag(ctx: Ctx): TagAnswer {
  const name = ctx.params['name']!;
  const count = tagCounts(ctx.account).get(name);
  if (count === undefined) throw ApiError.notFound('tag', name);
  return { name, resources: { count } };
}

/** With the `noTagObjects` quirk, the tag routes answer as on a service without them (405 on the listing's path, else 404). */
function requireTagObjects(ctx: Ctx, method: string, path: string): void {
  if (!ctx.config.quirks.noTagObjects) return;
  if (path === '/v1/tags') throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path} (allowed: GET)`, undefined, { Allow: 'GET' });
  throw new ApiError(404, 'not_found', `no route ${method} ${path}`);
}

/** Every check before any change: the name's rule and that it is new, the project, each stacklet. */
function create(ctx: Ctx): Reply {
  requireTagObjects(ctx, 'POST', '/v1/tags');
  const body = parseBody(CreateTagBody, ctx.body);
  if (tagCounts(ctx.account).has(body.name)) throw ApiError.field('name', `tag ${body.name} already exists`);
  const project = requireProject(ctx.account, body.project_uuid);
  const stacklets = requireOwnStacklets(ctx.account, 'stacklet_ids', body.stacklet_ids ?? []);
  ctx.account.tags.add({ name: body.name, project_uuid: project.id });
  for (const stacklet of stacklets) stacklet.tags.push(body.name);
  ctx.applied('tag.create');
  return created({ tag: { name: body.name, resources: { count: stacklets.length } } satisfies TagAnswer });
}

function read(ctx: Ctx): Reply {
  requireTagObjects(ctx, 'GET', `/v1/tags/${ctx.params['name']}`);
  return ok({ tag: requireTag(ctx) });
}

function remove(ctx: Ctx): Reply {
  requireTagObjects(ctx, 'DELETE', `/v1/tags/${ctx.params['name']}`);
  const { name } = requireTag(ctx);
  ctx.account.tags.delete(name);
  for (const stacklet of ctx.account.stacklets.all()) removeValue(stacklet.tags, name);
  ctx.applied('tag.delete');
  return noContent();
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
    .add('POST', '/v1/tags', create)
    .add('GET', '/v1/tags/:name', read)
    .add('DELETE', '/v1/tags/:name', remove)
    .add('POST', '/v1/tags/:name/resources', tagResource)
    .add('DELETE', '/v1/tags/:name/resources', untagResource);
}
