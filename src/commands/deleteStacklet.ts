import * as vscode from 'vscode';
import type { AnswerData } from '../actions/answerData';
import { refTo, type ResourceRef } from '../kinds/registry';
import { alongFailure, keptWith, stackletDeletionDetail } from '../kinds/stacklet/operations';
import { stackletDeletionTitle } from '../model/actionWords';
import { confirmsText } from '../model/serviceText';
import type { PickItem } from '../ui/prompter';
import { typedCheck } from '../ui/typedCheck';
import { actionCommand } from './actionCommand';
import type { CommandDeps } from './deps';
import { idleStacklets } from './idlePick';
import type { Target } from './target';
import { inputStep, pickManyStep, runWizard, type WizardStep } from './wizard';
import { plural } from '../api/plural';

/** What may go besides the stacklet: its volumes and snapshots, each only when the user checked it. */
type Extra = ResourceRef<'volume' | 'snapshot'>;

interface Answers {
  extras: Extra[];
  typed?: string;
}

function extraItem(extra: Extra): PickItem<Extra> {
  return extra.kind === 'volume'
    ? { label: extra.name, icon: 'database', description: vscode.l10n.t('volume · {0} GB · its data goes too', extra.data.size_gigabytes), value: extra }
    : { label: extra.name, icon: 'device-camera', description: vscode.l10n.t('snapshot · {0}', extra.data.regions.join(', ')), value: extra };
}

/**
 * Asks, in one flow: which of the stacklet's volumes and snapshots go with it (none checked), then its name
 * typed, under the definition's words of what goes and what stays.
 */
async function ask({ item: stacklet, store }: Target<'stacklet'>, deps: CommandDeps): Promise<Answers | undefined> {
  const all = await keptWith(store, stacklet);
  const ref = refTo('stacklet', stacklet) as ResourceRef;
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
    ...typedCheck(stacklet.name, stackletDeletionDetail((text) => text, ref, a.extras, all.filter((extra) => !a.extras.includes(extra)))),
  }), (a) => a.typed, (a, typed) => (a.typed = typed)));
  const answers = await runWizard<Answers>({ extras: [] }, () => steps);
  return answers?.typed !== undefined && confirmsText(answers.typed, stacklet.name) ? answers : undefined;
}

/** What was asked to go along but did not, each said with the service's words (the stacklet went). */
function notDeleted(deps: CommandDeps, data: AnswerData): void {
  for (const { resource, error } of (data['notDeleted'] ?? []) as { resource: { kind: string; name: string }; error: string }[]) {
    deps.notifier.error(new Error(error), alongFailure(resource));
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
    return answers && { along: answers.extras.map((extra) => extra.id), typed: answers.typed };
  },
  settled: notDeleted,
  done: (s) => vscode.l10n.t('Deleted {0}.', s.name),
  // On a selection, each stacklet goes with its disk only: its volumes and snapshots stay (said in the question).
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 stacklet?'), vscode.l10n.t('Delete {0} stacklets?', n)),
      detail: plural(n, vscode.l10n.t('This destroys the stacklet and its disk. Its volumes and snapshots stay.'), vscode.l10n.t('This destroys each stacklet and its disk. Their volumes and snapshots stay.')),
      typed: plural(n, vscode.l10n.t('delete 1 stacklet'), vscode.l10n.t('delete {0} stacklets', n)),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 stacklet'), vscode.l10n.t('Deleting {0} stacklets', n)),
  },
});
