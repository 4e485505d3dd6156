import * as vscode from 'vscode';
import type { Volume } from '../api/schemas';
import { cell } from '../model/format';
import { refTo } from '../kinds/registry';
import { volumeContextValue } from '../kinds/volume/row';
import { stateIcon } from './icons';
import { listingNodes } from './listing';
import { markdown, ResourceNode } from './resourceNode';
import type { ViewSpec } from './resourceTreeProvider';
import { spokenLabel, stateName } from './words';
import { progressText } from '../tasks/taskText';

export const volumesView: ViewSpec = {
  id: 'volumes',
  kinds: ['volume'],
  async roots({ store, filter }) {
    const listing = await store.get('volume', filter.region ? { region: filter.region } : {});
    return listingNodes({
      id: 'volumes',
      listing,
      name: (v) => v.name,
      build: (v) => volumeNode(v, 'volume'),
      ...(filter.name ? { nameFilter: filter.name } : {}),
      empty: filter.region ? vscode.l10n.t('No volumes in region {0}.', filter.region) : vscode.l10n.t('No volumes in this account.'),
    });
  },
};

/** A volume is attached when it carries a stacklet object, even one that names no stacklet it can be linked to. */
export function volumeNode(v: Volume, idPrefix: string): ResourceNode {
  const attached = v.stacklet !== null && v.stacklet !== undefined;
  const on = v.stacklet?.name ?? (v.stacklet?.id !== undefined ? `#${v.stacklet.id}` : undefined);
  const where = on ? vscode.l10n.t('on {0}', on) : attached ? vscode.l10n.t('attached') : vscode.l10n.t('free');
  const description = [v.region.slug, `${v.size_gigabytes} GB`, where].join(' · ');
  return new ResourceNode({
    id: `${idPrefix}/${v.id}`,
    label: v.name,
    description,
    icon: v.task ? stateIcon('busy') : new vscode.ThemeIcon('database', new vscode.ThemeColor(attached ? 'charts.green' : 'disabledForeground')),
    accessibilityLabel: spokenLabel(
      'volume',
      v.name,
      v.task ? stateName('busy') : undefined,
      on ? vscode.l10n.t('attached to {0}', on) : attached ? vscode.l10n.t('attached') : vscode.l10n.t('not attached'),
      v.region.name || v.region.slug,
      `${v.size_gigabytes} GB`,
    ),
    contextValue: volumeContextValue(v),
    resource: refTo('volume', v),
    tooltip: () => markdown([
      `**$(database) ${cell(v.name)}**`, '', '| | |', '|---|---|',
      `| ${vscode.l10n.t('Size')} | ${cell(`${v.size_gigabytes} GB`)} |`,
      `| ${vscode.l10n.t('Region')} | ${cell(v.region.name || v.region.slug)} |`,
      `| ${vscode.l10n.t('Attached to')} | ${cell(on ?? (attached ? vscode.l10n.t('a stacklet the service does not name') : vscode.l10n.t('nothing')))} |`,
      ...(v.task ? [`| ${vscode.l10n.t('Task')} | ${cell(progressText(v.task))} |`] : []),
      `| ID | ${cell(v.id)} |`,
    ]),
  });
}
