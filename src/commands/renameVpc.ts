import * as vscode from 'vscode';
import { renameAction } from './renameAction';

/** Rename a VPC; it takes effect at once (no task). */
export const renameVpc = renameAction('vpc', {
  pickTitle: () => vscode.l10n.t('Rename which VPC?'),
  what: () => vscode.l10n.t('VPC'),
  none: () => vscode.l10n.t('This account has no VPC to rename.'),
});
