/**
 * Tags in the account document (issue 48): a tag's name is its ID, so an entry binds by its name (as any entry
 * without an ID does); one the account lacks is made, one the document lacks is deleted under "prune" (taken off what carries it). Which stacklets carry a
 * tag is each stacklet's `tags`. No vscode import.
 */
import * as z from 'zod/mini';
import * as v from '../../api/validators';
import { checked } from '../../documents/jsonDocument';
import type { DeclaredKind } from '../../documents/account/declaring';
import { createStep, deleteStep } from '../../documents/account/entryFields';

const Entry = z.strictObject({
  name: checked(z.string(), v.checkTagName, 'name').check(z.meta({ description: 'The tag: its name is its ID. Stacklets carry it by their `tags`.' })),
});
type Entry = z.infer<typeof Entry>;

export const tagDeclared: DeclaredKind<'tag'> = {
  kind: 'tag',
  field: 'tags',
  entry: Entry,
  deleteRank: 2,
  exported: (tag) => ({ name: tag.name }),
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    return createStep(scope, path, 'tag', entry.name, { name: entry.name });
  },
  change: () => undefined,
  remove: (tag, scope) => {
    deleteStep(scope, 'tag', tag.name, tag.name);
  },
};
