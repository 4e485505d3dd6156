/**
 * Volumes in the account document (issue 48): name, size and the stacklet it is attached to. A new volume is made on
 * its stacklet, in its region; a size only grows; moving it is a detach, then an attach. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import * as v from '../../api/validators';
import { checked } from '../../documents/jsonDocument';
import type { DeclaredKind } from '../../documents/account/declaring';
import { fieldChange } from '../../documents/account/accountPlan';
import { boundId, createStep, deleteStep, idIn, newName, reference, resourceName } from '../../documents/account/entryFields';

const Entry = z.strictObject({
  id: boundId('volume', 'string'),
  name: resourceName('volume'),
  sizeGigabytes: checked(z.int(), (value, what) => v.checkVolumeSize(value, 0, what), 'sizeGigabytes').check(z.meta({ description: 'Its size in GB: it only grows.' })),
  stacklet: z.nullable(reference('The stacklet it is attached to, by name; null for none. A new volume is made on it, in its region.')),
  region: z.optional(z.string()).check(z.meta({ description: 'Its region (that of its stacklet when it was made): fixed.' })),
});
type Entry = z.infer<typeof Entry>;

export const volumeDeclared: DeclaredKind<'volume'> = {
  kind: 'volume',
  field: 'volumes',
  entry: Entry,
  deleteRank: 0,
  scopeFacts: (volume) => ({ region: volume.region.slug }),
  exported: (volume, scope) => ({
    id: volume.id,
    name: volume.name,
    sizeGigabytes: volume.size_gigabytes,
    stacklet: scope.refer('stacklet', volume.stacklet?.id) ?? null,
    region: volume.region.slug,
  }),
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    newName(scope, path, entry.name);
    if (entry.stacklet === null) {
      scope.problem([...path, 'stacklet'], l10n.t('A volume is made on a stacklet: name the stacklet it is attached to.'));
      return undefined;
    }
    const stacklet = scope.ref('stacklet', entry.stacklet, [...path, 'stacklet']);
    if (stacklet === undefined) return undefined;
    return createStep(scope, path, 'volume', entry.name, { stacklet, name: entry.name, sizeGigabytes: entry.sizeGigabytes }, { monthlyChangeUsd: undefined });
  },
  change: (raw, volume, scope, path) => {
    const entry = raw as Entry;
    const id = idIn(entry);
    if (entry.region !== undefined && entry.region !== volume.region.slug) scope.problem([...path, 'region'], l10n.t('A volume\'s region cannot change: create a volume in {0} and copy the data.', entry.region));
    if (entry.sizeGigabytes < volume.size_gigabytes) scope.problem([...path, 'sizeGigabytes'], l10n.t('A volume cannot shrink ({0} GB now): create a smaller one and copy the data.', volume.size_gigabytes));
    let last: string | undefined;
    const next = (request: Parameters<Parameters<DeclaredKind['create']>[1]['step']>[0]) => {
      last = scope.step(request, path, last ? [last] : []);
    };
    const base = { kind: 'volume', name: volume.name, op: 'change' as const, monthlyChangeUsd: 0 };
    const name = fieldChange('name', volume.name, entry.name);
    if (name && newName(scope, path, entry.name)) next({ ...base, action: 'rename', input: { id, name: entry.name }, changes: [name] });
    const size = entry.sizeGigabytes > volume.size_gigabytes ? fieldChange('sizeGigabytes', volume.size_gigabytes, entry.sizeGigabytes) : undefined;
    if (size) next({ ...base, action: 'resize', input: { id, sizeGigabytes: entry.sizeGigabytes }, changes: [size], monthlyChangeUsd: undefined });
    const to = entry.stacklet === null ? null : scope.ref('stacklet', entry.stacklet, [...path, 'stacklet']);
    const from = volume.stacklet?.id ?? null;
    if (to === undefined || JSON.stringify(to) === JSON.stringify(from)) return;
    const change = { field: 'stacklet', from: volume.stacklet?.name ?? from, to: entry.stacklet };
    if (from !== null) next({ ...base, action: 'detach', input: { id }, changes: [change] });
    if (to !== null) next({ ...base, action: 'attach', input: { id, stacklet: to }, changes: [change] });
  },
  remove: (volume, scope) => {
    // A volume is deleted detached: one still on a stacklet is taken off it first.
    const detached = volume.stacklet ? [scope.step({ kind: 'volume', action: 'detach', name: volume.name, op: 'change', input: { id: volume.id }, changes: [{ field: 'stacklet', from: volume.stacklet.name ?? volume.stacklet.id ?? null, to: null }], monthlyChangeUsd: 0 }, [])] : [];
    deleteStep(scope, 'volume', volume.name, volume.id, { destroysData: true, monthlyChangeUsd: undefined, after: detached });
  },
};
