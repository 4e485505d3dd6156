import * as vscode from 'vscode';
import { formatBytes } from '../model/format';
import { itemAction } from './action';
import { idleStacklets } from './idlePick';
import { sizeChoice, yesNo } from './choices';
import { pickStep, runWizard, type WizardStep } from './wizard';

interface Resize {
  size?: string;
  disk?: boolean;
}

/**
 * Resize: a size (vCPU, memory, disk, monthly price; the current one marked and refused), then whether to
 * grow the disk when the new size has a larger one (permanent: the disk never shrinks again).
 */
export const resizeStacklet = itemAction<'stacklet', { size: string; disk: boolean | undefined }>({
  kind: 'stacklet',
  pick: () => idleStacklets(vscode.l10n.t('Resize which stacklet?')),
  ask: async ({ item: stacklet, store }, deps) => {
    const sizes = (await store.get('size')).items;
    const currentDisk = stacklet.disk ?? stacklet.size.disk;
    const newDisk = (slug: string | undefined) => sizes.find((size) => size.slug === slug)?.disk;
    const title = vscode.l10n.t('Resize {0}', stacklet.name);
    const steps: WizardStep<Resize>[] = [
      {
        id: 'size',
        async ask(state, at) {
          let placeHolder = vscode.l10n.t('Now {0}. Pick the new size', stacklet.size.slug);
          for (;;) {
            // The current size comes first: Enter on it asks again, never picks the smallest by accident.
            const step = pickStep<Resize, string>(deps, 'size', async () => ({ title, placeHolder, ...(await sizeChoice(store, stacklet.size.slug)), initial: stacklet.size.slug }), (s) => s.size, (s, size) => (s.size = size));
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
          vscode.l10n.t('permanent: {0} can never be resized to a size with a smaller disk', stacklet.name),
          vscode.l10n.t('CPU and memory only; the resize can be undone'),
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
  send: ({ client, item }, { size, disk }) => client.resizeStacklet(item.id, size, disk),
  progress: (s) => vscode.l10n.t('Resizing {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not resize {0}', s.name),
  done: (s, { size }) => vscode.l10n.t('Resizing {0} to {1}.', s.name, size),
});
