import * as vscode from 'vscode';
import { checkName } from '../api/validators';
import { stackletState } from '../model/format';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';
import { isBack } from './wizard';

/** Take Snapshot: asks for the snapshot's name (a dated default); the snapshot appears when the task ends. */
export async function snapshotStacklet(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, vscode.l10n.t('Take a snapshot of which stacklet?'), (s) => stackletState(s) !== 'busy');
  if (!target) return;
  const { client, store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const name = await deps.prompter.input({
    title: vscode.l10n.t('Take Snapshot of {0}', stacklet.name),
    prompt: vscode.l10n.t('The name of the new snapshot'),
    value: `${stacklet.name} ${new Date().toISOString().slice(0, 10)}`,
    validate: (text) => checkName(text, vscode.l10n.t('Name')),
  });
  if (name === undefined || isBack(name)) return;
  const snapshotName = name.trim();
  const answer = await send(deps, vscode.l10n.t('Taking a snapshot of {0}…', stacklet.name), vscode.l10n.t('Could not take a snapshot of {0}', stacklet.name), () => client.snapshotStacklet(stacklet.id, snapshotName));
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Taking snapshot "{0}" of {1}.', snapshotName, stacklet.name));
}
