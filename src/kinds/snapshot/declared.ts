/**
 * Snapshots in the account document (issue 48): renamed and deleted. A snapshot is taken of a stacklet, not made
 * from a document: a new entry is a problem that says so. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type { DeclaredKind } from '../../documents/account/declaring';
import * as v from '../../api/validators';
import { boundId, deleteStep, renameStep, resourceName } from '../../documents/account/entryFields';

const Entry = z.strictObject({
  id: boundId('snapshot', 'int'),
  name: resourceName('snapshot'),
});
type Entry = z.infer<typeof Entry>;

export const snapshotDeclared: DeclaredKind<'snapshot'> = {
  kind: 'snapshot',
  field: 'snapshots',
  entry: Entry,
  deleteRank: 0,
  scopeFacts: (snapshot) => ({ region: snapshot.regions[0] }),
  exported: (snapshot) => ({ id: snapshot.id, name: snapshot.name }),
  create: (_raw, scope, path) => {
    scope.problem(path, l10n.t('A snapshot is taken of a stacklet (its Snapshot action), not made from a document.'));
    return undefined;
  },
  change: (raw, snapshot, scope, path) => {
    renameStep(scope, path, 'snapshot', snapshot.name, raw, v.checkName);
  },
  remove: (snapshot, scope) => {
    deleteStep(scope, 'snapshot', snapshot.name, snapshot.id, { destroysData: true });
  },
};
