/** What several kinds' descriptions share: identity by id, uuid or name, the facts Go to Resource matches. No vscode import. */
import type * as s from '../api/schemas';
import type { ActionId } from './kindSpec';

export const same = <T extends { id: number | string }>(item: T) => item.id;
export const byUuid = <T extends { uuid: string }>(item: T) => item.uuid;
export const named = <T extends { name: string }>(item: T) => item.name;
/** A region as Go to Resource matches it: its slug and its name. */
export const regionFacts = (region: s.Region | null | undefined): string[] => (region ? [region.slug, region.name].filter((value): value is string => !!value) : []);
export const addresses = (...values: (string | null | undefined)[]): string[] => values.filter((value): value is string => !!value);

/** The actions every resource item has. */
export const COMMON = ['viewProperties', 'copyId', 'copyName'] as const satisfies readonly ActionId[];
