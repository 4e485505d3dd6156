import * as vscode from 'vscode';
import type { ViewId } from '../kinds/viewIds';
import type { CommandDeps } from './deps';
import type { PickItem } from '../ui/prompter';
import { knownTags } from '../kinds/tags';
import { isBack } from './wizard';

/** Refresh, filter and clear-filter for each view: one family of commands, parametrised by the view. */
function provider(deps: CommandDeps, view: ViewId) {
  const found = deps.views.get(view);
  if (!found) throw new Error(`No view ${view}`);
  return found;
}

export function refreshView(deps: CommandDeps, view: ViewId): void {
  deps.refresh.refresh(view);
}

export function refreshAll(deps: CommandDeps): void {
  deps.refresh.refresh();
}

export async function filterByName(deps: CommandDeps, view: ViewId, value?: string): Promise<void> {
  const p = provider(deps, view);
  const name = typeof value === 'string' ? value : await deps.prompter.input({
    title: vscode.l10n.t('Filter {0} by Name', p.view.title ?? view),
    prompt: vscode.l10n.t('Show only items whose name contains this text (case-insensitive). Empty clears the filter.'),
    value: p.filter.name ?? '',
  });
  if (name === undefined || isBack(name)) return;
  p.setFilter({ ...p.filter, name: name.trim() || undefined });
}

export function clearFilter(deps: CommandDeps, view: ViewId): void {
  provider(deps, view).setFilter({});
}

/** Asks the service for stacklets carrying a tag (the `tag_name` parameter); the account's known tags are offered. */
export async function filterByTag(deps: CommandDeps, value?: string): Promise<void> {
  const p = provider(deps, 'stacklets');
  const tag = typeof value === 'string' ? value : await pickOrType(deps, 'tags', vscode.l10n.t('Filter Stacklets by Tag'), p.filter.tag);
  if (tag === undefined) return;
  p.setFilter({ ...p.filter, tag: tag || undefined });
}

/** Asks the service for volumes of one region (the `region` parameter). */
export async function filterByRegion(deps: CommandDeps, value?: string): Promise<void> {
  const p = provider(deps, 'volumes');
  const region = typeof value === 'string' ? value : await pickOrType(deps, 'regions', vscode.l10n.t('Filter Volumes by Region'), p.filter.region);
  if (region === undefined) return;
  p.setFilter({ ...p.filter, region: region || undefined });
}

/** A pick of known values that also takes whatever the user types; '' (offered while filtered) clears the filter. */
async function pickOrType(deps: CommandDeps, kind: 'tags' | 'regions', title: string, current: string | undefined): Promise<string | undefined> {
  const { store } = await deps.session.current();
  let values: PickItem<string>[] = [];
  try {
    values = kind === 'tags'
      ? (await knownTags(store)).map((tag) => ({ label: tag, value: tag }))
      : (await store.get('region')).items.map((region) => ({ label: region.slug, description: region.name, value: region.slug }));
  } catch (error) {
    deps.log.warn(`Could not list ${kind}: ${String(error)}`);
  }
  const clear: PickItem<string>[] = current ? [{ label: vscode.l10n.t('Clear the filter'), icon: 'clear-all', description: vscode.l10n.t('now: {0}', current), value: '' }] : [];
  const picked = await deps.prompter.pick<string>({
    title,
    placeHolder: vscode.l10n.t('Pick or type a value'),
    items: [...clear, ...values],
    typed: (text) => ({ label: text, description: vscode.l10n.t('(typed)'), value: text }),
  });
  return picked === undefined || isBack(picked) ? undefined : picked;
}
