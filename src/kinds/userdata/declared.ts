/** Userdata scripts in the account document (issue 48): name and content, changed by one update. No vscode import. */
import * as z from 'zod/mini';
import * as v from '../../api/validators';
import { checked } from '../../documents/jsonDocument';
import type { DeclaredKind } from '../../documents/account/declaring';
import { fieldChange } from '../../documents/account/accountPlan';
import { boundId, createStep, deleteStep, idIn, newName, resourceName } from '../../documents/account/entryFields';

const Entry = z.strictObject({
  id: boundId('userdata script', 'string'),
  name: resourceName('userdata script'),
  content: checked(z.string(), v.checkUserdata, 'content').check(z.meta({ description: 'The script a new stacklet runs on first boot.' })),
});
type Entry = z.infer<typeof Entry>;

export const userdataDeclared: DeclaredKind<'userdata'> = {
  kind: 'userdata',
  field: 'userdata',
  entry: Entry,
  deleteRank: 2,
  exported: (script) => ({ id: script.uuid, name: script.name, content: script.userdata }),
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    newName(scope, path, entry.name);
    return createStep(scope, path, 'userdata', entry.name, { name: entry.name, content: entry.content });
  },
  change: (raw, script, scope, path) => {
    const entry = raw as Entry;
    const changes = [fieldChange('name', script.name, entry.name), fieldChange('content', script.userdata, entry.content)].filter((change) => change !== undefined);
    if (changes.length === 0 || (entry.name !== script.name && !newName(scope, path, entry.name))) return;
    const input = { id: idIn(entry), ...(entry.name !== script.name ? { name: entry.name } : {}), ...(entry.content !== script.userdata ? { content: entry.content } : {}) };
    scope.step({ kind: 'userdata', action: 'update', name: script.name, op: 'change', input, changes, monthlyChangeUsd: 0 }, path);
  },
  remove: (script, scope) => {
    deleteStep(scope, 'userdata', script.name, script.uuid);
  },
};
