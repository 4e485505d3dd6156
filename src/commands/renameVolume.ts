import * as vscode from 'vscode';
import { renameAction } from './renameAction';

export const renameVolume = renameAction('volume', {
  pickTitle: () => vscode.l10n.t('Rename which volume?'),
  what: () => vscode.l10n.t('volume'),
  none: () => vscode.l10n.t('Every volume is busy: try again when its task completes.'),
});
