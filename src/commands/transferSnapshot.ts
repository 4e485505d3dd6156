import * as vscode from 'vscode';
import { regionItems, typedSlug } from './choices';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, SNAPSHOT } from './targets';
import { isBack } from './wizard';

/** Transfer a snapshot to another region: the regions it is not in yet. */
export async function transferSnapshot(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, SNAPSHOT, vscode.l10n.t('Transfer which snapshot?'), (s) => !s.task);
  if (!target) return;
  const { client, store, item: snapshot } = target;
  if (refuseWhenBusy(deps, 'snapshots', snapshot.id, snapshot.name, snapshot.task)) return;
  const items = await regionItems(store, undefined, snapshot.regions);
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} is already in every available region.', snapshot.name));
    return;
  }
  const region = await deps.prompter.pick<string>({
    title: vscode.l10n.t('Transfer {0}', snapshot.name),
    placeHolder: vscode.l10n.t('The region to copy it to (it is in {0})', snapshot.regions.join(', ')),
    items,
    typed: typedSlug,
  });
  if (region === undefined || isBack(region)) return;
  const answer = await send(deps, vscode.l10n.t('Transferring {0} to {1}…', snapshot.name, region), vscode.l10n.t('Could not transfer {0} to {1}', snapshot.name, region), () => client.transferSnapshot(snapshot.id, region));
  if (!answer) return;
  settle(deps, store, 'snapshots', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Transferring {0} to {1}.', snapshot.name, region));
}
