import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import { imageItems, typedSlug } from './choices';
import type { CommandDeps } from './deps';
import { done, refuseWhenBusy, send, settle } from './serviceAction';
import { resolveTarget, STACKLET } from './targets';
import { isBack } from './wizard';

/** Rebuild: an image (distribution, application or one of the account's snapshots), then a modal warning that the disk is wiped. */
export async function rebuildStacklet(deps: CommandDeps, node?: unknown): Promise<void> {
  const target = await resolveTarget(deps, node, STACKLET, vscode.l10n.t('Rebuild which stacklet?'), (s) => stackletState(s) !== 'busy');
  if (!target) return;
  const { client, store, item: stacklet } = target;
  if (refuseWhenBusy(deps, 'stacklets', stacklet.id, stacklet.name, stacklet.task)) return;
  const items = await imageItems(store);
  const image = await deps.prompter.pick<string | number>({
    title: vscode.l10n.t('Rebuild {0}', stacklet.name),
    placeHolder: vscode.l10n.t('The image to rebuild {0} from', stacklet.name),
    items,
    typed: typedSlug,
  });
  if (image === undefined || isBack(image)) return;
  const imageName = items.find((item) => item.value === image)?.label.replace(/^\$\([^)]+\)\s*/, '') ?? String(image);
  const confirmed = await deps.prompter.confirm(
    vscode.l10n.t('Rebuild {0} from {1}?', stacklet.name, imageName),
    vscode.l10n.t('The disk of {0} is wiped and rewritten from the image: everything stored on it is lost.', stacklet.name),
    vscode.l10n.t('Rebuild'),
  );
  if (!confirmed) return;
  const answer = await send(deps, vscode.l10n.t('Rebuilding {0}…', stacklet.name), vscode.l10n.t('Could not rebuild {0}', stacklet.name), () => client.rebuildStacklet(stacklet.id, image));
  if (!answer) return;
  settle(deps, store, 'stacklets', (s) => s.id, answer);
  done(deps, vscode.l10n.t('Rebuilding {0} from {1}.', stacklet.name, imageName));
}
