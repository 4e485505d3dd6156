import * as vscode from 'vscode';
import { renameAction } from './renameAction';

export const renameCluster = renameAction('cluster', {
  pickTitle: () => vscode.l10n.t('Rename which Kubernetes cluster?'),
  what: () => vscode.l10n.t('cluster'),
  none: () => vscode.l10n.t('Every cluster is busy: try again when its task completes.'),
});
