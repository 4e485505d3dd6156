import * as vscode from 'vscode';
import { askNewName } from './askNewName';
import type { CommandDeps } from './deps';
import { done, send } from './serviceAction';
import { FIREWALL, resolveTarget } from './targets';

/** Rename a firewall; it takes effect at once (no task). */
export async function renameFirewall(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, FIREWALL, vscode.l10n.t('Rename which firewall?'));
  if (!target) return;
  const { client, store, item: firewall } = target;
  const name = await askNewName(deps, firewall.name, vscode.l10n.t('firewall'));
  if (name === undefined) return;
  const answer = await send(deps, vscode.l10n.t('Renaming {0}…', firewall.name), vscode.l10n.t('Could not rename {0}', firewall.name), () => client.renameFirewall(firewall.uuid, name));
  if (!answer) return;
  store.update('firewalls', (f) => f.uuid === firewall.uuid, answer);
  done(deps, vscode.l10n.t('Renamed {0} to {1}.', firewall.name, name));
}
