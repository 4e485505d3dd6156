import * as vscode from 'vscode';
import { checkHostname } from '../api/validators';
import { stackletState } from '../model/format';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';
import { isBack } from './wizard';

/** Rename: the new name is also the hostname, so the hostname rule applies. */
export async function renameStacklet(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, vscode.l10n.t('Rename which stacklet?'), (s) => stackletState(s) !== 'busy');
  if (!target) return;
  const { client, store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const typed = await deps.prompter.input({
    title: vscode.l10n.t('Rename {0}', stacklet.name),
    prompt: vscode.l10n.t('The new name, which is also the hostname'),
    value: stacklet.name,
    validate: (text) => checkHostname(text.trim(), vscode.l10n.t('Name')),
  });
  if (typed === undefined || isBack(typed) || typed.trim() === stacklet.name) return;
  const name = typed.trim();
  const answer = await send(deps, vscode.l10n.t('Renaming {0}…', stacklet.name), vscode.l10n.t('Could not rename {0}', stacklet.name), () => client.renameStacklet(stacklet.id, name));
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Renaming {0} to {1}.', stacklet.name, name));
}
