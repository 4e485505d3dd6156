import type { Kind } from '../../kinds/registry';
import { limitReached, readLimit, type AccountLimit } from '../../kinds/accountLimits';
import type { ResourceStore } from '../../kinds/resourceStore';
import * as notify from '../../ui/notify';

/**
 * Before a create wizard's first question: the account's limit on `kind` (undefined when the profile gives none
 * or cannot be read: the service then decides), or `'reached'` when it leaves none, which the user is told with
 * the limit, so that no question is asked for a create the service would refuse.
 */
export async function limitBeforeAsking(store: ResourceStore, kind: Kind): Promise<AccountLimit | undefined | 'reached'> {
  const limit = await readLimit(store, kind);
  const reached = limitReached(kind, limit);
  if (reached === undefined) return limit;
  void notify.warning(reached);
  return 'reached';
}
