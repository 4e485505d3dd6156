import * as vscode from 'vscode';
import type { Snapshot, Stacklet, Volume } from '../api/schemas';
import { refTo } from '../kinds/registry';
import { costSentence, extraWords, stackletDeletionTitle, typeToConfirm, whatGoesAndStays } from '../model/actionWords';
import { confirmsText, typeableText } from '../model/serviceText';
import type { ResourceStore } from '../model/resourceStore';
import type { PickItem } from '../ui/prompter';
import { done, send } from './action';
import { deleteAction, deletingMark, sendDeletion, typedCheck, type DeleteAction, deletingMany } from './deleteAction';
import type { CommandDeps } from './deps';
import { idleStacklets } from './idlePick';
import type { Target } from './target';
import { inputStep, pickManyStep, runWizard, type WizardStep } from './wizard';
import { plural } from '../model/plural';

/** What goes besides the stacklet: its volumes and snapshots, each only when the user checked it. */
type Extra = { readonly kind: 'volume'; readonly item: Volume } | { readonly kind: 'snapshot'; readonly item: Snapshot };

interface Answers {
  extras: Extra[];
  typed?: string;
}

/** The stacklet's attached volumes and its snapshots, as the cache knows them (listed when not yet loaded). */
async function extrasOf(store: ResourceStore, stacklet: Stacklet): Promise<Extra[]> {
  const [volumes, snapshots] = await Promise.all([
    store.get('volume').catch(() => undefined),
    stacklet.snapshot_ids.length > 0 ? store.get('snapshot').catch(() => undefined) : undefined,
  ]);
  return [
    ...(volumes?.items ?? []).filter((v) => v.stacklet?.id === stacklet.id || v.id === stacklet.volume_uuid).map((item): Extra => ({ kind: 'volume', item })),
    ...(snapshots?.items ?? []).filter((s) => stacklet.snapshot_ids.includes(s.id) || s.stacklet?.id === stacklet.id).map((item): Extra => ({ kind: 'snapshot', item })),
  ];
}

const extraName = (extra: Extra) => extraWords(extra.kind, extra.item.name);

function extraItem(extra: Extra): PickItem<Extra> {
  return extra.kind === 'volume'
    ? { label: extra.item.name, icon: 'database', description: vscode.l10n.t('volume · {0} GB · its data goes too', extra.item.size_gigabytes), value: extra }
    : { label: extra.item.name, icon: 'device-camera', description: vscode.l10n.t('snapshot · {0}', extra.item.regions.join(', ')), value: extra };
}

/** "Deletes: … Keeps: …", naming each of the stacklet's volumes and snapshots on one side or the other. */
function goesAndStays(stacklet: Stacklet, all: readonly Extra[], chosen: readonly Extra[]): string {
  return whatGoesAndStays(stacklet.name, chosen.map(extraName), all.filter((extra) => !chosen.includes(extra)).map(extraName));
}

/**
 * Asks, in one flow: which of the stacklet's volumes and snapshots go with it (none checked), then its name
 * typed, under a line that says what goes and what stays.
 */
async function ask({ item: stacklet, store }: Target<'stacklet'>, deps: CommandDeps): Promise<Answers | undefined> {
  const all = await extrasOf(store, stacklet);
  const title = stackletDeletionTitle(stacklet.name);
  const steps: WizardStep<Answers>[] = [];
  if (all.length > 0) {
    steps.push(pickManyStep<Answers, Extra>(deps, 'extras', () => ({
      title,
      placeHolder: vscode.l10n.t('Also delete any of these? Unchecked, they stay.'),
      items: all.map(extraItem),
    }), (a) => a.extras, (a, extras) => (a.extras = extras)));
  }
  steps.push(inputStep<Answers>(deps, 'typed', (a) => ({
    title,
    ...typedCheck(stacklet.name, typeToConfirm(goesAndStays(stacklet, all, a.extras) + costSentence(refTo('stacklet', stacklet)), typeableText(stacklet.name))),
  }), (a) => a.typed, (a, typed) => (a.typed = typed)));
  const answers = await runWizard<Answers>({ extras: [] }, () => steps);
  return answers?.typed !== undefined && confirmsText(answers.typed, stacklet.name) ? answers : undefined;
}

/** The volumes and snapshots the user checked, one by one once the stacklet is gone; each failure said on its own. */
async function deleteExtras(deps: CommandDeps, target: Target<'stacklet'>, { extras }: Answers): Promise<void> {
  for (const extra of extras) {
    const name = extra.item.name;
    const deleted = extra.kind === 'volume'
      ? await send(deps, vscode.l10n.t('Deleting {0}…', name), vscode.l10n.t('Could not delete volume {0}', name),
        () => sendDeletion(target, deletingMark('volume', extra.item), () => target.client.deleteVolume(extra.item.id)))
      : await send(deps, vscode.l10n.t('Deleting {0}…', name), vscode.l10n.t('Could not delete snapshot {0}', name),
        () => sendDeletion(target, deletingMark('snapshot', extra.item), () => target.client.deleteSnapshot(extra.item.id)));
    if (!deleted) continue;
    target.store.removeDeleted(extra.kind, extra.item.id);
    done(deps, extra.kind === 'volume' ? vscode.l10n.t('Deleted volume {0}.', name) : vscode.l10n.t('Deleted snapshot {0}.', name));
  }
}

/**
 * Delete a stacklet: the user types its exact name; its volumes and snapshots are offered in the same flow,
 * unchecked. The listings it appeared in are fetched again.
 */
export const stackletDeletion: DeleteAction<'stacklet', Answers> = {
  kind: 'stacklet',
  pick: () => idleStacklets(vscode.l10n.t('Delete which stacklet?')),
  ask,
  remove: (client, stacklet) => client.deleteStacklet(stacklet.id),
  related: (_stacklet, { extras }) => (extras.some((extra) => extra.kind === 'volume') ? ['volume'] : []),
  after: deleteExtras,
  progress: (s) => vscode.l10n.t('Deleting {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not delete {0}', s.name),
  done: (s) => vscode.l10n.t('Deleted {0}.', s.name),
  // On a selection, each stacklet goes with its disk only: its volumes and snapshots stay (said in the question).
  many: deletingMany({
    question: (n) => plural(n, vscode.l10n.t('Delete 1 stacklet?'), vscode.l10n.t('Delete {0} stacklets?', n)),
    detail: (n) => plural(n, vscode.l10n.t('This destroys the stacklet and its disk. Its volumes and snapshots stay.'), vscode.l10n.t('This destroys each stacklet and its disk. Their volumes and snapshots stay.')),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 stacklet'), vscode.l10n.t('Deleting {0} stacklets', n)),
    typed: (n) => plural(n, vscode.l10n.t('delete 1 stacklet'), vscode.l10n.t('delete {0} stacklets', n)),
  }, { extras: [] }),
};

export const deleteStacklet = deleteAction(stackletDeletion);
