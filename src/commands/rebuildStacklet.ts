import * as vscode from 'vscode';
import { itemAction } from './action';
import { idleStacklets } from './idlePick';
import { imageChoice } from './choices';
import { isBack } from './wizard';

/** Rebuild: an image (distribution, application or one of the account's snapshots), then a confirmation that warns the disk is wiped. */
export const rebuildStacklet = itemAction<'stacklet', { image: string | number; imageName: string }>({
  kind: 'stacklet',
  pick: () => idleStacklets(vscode.l10n.t('Rebuild which stacklet?')),
  ask: async ({ item: stacklet, store }, deps) => {
    const choice = await imageChoice(store);
    const items = choice.items;
    const image = await deps.prompter.pick<string | number>({
      title: vscode.l10n.t('Rebuild {0}', stacklet.name),
      placeHolder: vscode.l10n.t('The image to rebuild {0} from', stacklet.name),
      ...choice,
    });
    if (image === undefined || isBack(image)) return undefined;
    const imageName = items.find((item) => item.value === image)?.label ?? String(image);
    const confirmed = await deps.prompter.confirm(
      vscode.l10n.t('Rebuild {0} from {1}?', stacklet.name, imageName),
      vscode.l10n.t('The disk of {0} is wiped and rewritten from the image: everything stored on it is lost.', stacklet.name),
      vscode.l10n.t('Rebuild'),
    );
    return confirmed ? { image, imageName } : undefined;
  },
  send: ({ client, item }, { image }) => client.rebuildStacklet(item.id, image),
  progress: (s) => vscode.l10n.t('Rebuilding {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not rebuild {0}', s.name),
  done: (s, { imageName }) => vscode.l10n.t('Rebuilding {0} from {1}.', s.name, imageName),
});
