/**
 * Stacklets in the account document (issue 48): name, region, size, image, tags, VPC, backups and power, with SSH
 * keys and userdata at creation. What each change is: the definitions of src/kinds/stacklet/operations.ts (rename,
 * resize, rebuild, tag, untag, power), one after another on one stacklet. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import * as v from '../../api/validators';
import { checked } from '../../documents/jsonDocument';
import type { DeclaredKind, DocPath, PlanScope } from '../../documents/account/declaring';
import { fieldChange } from '../../documents/account/accountPlan';
import { boundId, deleteStep, idIn, newName, reference, regionIn, resourceName, sortedNames } from '../../documents/account/entryFields';
import { deletionChange, resizeChange, stackletPrice } from '../../model/cost';

const Entry = z.strictObject({
  id: boundId('stacklet', 'int'),
  name: resourceName('stacklet'),
  region: z.string().check(z.meta({ description: 'The region\'s slug. Fixed once created: another region is a new stacklet.' })),
  size: z.string().check(z.meta({ description: 'The size\'s slug. A larger one resizes the stacklet; its disk is kept.' })),
  image: z.union([z.string(), z.int()]).check(z.meta({ description: 'The image\'s slug (or a snapshot\'s ID). Another image REBUILDS the stacklet, wiping its disk.' })),
  tags: z.optional(z.array(checked(z.string(), v.checkTagName, 'tag'))).check(z.meta({ description: 'Its tags, the whole list.' })),
  vpc: z.optional(z.nullable(reference('The VPC it is in, by name (set at creation).'))),
  backups: z.optional(z.boolean()).check(z.meta({ description: 'Automatic backups (set at creation).' })),
  power: z.optional(z.enum(['on', 'off'])).check(z.meta({ description: 'Whether it runs.' })),
  sshKeys: z.optional(z.array(reference('An SSH key, by name.'))).check(z.meta({ description: 'SSH keys to log in with: read only when the stacklet is created.' })),
  userdata: z.optional(reference('A userdata script, by name: run on first boot, read only when the stacklet is created.')),
});
type Entry = z.infer<typeof Entry>;

const imageOf = (stacklet: s.Stacklet) => stacklet.distribution?.image?.slug ?? stacklet.distribution?.image?.id ?? undefined;
const powerOf = (stacklet: s.Stacklet) => (stacklet.status === 'off' ? 'off' : stacklet.status === 'active' ? 'on' : undefined);

function fixed(scope: PlanScope, path: DocPath, field: string, from: unknown, to: unknown, words: string): void {
  if (to !== undefined && JSON.stringify(from) !== JSON.stringify(to)) scope.problem([...path, field], words);
}

export const stackletDeclared: DeclaredKind<'stacklet'> = {
  kind: 'stacklet',
  field: 'stacklets',
  entry: Entry,
  deleteRank: 1,
  note: () => l10n.t('A stacklet\'s sshKeys and userdata are read only when it is created: the account does not tell them afterwards.'),
  scopeFacts: (stacklet) => ({ tags: stacklet.tags, region: stacklet.region.slug }),
  exported: (stacklet, scope) => ({
    id: stacklet.id,
    name: stacklet.name,
    region: stacklet.region.slug,
    size: stacklet.size.slug,
    ...(imageOf(stacklet) !== undefined ? { image: imageOf(stacklet) } : {}),
    tags: sortedNames(stacklet.tags),
    vpc: scope.refer('vpc', stacklet.vpc_uuid) ?? null,
    backups: stacklet.backups_enabled,
    ...(powerOf(stacklet) ? { power: powerOf(stacklet) } : {}),
  }),
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    newName(scope, path, entry.name, v.checkHostname);
    const size = scope.catalog.sizes.find((candidate) => candidate.slug === entry.size);
    regionIn(scope, path, entry.region);
    if (!size) scope.problem([...path, 'size'], l10n.t('no size is {0}', JSON.stringify(entry.size)));
    const vpc = entry.vpc === undefined || entry.vpc === null ? undefined : scope.ref('vpc', entry.vpc, [...path, 'vpc']);
    const userdata = entry.userdata === undefined ? undefined : scope.ref('userdata', entry.userdata, [...path, 'userdata']);
    const sshKeys = (entry.sshKeys ?? []).map((key, i) => scope.ref('sshKey', key, [...path, 'sshKeys', i]));
    const key = scope.step({
      kind: 'stacklet', action: 'create', name: entry.name, op: 'create',
      input: {
        name: entry.name, region: entry.region, size: entry.size, image: String(entry.image),
        ...(entry.tags?.length ? { tags: entry.tags } : {}),
        ...(vpc !== undefined ? { vpc } : {}),
        ...(userdata !== undefined ? { userdata } : {}),
        ...(sshKeys.length > 0 ? { sshKeys } : {}),
        ...(entry.backups !== undefined ? { backups: entry.backups } : {}),
      },
      changes: [],
      monthlyChangeUsd: size ? stackletPrice({ size, distribution: null } as never)?.total : undefined,
    }, path);
    if (entry.power === 'off') scope.step({ kind: 'stacklet', action: 'powerOff', name: entry.name, op: 'change', input: { id: { created: key } }, changes: [{ field: 'power', from: 'on', to: 'off' }], monthlyChangeUsd: 0 }, path, [key]);
    return key;
  },
  change: (raw, stacklet, scope, path) => {
    const entry = raw as Entry;
    const id = idIn(entry);
    const regionWords = l10n.t('A stacklet\'s region cannot change: delete it and create one in {0}.', entry.region);
    fixed(scope, path, 'region', stacklet.region.slug, entry.region, regionWords);
    const vpc = entry.vpc === undefined ? undefined : entry.vpc === null ? null : scope.ref('vpc', entry.vpc, [...path, 'vpc']);
    if (vpc !== undefined && JSON.stringify(vpc) !== JSON.stringify(stacklet.vpc_uuid)) scope.problem([...path, 'vpc'], l10n.t('A stacklet\'s VPC is set when it is created: delete it and create it in the VPC.'));
    fixed(scope, path, 'backups', stacklet.backups_enabled, entry.backups, l10n.t('Backups are set when a stacklet is created: the API offers no way to change them.'));
    if (entry.sshKeys !== undefined) scope.problem([...path, 'sshKeys'], l10n.t('SSH keys are read only when a stacklet is created: take them out, or take out the ID to create a new stacklet.'));
    if (entry.userdata !== undefined) scope.problem([...path, 'userdata'], l10n.t('Userdata runs only when a stacklet is created: take it out, or take out the ID to create a new stacklet.'));
    // One after another: each waits for the one before on the same stacklet (its task ended).
    let last: string | undefined;
    const next = (request: Parameters<PlanScope['step']>[0]) => {
      last = scope.step(request, path, last ? [last] : []);
    };
    const base = { kind: 'stacklet', name: stacklet.name, op: 'change' as const, monthlyChangeUsd: 0 };
    const power = fieldChange('power', powerOf(stacklet), entry.power);
    if (power && entry.power === 'off') next({ ...base, action: 'powerOff', input: { id }, changes: [power] });
    const name = fieldChange('name', stacklet.name, entry.name);
    if (name && newName(scope, path, entry.name, v.checkHostname)) next({ ...base, action: 'rename', input: { id, name: entry.name }, changes: [name] });
    const size = fieldChange('size', stacklet.size.slug, entry.size);
    if (size) {
      const to = scope.catalog.sizes.find((candidate) => candidate.slug === entry.size);
      if (!to) scope.problem([...path, 'size'], l10n.t('no size is {0}', JSON.stringify(entry.size)));
      else next({ ...base, action: 'resize', input: { id, size: entry.size }, changes: [size], monthlyChangeUsd: resizeChange(stacklet, to) });
    }
    const image = fieldChange('image', imageOf(stacklet), entry.image);
    if (image) next({ ...base, action: 'rebuild', op: 'rebuild', input: { id, from: String(entry.image) }, changes: [image], destroysData: true });
    if (entry.tags !== undefined) {
      for (const tag of entry.tags.filter((t) => !stacklet.tags.includes(t))) next({ ...base, action: 'tag', input: { id, tag }, changes: [{ field: 'tags', from: null, to: tag }] });
      for (const tag of stacklet.tags.filter((t) => !entry.tags!.includes(t))) next({ ...base, action: 'untag', input: { id, tag }, changes: [{ field: 'tags', from: tag, to: null }] });
    }
    if (power && entry.power === 'on') next({ ...base, action: 'powerOn', input: { id }, changes: [power] });
  },
  remove: (stacklet, scope) => {
    deleteStep(scope, 'stacklet', stacklet.name, stacklet.id, { destroysData: true, monthlyChangeUsd: deletionChange(stackletPrice(stacklet)?.total) });
  },
};
