/**
 * The words people read for what the code names with identifiers: a resource's kind and a machine's state,
 * in pickers, in rows and in what screen readers say about a tree item. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { ResourceState } from '../model/format';
import { plural } from '../api/plural';
import { kindSpec, type Kind } from './registry';

const STATE_NAMES: Readonly<Record<ResourceState, () => string>> = {
  active: () => l10n.t('active'),
  off: () => l10n.t('off'),
  busy: () => l10n.t('busy'),
  inactive: () => l10n.t('not yet active'),
  unknown: () => l10n.t('state unknown'),
};

/** A machine's state as a word: what the icon's colour (or spinner) says to those who see it. */
export function stateName(state: ResourceState): string {
  return STATE_NAMES[state]();
}

/** A kind in words, in the user's language (the registry's label). */
export function kindName(kind: Kind): string {
  return kindSpec(kind).label();
}

/** `Stacklet web-1, active, New York 1, 2 vCPUs 4 GB`: kind and name first, then the facts in words. */
export function spokenLabel(kind: Kind, name: string, ...facts: (string | undefined)[]): string {
  return [`${kindName(kind)} ${name}`, ...facts.filter((fact): fact is string => !!fact)].join(', ');
}

/** `1 stacklet`, `3 stacklets`. */
export function stackletCount(count: number): string {
  return plural(count, l10n.t('1 stacklet'), l10n.t('{0} stacklets', count));
}

/** `3 resources`: how many resources carry a tag, as the service counts them. */
export function resourceCount(count: number): string {
  return plural(count, l10n.t('1 resource'), l10n.t('{0} resources', count));
}
