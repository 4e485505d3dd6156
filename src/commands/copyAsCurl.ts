import * as vscode from 'vscode';
import { curlCommands, curlScript, TOKEN_VARIABLE } from '../api/curl';
import { describeRequests, type RecordedRequest } from '../api/recording';
import { isLocalEmulator } from '../auth/accountPlace';
import { propertiesOf } from '../documents/documentPaths';
import { actionGroups, type ActionEntry, type ActionGroup } from '../model/actionHistory';
import { kindSpec, type Kind, type KindSpec } from '../kinds/registry';
import * as notify from '../ui/notify';
import type { ResourceKey } from '../views/resourceTreeProvider';
import type { CommandDeps } from './deps';
import { refOfNode } from './target';
import { isBack } from './wizard';

/**
 * Copy as curl: the request that reads a resource (from its View Properties document or its tree item), or,
 * from the palette, the requests of an action of this window (each action's log entry names its number), or of
 * a whole account document's apply as one script. The token is never copied: the command reads it from
 * $STACKLET_TOKEN.
 */
export async function copyAsCurl(deps: CommandDeps, target?: unknown): Promise<boolean> {
  const resource: ResourceKey | undefined = refOfNode(target) ?? (target instanceof vscode.Uri ? propertiesOf(target.path) : undefined);
  const picked: { requests?: readonly RecordedRequest[]; script?: string } | undefined = resource ? { requests: await readOf(deps, resource) } : await pickAction(deps);
  const requests = picked?.requests;
  if (!picked || !requests) return false;
  if (requests.length === 0) {
    void notify.info(vscode.l10n.t('That action sent no request.'));
    return false;
  }
  await vscode.env.clipboard.writeText(picked.script !== undefined ? curlScript(picked.script, requests) : curlCommands(requests));
  deps.log.info(`Copied as curl: ${requests.map((r) => `${r.method} ${r.path}`).join(', ')}`);
  notify.statusMessage('copy', tokenHint(deps), 5000);
  return true;
}

/** Where the token for $STACKLET_TOKEN comes from: the user's own, or the one the local emulator printed. */
function tokenHint(deps: CommandDeps): string {
  const state = deps.session.state;
  const account = state.kind === 'signed-out' ? undefined : state.account;
  if (account?.isEmulator) {
    return vscode.l10n.t('Copied as curl for the emulator inside VS Code: its token is made anew at each start and never shown, so {0} cannot be set for it. Sign in to the emulator npm start (or npm run emulator) runs instead: it prints its token.', TOKEN_VARIABLE);
  }
  if (account && isLocalEmulator(account)) {
    return vscode.l10n.t('Copied as curl for the local emulator at {0}: set {1} to the "Demo token" npm start (or npm run emulator) printed.', account.apiUrl, TOKEN_VARIABLE);
  }
  return vscode.l10n.t('Copied as curl: set {0} to your API token before running it.', TOKEN_VARIABLE);
}

/** The read of one resource (by id where its kind has one, else its listing's first page), described, not sent. */
async function readOf(deps: CommandDeps, resource: ResourceKey): Promise<readonly RecordedRequest[] | undefined> {
  const spec = kindSpec(resource.kind as Kind) as KindSpec<Kind>;
  if (!spec.get && !spec.list) {
    void notify.info(vscode.l10n.t('No request of its own reads this item: copy its parent instead.'));
    return undefined;
  }
  const { client } = await deps.session.current();
  return describeRequests(() => (spec.get ? spec.get(client, resource.id, {}) : spec.list!(client, {}, { firstPageOnly: true })));
}

async function pickAction(deps: CommandDeps): Promise<{ requests: readonly RecordedRequest[]; script?: string } | undefined> {
  const entries = deps.history.list();
  if (entries.length === 0) {
    void notify.info(vscode.l10n.t('No action has run in this window yet; View Properties copies the read of a resource.'));
    return undefined;
  }
  // A whole apply is offered above its newest step, as one script of every step's requests in the order they ran.
  const groups = new Map(actionGroups(entries).map((found) => [found.group.id, found]));
  type Picked = { entry: ActionEntry } | { group: ActionGroup; steps: readonly ActionEntry[] };
  const items: { label: string; icon: string; description: string; detail?: string; value: Picked }[] = [];
  for (const entry of entries) {
    const found = entry.group ? groups.get(entry.group.id) : undefined;
    if (found) {
      groups.delete(found.group.id);
      items.push({
        label: vscode.l10n.t('{0} (as one script)', found.group.title),
        icon: found.steps.some((step) => step.failure !== undefined) ? 'error' : 'check',
        description: vscode.l10n.t('actions {0}–{1}', found.steps[0]!.id, found.steps.at(-1)!.id),
        value: found,
      });
    }
    items.push({
      label: entry.agent
        ? entry.agent.door === 'mcp' ? vscode.l10n.t('Action {0} (an agent over MCP): {1}', entry.id, entry.title) : vscode.l10n.t('Action {0} (agent mode): {1}', entry.id, entry.title)
        : vscode.l10n.t('Action {0}: {1}', entry.id, entry.title),
      icon: entry.failure === undefined ? 'check' : 'error',
      description: entry.requests.map((r) => `${r.method} ${r.path} → ${r.status ?? '—'}`).join(', '),
      ...(entry.failure !== undefined ? { detail: entry.failure } : {}),
      value: { entry },
    });
  }
  const picked = await deps.prompter.pick<Picked>({
    title: vscode.l10n.t('Copy an Action as curl'),
    placeHolder: vscode.l10n.t('The actions of this window, newest first (the log names them by number)'),
    items,
  });
  if (picked === undefined || isBack(picked)) return undefined;
  if ('entry' in picked) return { requests: picked.entry.requests };
  return { requests: picked.steps.flatMap((step) => step.requests), script: picked.group.title };
}
