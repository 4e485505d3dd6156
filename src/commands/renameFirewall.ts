import * as vscode from 'vscode';
import { renameAction } from './renameAction';

/** Rename a firewall; it takes effect at once (no task). */
export const renameFirewall = renameAction('firewall', {
  pickTitle: () => vscode.l10n.t('Rename which firewall?'),
  what: () => vscode.l10n.t('firewall'),
  none: () => vscode.l10n.t('This account has no firewall to rename.'),
});
