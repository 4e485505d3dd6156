import * as vscode from 'vscode';
import { userdataKind } from '../kinds/userdata/document';
import type { CommandDeps } from './deps';
import { openDocument } from './editFirewall';
import { resolveResource } from './target';

/**
 * Opens a userdata script as a shell-script document (stacklet-userdata://<account>/<uuid>/<name>.sh), also
 * what a click on the item does: the first line `#: name: …` names it, an explicit save updates it.
 */
export async function editUserdata(deps: CommandDeps, node?: unknown, uuid?: string): Promise<void> {
  const id = uuid ?? (await resolveResource(deps, node, ['userdata'], { title: vscode.l10n.t('Edit which userdata script?'), none: vscode.l10n.t('This account has no userdata script yet: create one with New Userdata Script.') }))?.id;
  if (id === undefined) return;
  await openDocument(deps, () => deps.documentEditors.openExisting(userdataKind, String(id)), vscode.l10n.t('Could not open the userdata script'));
}

/** Opens a new userdata script's document (…/new/new-script-N.sh) from a template; an explicit save creates it. */
export async function newUserdata(deps: CommandDeps): Promise<void> {
  await deps.documentEditors.openNew(userdataKind);
}
