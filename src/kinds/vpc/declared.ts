/** VPCs in the account document (issue 48): a name that changes, a region and range that do not. No vscode import. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import * as v from '../../api/validators';
import { checked } from '../../documents/jsonDocument';
import type { DeclaredKind } from '../../documents/account/declaring';
import { boundId, createStep, deleteStep, newName, renameStep, resourceName } from '../../documents/account/entryFields';

const Entry = z.strictObject({
  id: boundId('VPC', 'string'),
  name: resourceName('VPC'),
  region: z.string().check(z.meta({ description: 'The region\'s slug: fixed once created.' })),
  cidr: checked(z.string(), v.checkVpcCidr, 'cidr').check(z.meta({ description: 'Its private IPv4 range, /16 to /28: fixed once created.' })),
});
type Entry = z.infer<typeof Entry>;

export const vpcDeclared: DeclaredKind<'vpc'> = {
  kind: 'vpc',
  field: 'vpcs',
  entry: Entry,
  deleteRank: 2,
  scopeFacts: (vpc) => ({ region: vpc.region?.slug }),
  exported: (vpc) => ({ id: vpc.uuid, name: vpc.name, region: vpc.region?.slug ?? null, cidr: vpc.cidr }),
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    newName(scope, path, entry.name);
    return createStep(scope, path, 'vpc', entry.name, { name: entry.name, region: entry.region, cidr: entry.cidr });
  },
  change: (raw, vpc, scope, path) => {
    const entry = raw as Entry;
    if (entry.region !== (vpc.region?.slug ?? null)) scope.problem([...path, 'region'], l10n.t('A VPC\'s region cannot change: create a VPC in {0}.', entry.region));
    if (entry.cidr !== vpc.cidr) scope.problem([...path, 'cidr'], l10n.t('A VPC\'s range cannot change: create a VPC with {0}.', entry.cidr));
    renameStep(scope, path, 'vpc', vpc.name, entry);
  },
  remove: (vpc, scope) => {
    deleteStep(scope, 'vpc', vpc.name, vpc.uuid);
  },
};
