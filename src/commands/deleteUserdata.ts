import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { done, send } from './action';
import { resolveResource } from './target';

/** Deletes a userdata script after a modal naming it; nothing changes on a refusal, in the service's words. */
export async function deleteUserdata(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, ['userdata'], { title: vscode.l10n.t('Delete which userdata script?'), none: vscode.l10n.t('This account has no userdata script.') });
  if (!ref) return;
  const { client, store } = await deps.session.current();
  const ok = await deps.prompter.confirm(
    vscode.l10n.t('Delete userdata script {0}?', ref.name),
    vscode.l10n.t('The script is deleted from Stacklet Cloud. Stacklets created with it keep what it did.'),
    vscode.l10n.t('Delete'),
  );
  if (!ok) return;
  const deleted = await send(deps, vscode.l10n.t('Deleting {0}…', ref.name), vscode.l10n.t('Could not delete userdata script {0}', ref.name), async () => {
    await client.deleteUserdata(String(ref.id));
    return true;
  });
  if (!deleted) return;
  store.invalidate('userdata');
  done(deps, vscode.l10n.t('Deleted userdata script {0}.', ref.name));
}
