import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { send } from './action';
import { resolveTarget } from './target';

/** Opens a firewall's rules as a JSON document (stacklet-firewall:/<uuid>/<name>.json); saving applies it. */
export async function editFirewall(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, 'firewall', { title: vscode.l10n.t('Edit which firewall?'), none: vscode.l10n.t('This account has no firewall yet: create one with New Firewall.') });
  if (!target) return;
  const { client, item } = target;
  // The document starts from the service's current state, not from a listing that may be stale.
  const firewall = await send(deps, vscode.l10n.t('Reading {0}…', item.name), vscode.l10n.t('Could not read firewall {0}', item.name), () => client.getFirewall(item.uuid));
  if (!firewall) return;
  await deps.firewalls.openFirewall(firewall);
}

/** Opens a new firewall's document (stacklet-firewall:/new/<name>.json) pre-filled with a template; saving creates it. */
export async function newFirewall(deps: CommandDeps): Promise<void> {
  await deps.session.current();
  await deps.firewalls.openNew();
}
