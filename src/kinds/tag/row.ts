/** A tag's row: how many resources carry it, when that is known. No vscode import. */
import type { Tag } from '../../api/schemas';
import { cell } from '../../model/format';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { resourceCount, spokenLabel } from '../rowWords';

export const tagRow = rowStates('tag', ['ready']);

export const TAG_ICON = 'tag';

/** `count`: the resources carrying the tag, or undefined when neither the service nor the listed stacklets say. */
export function tagLook(tag: Tag, count: number | undefined): RowLook {
  const description = count === undefined ? undefined : resourceCount(count);
  return {
    label: tag.name,
    ...(description ? { description } : {}),
    icon: { id: TAG_ICON },
    contextValue: tagRow.context('ready'),
    spoken: spokenLabel('tag', tag.name, description),
    tooltip: () => [`**$(tag) ${cell(tag.name)}**`, '', cell(description ?? '—')],
  };
}
