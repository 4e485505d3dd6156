import * as vscode from 'vscode';
import { knownTags } from '../kinds/tags';
import type { CommandDeps } from './deps';
import { isBack } from './wizard';

type Scope = 'account' | 'tag' | 'region';

/** Open Account as Document (Account view, palette): the whole account, one tag's or one region's resources. */
export async function openAccountDocument(deps: CommandDeps): Promise<void> {
  const session = await deps.session.current();
  const title = vscode.l10n.t('Open Account as Document');
  const scope = await deps.prompter.pick<Scope>({
    title,
    placeHolder: vscode.l10n.t('What should the document hold?'),
    items: [
      { label: vscode.l10n.t('The Whole Account'), icon: 'account', value: 'account' },
      { label: vscode.l10n.t('The Resources of One Tag…'), icon: 'tag', value: 'tag' },
      { label: vscode.l10n.t('The Resources of One Region…'), icon: 'globe', value: 'region' },
    ],
  });
  if (scope === undefined || isBack(scope)) return;
  if (scope === 'account') {
    await deps.accountDocuments.open({ scope: {} });
    return;
  }
  const values = scope === 'tag' ? await knownTags(session.store) : (await session.store.get('region')).items.map((region) => region.slug);
  const value = await deps.prompter.pick<string>({
    title,
    placeHolder: scope === 'tag' ? vscode.l10n.t('Which tag?') : vscode.l10n.t('Which region?'),
    items: values.map((v) => ({ label: v, icon: scope === 'tag' ? 'tag' : 'globe', value: v })),
  });
  if (value === undefined || isBack(value)) return;
  await deps.accountDocuments.open({ scope: scope === 'tag' ? { tag: value } : { region: value }, }, scope === 'tag' ? `tag-${value}` : `region-${value}`);
}
