/** Pure formatting of resource facts for labels, descriptions and tooltips. */
import * as l10n from '@vscode/l10n';
import type { Networks, Stacklet } from '../api/schemas';
import { dollars } from './cost';
import { markdownText } from './serviceText';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

/** Bytes as the service counts them, shown in the unit people buy them in: `1 GB`, `512 MB`, `2 TB`. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '?';
  if (bytes >= 1024 * GIB) return `${trim(bytes / (1024 * GIB))} TB`;
  if (bytes >= GIB) return `${trim(bytes / GIB)} GB`;
  return `${trim(bytes / MIB)} MB`;
}

function trim(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
}

export function formatMoney(value: number | string | undefined): string {
  // A price that is not an estimate (negative, not finite, absurd: see cost.ts) is not shown as one either.
  const n = dollars(value);
  if (n === undefined) return '?';
  return `$${n.toFixed(n < 1 && n > 0 ? 4 : 2).replace(/(\.\d\d)0+$/, '$1')}`;
}

export function publicIPv4(networks: Networks): string | undefined {
  return networks.v4.find((n) => n.type === 'public')?.address ?? networks.v4[0]?.address;
}

/** `fra · s-1vcpu-1gb · 203.0.113.10` */
export function stackletDescription(stacklet: Stacklet): string {
  return [stacklet.region.slug, stacklet.size.slug, publicIPv4(stacklet.networks)].filter(Boolean).join(' · ');
}

export type ResourceState = 'active' | 'off' | 'busy' | 'inactive' | 'unknown';

/** Busy wins: a running task says more than the status the service reports beside it. */
export function stackletState(stacklet: Pick<Stacklet, 'status' | 'task'>): ResourceState {
  if (stacklet.task) return 'busy';
  switch (stacklet.status) {
    case 'active':
      return 'active';
    case 'off':
      return 'off';
    case 'inactive':
    case 'new':
      return 'inactive';
    default:
      return 'unknown';
  }
}

/** `2026-06-01T10:00:00.000000Z` → `2026-06-01 10:00` (UTC, as the service writes it); undefined when it is no timestamp. */
export function shortTimestamp(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)/.exec(value);
  return match ? `${match[1]} ${match[2]}` : undefined;
}

/** Markdown table cell text: the service's words as text (see markdownText), so no pipe, link or icon gets out. */
export function cell(value: unknown): string {
  return markdownText(value ?? '—');
}

export function matchesName(name: string, filter: string | undefined): boolean {
  return !filter || name.toLowerCase().includes(filter.toLowerCase());
}

/** The stacklet a volume is on, in words: its name, its id, or (neither given) just that it is one. */
export function attachedStackletName(stacklet: { readonly id?: number | undefined; readonly name?: string | undefined }): string {
  return stacklet.name ?? (stacklet.id !== undefined ? `#${stacklet.id}` : l10n.t('its stacklet'));
}
