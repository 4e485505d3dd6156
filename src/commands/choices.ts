/**
 * The lists pickers offer, read from the service through the store (sizes, regions, images, stacklets). A
 * typed value must name one of them or is refused at the step (`strict`); only when a list cannot be loaded
 * may a slug be typed, and the step says why.
 */
import * as vscode from 'vscode';
import type * as s from '../api/schemas';
import { checkSlug } from '../api/validators';
import { formatMonthlyChange, priceChange } from '../model/cost';
import { formatBytes, formatMoney, stackletDescription } from '../model/format';
import { plural } from '../api/plural';
import type { ResourceStore } from '../kinds/resourceStore';
import type { PickItem } from '../ui/prompter';
import { describeError } from '../api/errorText';

/** A slug typed into a picker becomes an item of its own (a size, region or image the list lacks). */
export function typedSlug(text: string): PickItem<string> | undefined {
  if (checkSlug(text)) return undefined;
  return { label: text, description: vscode.l10n.t('(typed)'), value: text };
}

/**
 * What a picker step offers from a list of the service: the items, and the refusal of text that names none;
 * when the list could not be loaded, a placeholder that says so and a slug may be typed instead.
 */
export interface Choice<T> {
  readonly items: PickItem<T>[];
  readonly unmatched?: (text: string) => string;
  readonly placeHolder?: string;
  readonly typed?: (text: string) => PickItem<T> | undefined;
}

/** The step's choice from `load`, refusing typed text `refusal` words, or saying that `what` could not be loaded. */
export async function strict<T>(load: () => Promise<PickItem<T>[]>, refusal: (text: string) => string, unloaded: (why: string) => string, typed?: (text: string) => PickItem<T> | undefined): Promise<Choice<T>> {
  try {
    return { items: await load(), unmatched: refusal };
  } catch (error) {
    return { items: [], placeHolder: unloaded(describeError(error)), ...(typed ? { typed } : {}) };
  }
}

/** The available regions as a strict choice (see regionItems). */
export function regionChoice(store: ResourceStore, feature?: string, exclude: readonly string[] = []): Promise<Choice<string>> {
  return strict(
    () => regionItems(store, feature, exclude),
    (text) => vscode.l10n.t('No region offered here is called "{0}": pick one of the list.', text),
    (why) => vscode.l10n.t('The regions could not be loaded ({0}): type a region slug.', why),
    typedSlug,
  );
}

/**
 * The available sizes as a strict choice (see sizeItems); `refuse` leaves out the sizes it gives a reason for,
 * and a size typed by name is refused with that reason.
 */
export function sizeChoice(store: ResourceStore, current?: string, refuse?: (size: s.Size) => string | undefined): Promise<Choice<string>> {
  let sizes: readonly s.Size[] = [];
  return strict(
    async () => {
      sizes = (await store.get('size')).items;
      return itemsOfSizes(sizes, current, refuse);
    },
    (text) => {
      const named = sizes.find((size) => size.slug === text.trim());
      const why = named && refuse?.(named);
      return why ?? vscode.l10n.t('No size offered here is called "{0}": pick one of the list.', text);
    },
    (why) => vscode.l10n.t('The sizes could not be loaded ({0}): type a size slug.', why),
    typedSlug,
  );
}

/** The images as a strict choice (see imageItems). */
export function imageChoice(store: ResourceStore, region?: string): Promise<Choice<string | number>> {
  return strict<string | number>(
    () => imageItems(store, region),
    (text) => vscode.l10n.t('No image offered here is called "{0}": pick one of the list.', text),
    (why) => vscode.l10n.t('The images could not be loaded ({0}): type an image slug.', why),
    typedSlug,
  );
}

/**
 * A size as pickers offer it; with the current size's monthly price (`from`), what choosing it changes in the
 * monthly estimate too ("+$12.00/mo").
 */
export function sizeItem(size: s.Size, current?: string, from?: number): PickItem<string> {
  const isCurrent = size.slug === current;
  const difference = from === undefined || isCurrent ? undefined : priceChange(from, size.price_monthly);
  const change = difference === undefined ? undefined : formatMonthlyChange(difference);
  return {
    label: size.slug,
    ...(isCurrent ? { icon: 'check' } : {}),
    description: [
      plural(size.vcpu, vscode.l10n.t('1 vCPU'), vscode.l10n.t('{0} vCPUs', size.vcpu)),
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
export async function sizeItems(store: ResourceStore, current?: string, refuse?: (size: s.Size) => string | undefined): Promise<PickItem<string>[]> {
  return itemsOfSizes((await store.get('size')).items, current, refuse);
}

/** The available sizes `refuse` gives no reason against, each with the change from the `current` size's price. */
function itemsOfSizes(sizes: readonly s.Size[], current?: string, refuse?: (size: s.Size) => string | undefined): PickItem<string>[] {
  const from = sizes.find((size) => size.slug === current)?.price_monthly;
  return sizes.filter((size) => size.available && !refuse?.(size)).map((size) => sizeItem(size, current, from));
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

/**
 * Yes and No, each with what it means. `first: 'no'` puts No first (the active item, what Enter picks) for a
 * question whose Yes cannot be undone.
 */
export function yesNo(yes: string, no: string, options: { readonly first?: 'yes' | 'no' } = {}): PickItem<boolean>[] {
  const items: PickItem<boolean>[] = [
    { label: vscode.l10n.t('Yes'), description: yes, value: true },
    { label: vscode.l10n.t('No'), description: no, value: false },
  ];
  return options.first === 'no' ? items.reverse() : items;
}
