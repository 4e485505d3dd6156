// The extension's menus as package.json contributes them, and what a tree item's context menu offers.
import { manifest } from './testEnvironment';

export interface Menu {
  readonly command: string;
  readonly when?: string;
  readonly group?: string;
}

export interface ContributedMenus {
  readonly commands: readonly { readonly command: string }[];
  readonly menus: Readonly<Record<string, readonly Menu[]>>;
}

export function contributedMenus(): ContributedMenus {
  return (manifest() as unknown as { contributes: ContributedMenus }).contributes;
}

/** The `viewItem =~ /…/` pattern of a context-menu entry, when it has one. */
export function viewItemPattern(menu: Menu): RegExp | undefined {
  const source = /viewItem =~ \/(.*)\/$/.exec(menu.when ?? '')?.[1];
  return source === undefined ? undefined : new RegExp(source);
}

/** Does the context menu of an item with this contextValue offer the command? */
export function offeredOn(command: string, contextValue: string): boolean {
  return (contributedMenus().menus['view/item/context'] ?? []).some((menu) => menu.command === command && !!viewItemPattern(menu)?.test(contextValue));
}
