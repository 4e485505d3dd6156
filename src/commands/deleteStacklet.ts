import * as vscode from 'vscode';
import type { ListingKind } from '../model/resourceStore';
import { stackletState } from '../model/format';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';
import { isBack } from './wizard';

/** Delete: the user types the stacklet's exact name to confirm; the listings it appeared in are fetched again. */
export async function deleteStacklet(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, vscode.l10n.t('Delete which stacklet?'), (s) => stackletState(s) !== 'busy');
  if (!target) return;
  const { client, store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const typed = await deps.prompter.input({
    title: vscode.l10n.t('Delete {0}', stacklet.name),
    prompt: vscode.l10n.t('This destroys {0} and everything on its disk. Type its name to confirm.', stacklet.name),
    placeHolder: stacklet.name,
    validate: (text) => (text === stacklet.name ? undefined : vscode.l10n.t('Type {0} exactly to confirm the deletion', stacklet.name)),
  });
  if (typed === undefined || isBack(typed) || typed !== stacklet.name) return;
  const deleted = await send(deps, vscode.l10n.t('Deleting {0}…', stacklet.name), vscode.l10n.t('Could not delete {0}', stacklet.name), async () => {
    await client.deleteStacklet(stacklet.id);
    return true;
  });
  if (!deleted) return;
  const related: ListingKind[] = ['stacklets'];
  if (stacklet.volume_uuid) related.push('volumes');
  if (stacklet.firewall_uuid) related.push('firewalls');
  if (stacklet.vpc_uuid) related.push('vpcs');
  store.invalidate(...related, 'loadBalancers');
  done(deps, vscode.l10n.t('Deleted {0}.', stacklet.name));
}
