/** The catalog lists every account shares: sizes, regions, distributions, applications, containers. */
import { APPLICATIONS, CONTAINERS, DISTRIBUTIONS, REGIONS, SIZES } from '../catalog';
import type { Handler } from '../context';
import type { Router } from '../http';
import { listReply } from '../pagination';

export function registerCatalog(router: Router<Handler>): void {
  const lists: ReadonlyArray<[string, readonly unknown[]]> = [
    ['sizes', SIZES],
    ['regions', REGIONS],
    ['distributions', DISTRIBUTIONS],
    ['applications', APPLICATIONS],
    ['containers', CONTAINERS],
  ];
  for (const [key, items] of lists) {
    router.add('GET', `/v1/${key}`, (ctx) => listReply(key, items, ctx.query, ctx.config.quirks));
  }
}
