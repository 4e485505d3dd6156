import * as vscode from 'vscode';
import type { LoadBalancer } from '../api/schemas';
import { loadBalancerKind } from '../documents/loadBalancer/kind';
import type { CommandDeps } from './deps';
import { openDocument } from './editFirewall';
import { resolveResource } from './pickResource';

/** Opens a load balancer as a JSON document (stacklet-loadbalancer://<account>/<uuid>/<name>.jsonc); an explicit save applies it. */
export async function editLoadBalancer(deps: CommandDeps, node?: unknown): Promise<void> {
  // A load balancer in a task takes no change: the palette offers only idle ones (the menu is gated the same way).
  const ref = await resolveResource(deps, node, ['loadBalancers'], vscode.l10n.t('Edit which load balancer?'), (r) => !(r.data as LoadBalancer).task);
  if (!ref) return;
  await openDocument(deps, () => deps.documentEditors.openExisting(loadBalancerKind, String(ref.id)), vscode.l10n.t('Could not read load balancer {0}', ref.name));
}

/** Opens a new load balancer's document (…/new/new-load-balancer-N.jsonc) from a template; an explicit save creates it. */
export async function newLoadBalancerDocument(deps: CommandDeps): Promise<void> {
  await deps.documentEditors.openNew(loadBalancerKind);
}
