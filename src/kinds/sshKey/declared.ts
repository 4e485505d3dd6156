/** SSH keys in the account document (issue 48): added and deleted, never changed (the API renames none). No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type { DeclaredKind } from '../../documents/account/declaring';
import { boundId, createStep, deleteStep, newName, resourceName } from '../../documents/account/entryFields';

const Entry = z.strictObject({
  id: boundId('SSH key', 'int'),
  name: resourceName('SSH key'),
  publicKey: z.string().check(z.minLength(1), z.meta({ description: 'One line of a .pub file. Fixed once added.' })),
});
type Entry = z.infer<typeof Entry>;

export const sshKeyDeclared: DeclaredKind<'sshKey'> = {
  kind: 'sshKey',
  field: 'sshKeys',
  entry: Entry,
  deleteRank: 2,
  exported: (key) => ({ id: key.id, name: key.name, publicKey: key.public_key ?? '' }),
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    newName(scope, path, entry.name);
    return createStep(scope, path, 'sshKey', entry.name, { name: entry.name, publicKey: entry.publicKey });
  },
  change: (raw, key, scope, path) => {
    const entry = raw as Entry;
    if (entry.name !== key.name) scope.problem([...path, 'name'], l10n.t('An SSH key cannot be renamed: delete it and add it again under the new name.'));
    if (key.public_key && entry.publicKey.trim() !== key.public_key.trim()) scope.problem([...path, 'publicKey'], l10n.t('An SSH key\'s public key cannot change: add the new key as another.'));
  },
  remove: (key, scope) => {
    deleteStep(scope, 'sshKey', key.name, key.id);
  },
};
