import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { addressOf, listedKindsOffering } from '../kinds/registry';
import type { CommandDeps } from './deps';
import { resolveResource } from './target';

async function copy(deps: CommandDeps, text: string, what: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  deps.log.info(`Copied ${what}`);
  notify.statusMessage('copy', vscode.l10n.t('Copied {0}: {1}', what, text), 3000);
}

export async function copyId(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, listedKindsOffering('copyId'), { title: vscode.l10n.t('Copy the ID of which resource?') });
  if (ref) await copy(deps, String(ref.id), vscode.l10n.t('ID'));
}

export async function copyName(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, listedKindsOffering('copyName'), { title: vscode.l10n.t('Copy the name of which resource?') });
  if (ref) await copy(deps, ref.name, vscode.l10n.t('name'));
}

export async function copyIp(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, listedKindsOffering('copyAddress'), {
    title: vscode.l10n.t('Copy the IP address of which resource?'),
    accept: (r) => !!addressOf(r),
    none: vscode.l10n.t('No stacklet, load balancer or cluster has an IP address yet.'),
  });
  if (!ref) return;
  const address = addressOf(ref);
  if (!address) {
    void notify.warning(vscode.l10n.t('{0} has no IP address yet.', ref.name));
    return;
  }
  await copy(deps, address, vscode.l10n.t('IP address'));
}
