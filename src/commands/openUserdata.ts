import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { resolveResource } from './target';

/** Shows a userdata script, fetched fresh from the service, in a read-only shell document. */
export async function openUserdata(deps: CommandDeps, node?: unknown, uuid?: string): Promise<void> {
  const { client } = await deps.session.current();
  const id = uuid ?? (await resolveResource(deps, node, ['userdata'], { title: vscode.l10n.t('Open which userdata script?'), none: vscode.l10n.t('This account has no userdata script.') }))?.id;
  if (id === undefined) return;
  try {
    const script = await client.getUserdata(String(id));
    const safeName = script.name.replace(/[^\w.-]+/g, '_') || 'userdata';
    await deps.documents.show(`/userdata/${script.uuid}/${safeName}.sh`, script.userdata, 'shellscript');
  } catch (error) {
    deps.notifier.error(error, vscode.l10n.t('Could not open the userdata script'));
  }
}
