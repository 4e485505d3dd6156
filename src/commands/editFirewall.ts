import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { firewallKind } from '../kinds/firewall/document';
import type { CommandDeps } from './deps';
import { resolveTarget } from './target';

/** Opens a firewall as a JSON document (stacklet-firewall://<account>/<uuid>/<name>.jsonc); an explicit save applies it. */
export async function editFirewall(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, 'firewall', { title: vscode.l10n.t('Edit which firewall?'), none: vscode.l10n.t('This account has no firewall yet: create one with New Firewall.') });
  if (!target) return;
  await openDocument(deps, () => deps.documentEditors.openExisting(firewallKind, target.item.uuid), vscode.l10n.t('Could not read firewall {0}', target.item.name));
}

/** Opens a new firewall's document (…/new/new-firewall-N.jsonc) pre-filled with a template; an explicit save creates it. */
export async function newFirewall(deps: CommandDeps): Promise<void> {
  await deps.documentEditors.openNew(firewallKind);
}

/** Opens a document; a failure (the service could not be read) is shown with the action's name. */
export async function openDocument(deps: CommandDeps, open: () => Promise<unknown>, failure: string): Promise<void> {
  try {
    await notify.withProgress('window', vscode.l10n.t('Opening…'), open);
  } catch (error) {
    deps.notifier.error(error, failure);
  }
}
