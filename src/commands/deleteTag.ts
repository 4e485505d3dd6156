import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';

/**
 * Delete Tag (DELETE /v1/tags/:id, the name as id), which the service takes off whatever carries it: the tag's
 * delete definition (src/kinds/tag/operations.ts) plans it, its confirmation naming each stacklet that carries
 * the tag (read from the listing as fresh as the cache has it), Keep first; the stacklets are read again after.
 */
export const deleteTag = actionCommand({
  kind: 'tag',
  action: 'delete',
  pick: () => ({ title: vscode.l10n.t('Delete which tag?'), none: vscode.l10n.t('This account has no tag.') }),
  done: (tag) => vscode.l10n.t('Deleted tag {0}.', tag.name),
});
