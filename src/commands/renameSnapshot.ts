import * as vscode from 'vscode';
import { renameAction } from './renameAction';

export const renameSnapshot = renameAction('snapshot', {
  pickTitle: () => vscode.l10n.t('Rename which snapshot?'),
  what: () => vscode.l10n.t('snapshot'),
  none: () => vscode.l10n.t('Every snapshot is busy: try again when its task completes.'),
});
