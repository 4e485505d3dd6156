import * as vscode from 'vscode';
import type { Snapshot } from '../api/schemas';
import { cell, formatBytes } from '../model/format';
import { refTo } from '../model/resourceKinds';
import { stateIcon } from './icons';
import { singleListingView } from './listing';
import { markdown, ResourceNode } from './resourceNode';
import { stateName } from './words';

export const snapshotsView = singleListingView('snapshots', 'snapshot', (s) => snapshotNode(s, 'snapshot'), () => vscode.l10n.t('No snapshots in this account.'));

export function snapshotNode(s: Snapshot, idPrefix: string): ResourceNode {
  const size = s.size_gigabytes !== undefined ? `${s.size_gigabytes} GB` : formatBytes(s.size);
  return new ResourceNode({
    id: `${idPrefix}/${s.id}`,
    label: s.name,
    description: [s.regions.join(', '), size].filter(Boolean).join(' · '),
    icon: s.task ? stateIcon('busy') : new vscode.ThemeIcon('device-camera'),
    ...(s.task ? { state: stateName('busy') } : {}),
    contextValue: `snapshot:${s.task ? 'busy' : 'ready'}`,
    resource: refTo('snapshot', s),
    tooltip: () => markdown([
      `**$(device-camera) ${cell(s.name)}**`, '', '| | |', '|---|---|',
      `| ${vscode.l10n.t('Regions')} | ${cell(s.regions.join(', '))} |`,
      `| ${vscode.l10n.t('Size')} | ${cell(size)} |`,
      `| ${vscode.l10n.t('From stacklet')} | ${cell(s.stacklet?.name ?? s.stacklet?.id)} |`,
      `| ${vscode.l10n.t('Created')} | ${cell(s.created_at)} |`,
      ...(s.task ? [`| ${vscode.l10n.t('Task')} | ${cell(s.task.description.progress || s.task.name)} |`] : []),
      `| ID | ${cell(s.id)} |`,
    ]),
  });
}
