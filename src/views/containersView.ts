import * as vscode from 'vscode';
import { cell, formatMoney } from '../model/format';
import { refTo } from '../kinds/registry';
import { containerRow } from '../kinds/container/row';
import { containerImageRow } from '../kinds/containerImage/row';
import { singleListingView } from './listing';
import { markdown, ResourceNode } from './resourceNode';

export const containersView = singleListingView(
  'containers',
  'container',
  (family) => new ResourceNode({
    id: `container/${family.name}`,
    label: family.name,
    description: family.images.length === 1 ? vscode.l10n.t('1 image') : vscode.l10n.t('{0} images', family.images.length),
    icon: new vscode.ThemeIcon('package'),
    contextValue: containerRow.context('family'),
    resource: refTo('container', family),
    children: () => family.images.map((image) => new ResourceNode({
      id: `container/${family.name}/${image.slug}`,
      label: image.version ? `${image.slug}` : image.slug,
      description: [image.version, image.default ? vscode.l10n.t('default') : undefined, image.available ? undefined : vscode.l10n.t('unavailable')].filter(Boolean).join(' · '),
      icon: new vscode.ThemeIcon(image.available ? 'symbol-constant' : 'circle-slash'),
      contextValue: containerImageRow.context(image.available ? 'available' : 'unavailable'),
      resource: refTo('containerImage', image),
      tooltip: () => markdown([
        `**${cell(image.slug)}**`, '', '| | |', '|---|---|',
        `| ${vscode.l10n.t('Version')} | ${cell(image.version)} |`,
        `| ${vscode.l10n.t('Extra price')} | ${cell(formatMoney(image.extra_price ?? 0))} |`,
        `| ${vscode.l10n.t('Available')} | ${cell(image.available ? vscode.l10n.t('yes') : vscode.l10n.t('no'))} |`,
      ]),
    })),
  }),
  () => vscode.l10n.t('No container images offered.'),
);
