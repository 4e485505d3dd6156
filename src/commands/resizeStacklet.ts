import * as vscode from 'vscode';
import type * as s from '../api/schemas';
import { diskFits, stackletDisk } from '../model/actionChecks';
import { resizeDiskWords, smallerDiskWords } from '../model/actionWords';
import { formatBytes } from '../model/format';
import { actionCommand } from './actionCommand';
import { idleStacklets } from './idlePick';
import { sizeChoice, yesNo } from './choices';
import { isBack, pickStep, runWizard, type WizardStep } from './wizard';
import { plural } from '../api/plural';

interface Resize {
  size?: string;
  disk?: boolean;
}

/** What the prompts give: the definition's input besides the stacklet. */
type Answers = { size: string; disk?: boolean | undefined };


/**
 * Resize: a size (vCPU, memory, disk, monthly price and the change it makes; the current one marked and
 * refused), then whether to grow the disk when the new size has a larger one (permanent: the disk never
 * shrinks again). Answering is the confirmation (each size says what it changes in the monthly estimate); the
 * definition (src/kinds/stacklet/operations.ts) plans and sends it. On several stacklets, one size for all, and
 * the disk question once.
 */
export const resizeStacklet = actionCommand<'stacklet', Answers>({
  kind: 'stacklet',
  action: 'resize',
  confirm: 'prompt',
  pick: () => idleStacklets(vscode.l10n.t('Resize which stacklet?')),
  input: async ({ item: stacklet, store }, deps) => {
    const sizes = (await store.get('size')).items;
    const currentDisk = stackletDisk(stacklet);
    const newDisk = (slug: string | undefined) => sizes.find((size) => size.slug === slug)?.disk;
    const title = vscode.l10n.t('Resize {0}', stacklet.name);
    // The service refuses a size with a smaller disk: not offered, and refused with the reason when typed.
    const shrinks = (size: s.Size) => (diskFits(stacklet, size) ? undefined : smallerDiskWords(size.slug, formatBytes(size.disk), stacklet.name, formatBytes(currentDisk)));
    const leftOut = sizes.some((size) => size.available && shrinks(size));
    const steps: WizardStep<Resize>[] = [
      {
        id: 'size',
        async ask(state, at) {
          let placeHolder = leftOut
            ? vscode.l10n.t('Now {0}; sizes with a disk under {1} left out', stacklet.size.slug, formatBytes(currentDisk))
            : vscode.l10n.t('Now {0}. Pick the new size', stacklet.size.slug);
          for (;;) {
            // The current size comes first: Enter on it asks again, never picks the smallest by accident.
            const step = pickStep<Resize, string>(deps, 'size', async () => ({ title, placeHolder, ...(await sizeChoice(store, stacklet.size.slug, shrinks)), initial: stacklet.size.slug }), (s) => s.size, (s, size) => (s.size = size));
            const answer = await step.ask(state, at);
            if (answer !== 'next' || state.size !== stacklet.size.slug) return answer;
            // The current size is marked and refused: ask again.
            placeHolder = vscode.l10n.t('{0} is the current size. Pick another size', stacklet.size.slug);
            state.size = undefined;
          }
        },
      },
      pickStep(deps, 'disk', (s) => ({
        title,
        placeHolder: vscode.l10n.t('Grow the disk from {0} to {1}?', formatBytes(currentDisk), formatBytes(newDisk(s.size))),
        // Growing the disk cannot be undone: No comes first.
        items: yesNo(
          resizeDiskWords(stacklet.name, true),
          resizeDiskWords(stacklet.name, false),
          { first: 'no' },
        ),
      }), (s) => s.disk, (s, disk) => (s.disk = disk)),
    ];
    // The disk question only makes sense when the new size offers a larger disk.
    const asksDisk = (s: Resize) => s.size === undefined || (newDisk(s.size) ?? Infinity) > currentDisk;
    const answers = await runWizard<Resize>({}, (s) => (asksDisk(s) ? steps : steps.slice(0, 1)));
    if (!answers?.size) return undefined;
    return { size: answers.size, disk: asksDisk(answers) ? answers.disk : undefined };
  },
  done: (s, { size }) => vscode.l10n.t('Resizing {0} to {1}.', s.name, size),
  many: {
    ask: async ({ items, store }, deps) => {
      const sizes = (await store.get('size')).items;
      const now = [...new Set(items.map((item) => item.size.slug))];
      const title = plural(items.length, vscode.l10n.t('Resize 1 Stacklet'), vscode.l10n.t('Resize {0} Stacklets', items.length));
      const size = await deps.prompter.pick<string>({
        title,
        placeHolder: now.length === 1 ? vscode.l10n.t('All are {0} now. Pick one new size for all of them', now[0]!) : vscode.l10n.t('Pick one new size for all of them'),
        ...(await sizeChoice(store, now.length === 1 ? now[0] : undefined)),
      });
      if (size === undefined || isBack(size)) return undefined;
      const chosen = sizes.find((candidate) => candidate.slug === size);
      let disk: boolean | undefined;
      if (items.some((item) => (chosen?.disk ?? Infinity) > stackletDisk(item))) {
        // The reversible answer first, so Enter keeps every disk as it is.
        const items = yesNo(
          vscode.l10n.t('permanent: they can never be resized to a size with a smaller disk'),
          resizeDiskWords('', false),
          { first: 'no' },
        );
        const answer = await deps.prompter.pick<boolean>({ title, placeHolder: vscode.l10n.t('Grow the disks where {0} has a larger one?', size), items });
        if (answer === undefined || isBack(answer)) return undefined;
        disk = answer;
      }
      return { size, disk };
    },
    confirm: (count, { size, disk }) => ({
      question: plural(count, vscode.l10n.t('Resize 1 stacklet to {0}?', size), vscode.l10n.t('Resize {0} stacklets to {1}?', count, size)),
      detail: disk
        ? vscode.l10n.t('Their disks grow where {0} has a larger one: permanent, they can never be resized to a size with a smaller disk.', size)
        : vscode.l10n.t('CPU and memory only; the resize can be undone.'),
    }),
    progress: (count, { size }) => plural(count, vscode.l10n.t('Resizing 1 stacklet to {0}', size), vscode.l10n.t('Resizing {0} stacklets to {1}', count, size)),
    ended: (names, count, { size }) => plural(count, vscode.l10n.t('{0} was resized to {1}.', names, size), vscode.l10n.t('{0} were resized to {1}.', names, size)),
  },
});
