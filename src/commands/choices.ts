/**
 * The lists pickers offer, read from the service through the store (sizes, regions, images, stacklets), each
 * with a way to type a value the list lacks.
 */
import * as vscode from 'vscode';
import type * as s from '../api/schemas';
import { checkSlug, parseWholeNumber } from '../api/validators';
import { formatMonthlyChange } from '../model/cost';
import { formatBytes, formatMoney, stackletDescription } from '../model/format';
import type { ResourceStore } from '../model/resourceStore';
import type { PickItem } from '../ui/prompter';

/** A slug typed into a picker becomes an item of its own (a size, region or image the list lacks). */
export function typedSlug(text: string): PickItem<string> | undefined {
  if (checkSlug(text)) return undefined;
  return { label: text, description: vscode.l10n.t('(typed)'), value: text };
}

/** A stacklet ID typed into a picker (a stacklet the listing does not show). */
export function typedStackletId(text: string): PickItem<number> | undefined {
  const id = parseWholeNumber(text);
  if (id === undefined || id < 1) return undefined;
  return { label: `#${id}`, description: vscode.l10n.t('(typed stacklet ID)'), value: id };
}

/**
 * A size as pickers offer it; with the current size's monthly price (`from`), what choosing it changes in the
 * monthly estimate too ("+$12.00/mo").
 */
export function sizeItem(size: s.Size, current?: string, from?: number): PickItem<string> {
  const isCurrent = size.slug === current;
  const change = from === undefined || isCurrent || size.price_monthly === undefined ? undefined : formatMonthlyChange(size.price_monthly - from);
  return {
    label: size.slug,
    ...(isCurrent ? { icon: 'check' } : {}),
    description: [
      vscode.l10n.t('{0} vCPU', size.vcpu),
      vscode.l10n.t('{0} memory', formatBytes(size.memory)),
      vscode.l10n.t('{0} disk', formatBytes(size.disk)),
      isCurrent ? vscode.l10n.t('(current size)') : undefined,
    ].filter(Boolean).join(' · '),
    detail: change === undefined
      ? vscode.l10n.t('{0} per month', formatMoney(size.price_monthly))
      : vscode.l10n.t('{0} per month (estimated change: {1})', formatMoney(size.price_monthly), change),
    value: size.slug,
  };
}

/** Available sizes, as the service lists them; with the current one's price, the change each makes. */
export async function sizeItems(store: ResourceStore, current?: string): Promise<PickItem<string>[]> {
  const sizes = (await store.get('size')).items;
  const from = sizes.find((size) => size.slug === current)?.price_monthly;
  return sizes.filter((size) => size.available).map((size) => sizeItem(size, current, from));
}

/** Available regions, optionally only those offering `feature` (vpc, kubernetes, load_balancers…). */
export async function regionItems(store: ResourceStore, feature?: string, exclude: readonly string[] = []): Promise<PickItem<string>[]> {
  return (await store.get('region')).items
    .filter((region) => region.available && (!feature || region.features.includes(feature)) && !exclude.includes(region.slug))
    .map((region) => ({ label: region.slug, description: region.name, value: region.slug }));
}

/** Distribution and application images, then the account's snapshots (by id; only those in `region` when given). */
export async function imageItems(store: ResourceStore, region?: string): Promise<PickItem<string | number>[]> {
  const [distributions, applications, snapshots] = await Promise.all([
    store.get('distribution'),
    store.get('application'),
    store.get('snapshot').catch(() => undefined),
  ]);
  const items: PickItem<string | number>[] = [];
  for (const distribution of distributions.items) {
    for (const image of distribution.images.filter((i) => i.available)) {
      items.push({
        label: `${distribution.name} ${image.name ?? image.version ?? ''}`.trim(),
        icon: 'vm',
        description: image.slug,
        value: image.slug,
      });
    }
  }
  for (const application of applications.items.filter((a) => a.available)) {
    items.push({ label: application.name, icon: 'package', description: vscode.l10n.t('{0} · application', application.slug), value: application.slug });
  }
  for (const snapshot of snapshots?.items ?? []) {
    if (region && !snapshot.regions.includes(region)) continue;
    items.push({
      label: snapshot.name,
      icon: 'device-camera',
      description: vscode.l10n.t('snapshot {0} · {1}', snapshot.id, snapshot.regions.join(', ')),
      value: snapshot.id,
    });
  }
  return items;
}

export function stackletItem(stacklet: s.Stacklet): PickItem<number> {
  return { label: stacklet.name, description: stackletDescription(stacklet), value: stacklet.id };
}

export function yesNo(yes: string, no: string): PickItem<boolean>[] {
  return [
    { label: vscode.l10n.t('Yes'), description: yes, value: true },
    { label: vscode.l10n.t('No'), description: no, value: false },
  ];
}
