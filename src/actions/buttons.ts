/** The buttons the definitions' confirmations share, in every door's words. No vscode import. */
import * as l10n from '@vscode/l10n';

export const button = {
  add: () => l10n.t('Add'),
  apply: () => l10n.t('Apply'),
  attach: () => l10n.t('Attach'),
  create: () => l10n.t('Create'),
  delete: () => l10n.t('Delete'),
  rename: () => l10n.t('Rename'),
  resize: () => l10n.t('Resize'),
};
