import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { ALL_PICKABLE, resolveResource } from './pickResource';

async function copy(deps: CommandDeps, text: string, what: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  deps.log.info(`Copied ${what}`);
  vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Copied {0}: {1}', what, text), 3000);
}

export async function copyId(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, ALL_PICKABLE, vscode.l10n.t('Copy the ID of which resource?'));
  if (ref) await copy(deps, String(ref.id), vscode.l10n.t('ID'));
}

export async function copyName(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, ALL_PICKABLE, vscode.l10n.t('Copy the name of which resource?'));
  if (ref) await copy(deps, ref.name, vscode.l10n.t('name'));
}

export async function copyIp(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, ['stacklets', 'loadBalancers', 'kubernetes'], vscode.l10n.t('Copy the IP address of which resource?'), (r) => !!r.ip);
  if (!ref) return;
  if (!ref.ip) {
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} has no IP address yet.', ref.name));
    return;
  }
  await copy(deps, ref.ip, vscode.l10n.t('IP address'));
}
