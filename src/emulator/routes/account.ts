/** GET /v1/account/profile: the profile with limits counted from the account's current resources. */
import type { Ctx, Handler } from '../context';
import { ok, type Reply, type Router } from '../http';
import { VOLUME_LIMIT } from '../world';

function profile(ctx: Ctx): Reply {
  const account = ctx.account;
  const used = account.stacklets.size;
  const volumes = account.volumes.size;
  return ok({
    profile: {
      ...account.profile,
      // `available` is what may still be created (the limit minus what is in use).
      limits: {
        stacklets: { available: Math.max(0, account.stackletLimit - used), used },
        volumes: { available: Math.max(0, VOLUME_LIMIT - volumes), used: volumes },
      },
    },
  });
}

export function registerAccount(router: Router<Handler>): void {
  router.add('GET', '/v1/account/profile', profile);
}
