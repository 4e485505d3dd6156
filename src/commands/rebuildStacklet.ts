import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';
import { idleStacklets } from './idlePick';
import { imageChoice } from './choices';
import { isBack } from './wizard';

/**
 * Rebuild: an image (distribution, application or one of the account's snapshots); the disk is wiped, so its
 * definition (src/kinds/stacklet/operations.ts) has the stacklet's name typed to confirm.
 */
export const rebuildStacklet = actionCommand<'stacklet', { from: string | number }>({
  kind: 'stacklet',
  action: 'rebuild',
  pick: () => idleStacklets(vscode.l10n.t('Rebuild which stacklet?')),
  input: async ({ item: stacklet, store }, deps) => {
    const from = await deps.prompter.pick<string | number>({
      title: vscode.l10n.t('Rebuild {0}', stacklet.name),
      placeHolder: vscode.l10n.t('The image to rebuild {0} from', stacklet.name),
      ...(await imageChoice(store)),
    });
    return from === undefined || isBack(from) ? undefined : { from };
  },
  // A snapshot by its name (the plan's resource it rebuilds from), an image by its slug.
  done: (s, { from }, plan) => vscode.l10n.t('Rebuilding {0} from {1}.', s.name, plan?.resources.find((resource) => resource.role === 'stays')?.name ?? String(from)),
});
