/** A VPC's row: always ready. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { Vpc } from '../../api/schemas';
import { cell } from '../../model/format';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { spokenLabel, stackletCount } from '../rowWords';

export const vpcRow = rowStates('vpc', ['ready']);

export const VPC_ICON = 'type-hierarchy';

export function vpcLook(vpc: Vpc): RowLook {
  return {
    label: vpc.name,
    // How many stacklets it holds is in the tooltip, so the row fits the default side bar.
    description: [vpc.region?.slug, vpc.cidr].filter(Boolean).join(' · '),
    icon: { id: VPC_ICON },
    contextValue: vpcRow.context('ready'),
    // A screen reader has no side bar to fit: it says how many stacklets it holds too.
    spoken: () => spokenLabel('vpc', vpc.name, vpc.region?.slug, vpc.cidr, stackletCount(vpc.stacklet_ids.length)),
    tooltip: () => [`**$(type-hierarchy) ${cell(vpc.name)}**`, '', `CIDR: ${cell(vpc.cidr)}`, '', `${l10n.t('Region')}: ${cell(vpc.region?.name ?? vpc.region?.slug)}`, '', `${l10n.t('Stacklets')}: ${stackletCount(vpc.stacklet_ids.length)}`, '', `ID: ${cell(vpc.uuid)}`],
  };
}
