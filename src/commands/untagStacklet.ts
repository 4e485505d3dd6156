import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';
import { isBack } from './wizard';

/**
 * Untag…: one of the stacklet's tags, picking it being the confirmation; the definition
 * (src/kinds/stacklet/operations.ts) plans and sends it. The documentation has no untag; a service without the
 * conventional form answers 404 or 405, shown as "This service does not support removing tags".
 */
export const untagStacklet = actionCommand<'stacklet', { tag: string }>({
  kind: 'stacklet',
  action: 'untag',
  confirm: 'prompt',
  pick: () => ({
    title: vscode.l10n.t('Untag which stacklet?'),
    accept: (stacklet) => stacklet.tags.length > 0 && !stacklet.task,
    none: vscode.l10n.t('No stacklet can be untagged now: none has a tag, or each that has one has a task running.'),
  }),
  refuse: (stacklet) => (stacklet.tags.length === 0 ? vscode.l10n.t('{0} has no tags.', stacklet.name) : undefined),
  input: async ({ item: stacklet }, deps) => {
    const picked = await deps.prompter.pick<string>({
      title: vscode.l10n.t('Untag {0}', stacklet.name),
      placeHolder: vscode.l10n.t('The tag to take off {0}', stacklet.name),
      items: stacklet.tags.map((tag) => ({ label: tag, icon: 'tag', value: tag })),
    });
    return picked === undefined || isBack(picked) ? undefined : { tag: picked };
  },
  done: (stacklet, { tag }) => vscode.l10n.t('Removed tag {0} from {1}.', tag, stacklet.name),
});
