import * as vscode from 'vscode';
import type { Snapshot, Stacklet, Volume } from '../api/schemas';
import type { AgentData } from '../agent/envelope';
import { deletionChangeOf, refTo } from '../kinds/registry';
import { costSentence, extraWords, stackletDeletionTitle, typeToConfirm, whatGoesAndStays } from '../model/actionWords';
import { confirmsText, typeableText } from '../model/serviceText';
import type { ResourceStore } from '../kinds/resourceStore';
import type { PickItem } from '../ui/prompter';
import { typedCheck } from '../ui/typedCheck';
import { actionCommand } from './actionCommand';
import type { CommandDeps } from './deps';
import { idleStacklets } from './idlePick';
import type { Target } from './target';
import { inputStep, pickManyStep, runWizard, type WizardStep } from './wizard';
import { plural } from '../api/plural';

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
    ...typedCheck(stacklet.name, typeToConfirm(goesAndStays(stacklet, all, a.extras) + costSentence(deletionChangeOf(refTo('stacklet', stacklet))), typeableText(stacklet.name))),
  }), (a) => a.typed, (a, typed) => (a.typed = typed)));
  const answers = await runWizard<Answers>({ extras: [] }, () => steps);
  return answers?.typed !== undefined && confirmsText(answers.typed, stacklet.name) ? answers : undefined;
}

/** What was asked to go along but did not, each said with the service's words (the stacklet went). */
function notDeleted(deps: CommandDeps, data: AgentData): void {
  for (const { resource, error } of (data['notDeleted'] ?? []) as { resource: { kind: string; name: string }; error: string }[]) {
    const failure = resource.kind === 'volume' ? vscode.l10n.t('Could not delete volume {0}', resource.name) : vscode.l10n.t('Could not delete snapshot {0}', resource.name);
    deps.notifier.error(new Error(error), failure);
  }
}

/**
 * Delete a stacklet: the user types its exact name; its volumes and snapshots are offered in the same flow,
 * unchecked. The stacklet's delete definition (src/kinds/stacklet/operations.ts) plans it with those checked
 * (`along`) and sends it, then them, as it does for an agent; each row says "deleting…" until it goes.
 */
export const deleteStacklet = actionCommand({
  kind: 'stacklet',
  action: 'delete',
  typedInPrompts: true,
  pick: () => idleStacklets(vscode.l10n.t('Delete which stacklet?')),
  input: async (target, deps) => {
    const answers = await ask(target, deps);
    return answers && { along: answers.extras.map((extra) => extra.item.id), typed: answers.typed };
  },
  settled: notDeleted,
  done: (s) => vscode.l10n.t('Deleted {0}.', s.name),
  // On a selection, each stacklet goes with its disk only: its volumes and snapshots stay (said in the question).
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 stacklet?'), vscode.l10n.t('Delete {0} stacklets?', n)),
      detail: plural(n, vscode.l10n.t('This destroys the stacklet and its disk. Its volumes and snapshots stay.'), vscode.l10n.t('This destroys each stacklet and its disk. Their volumes and snapshots stay.')),
      button: vscode.l10n.t('Delete'),
      typed: plural(n, vscode.l10n.t('delete 1 stacklet'), vscode.l10n.t('delete {0} stacklets', n)),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 stacklet'), vscode.l10n.t('Deleting {0} stacklets', n)),
  },
});
