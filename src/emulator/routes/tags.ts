/** GET /v1/tags: the tags in use, counted from the account's stacklets (tags exist only through them here). */
import type { Ctx, Handler } from '../context';
import type { Reply, Router } from '../http';
import { listReply } from '../pagination';

function list(ctx: Ctx): Reply {
  const counts = new Map<string, number>();
  for (const stacklet of ctx.account.stacklets.all()) {
    for (const tag of stacklet.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const tags = [...counts.keys()].sort().map((name) => ({ name, resources: { count: counts.get(name)! } }));
  return listReply('tags', tags, ctx.query, ctx.config.quirks);
}

export function registerTags(router: Router<Handler>): void {
  router.add('GET', '/v1/tags', list);
}
