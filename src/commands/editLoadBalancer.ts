import * as vscode from 'vscode';
import { loadBalancerKind } from '../kinds/loadBalancer/document';
import type { CommandDeps } from './deps';
import { openDocument } from './editFirewall';
import { resolveTarget } from './target';

/** Opens a load balancer as a JSON document (stacklet-loadbalancer://<account>/<uuid>/<name>.jsonc); an explicit save applies it. */
export async function editLoadBalancer(deps: CommandDeps, node?: unknown): Promise<void> {
  // A load balancer in a task takes no change: the palette offers only idle ones (the menu is gated the same way).
  const target = await resolveTarget(deps, node, 'loadBalancer', {
    title: vscode.l10n.t('Edit which load balancer?'),
    accept: (lb) => !lb.task,
    none: vscode.l10n.t('No load balancer can be edited now: there is none, or every one is busy.'),
  });
  if (!target) return;
  const lb = target.item;
  await openDocument(deps, () => deps.documentEditors.openExisting(loadBalancerKind, lb.uuid), vscode.l10n.t('Could not read load balancer {0}', lb.name));
}

/** Opens a new load balancer's document (…/new/new-load-balancer-N.jsonc) from a template; an explicit save creates it. */
export async function newLoadBalancerDocument(deps: CommandDeps): Promise<void> {
  await deps.documentEditors.openNew(loadBalancerKind);
}
