/**
 * Tagging stacklets, in one place for every command that tags (Tag… on one stacklet or on a selection): the
 * request (POST /v1/tags/:name/resources through the client) and the stacklet as it is after it, for the
 * cache. With the kinds, as it reads the store. No vscode import.
 */
import type { Call, StackletClient } from '../api/client';
import type * as s from '../api/schemas';
import { sameId } from './registry';
import type { ResourceStore } from './resourceStore';

/**
 * Adds `tag` to `stacklet`; answers the stacklet with its tags as the service now lists them (or, when the
 * answer does not name it, its tags with `tag` added).
 */
export async function tagStacklet(client: StackletClient, stacklet: s.Stacklet, tag: string, call?: Call): Promise<s.Stacklet> {
  const answer = await client.tagResource(tag, { id: stacklet.id, type: 'stacklet' }, call);
  const echoed = answer.find((resource) => sameId(resource.id, stacklet.id))?.tags;
  return { ...stacklet, tags: echoed ?? (hasTag(stacklet, tag) ? stacklet.tags : [...stacklet.tags, tag]) };
}

export function hasTag(stacklet: Pick<s.Stacklet, 'tags'>, tag: string): boolean {
  return stacklet.tags.includes(tag);
}

/** The stacklets of `stacklets` that carry `tag`, in their order. */
export function carriersOf<T extends Pick<s.Stacklet, 'tags'>>(stacklets: readonly T[], tag: string): T[] {
  return stacklets.filter((stacklet) => hasTag(stacklet, tag));
}

/** The tags the account uses: the service's tag list (when it has one) and the tags of the listed stacklets. */
export async function knownTags(store: ResourceStore): Promise<string[]> {
  const [listed, stacklets] = await Promise.all([
    store.get('tag').then((tags) => tags.items.map((tag) => tag.name), () => [] as string[]),
    Promise.resolve(store.peek('stacklet')?.items ?? []),
  ]);
  return [...new Set([...listed, ...stacklets.flatMap((stacklet) => stacklet.tags)])].sort((a, b) => a.localeCompare(b));
}
