import * as vscode from 'vscode';
import type { ResourceRef } from '../kinds/registry';
import { messageRow, type MessageRowState } from '../kinds/messageRow';
import { spokenOf, type RowIcon, type RowLook } from '../kinds/rowLook';
import { deletingContext } from '../kinds/rowState';
import { spokenLabel } from '../kinds/rowWords';
import type { ListingKind } from '../kinds/resourceStore';
import { literalText } from '../model/serviceText';

/** Characters of a row's label or description shown; the tooltip and View Properties have the rest. */
const MAX_ROW = 300;

export type { ResourceRef };

export interface NodeInit {
  /** Unique in its tree and stable across refreshes, so expanded state survives. */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  /** Built on hover (TreeDataProvider.resolveTreeItem), not for every row of a long listing. */
  readonly tooltip?: vscode.MarkdownString | string | (() => vscode.MarkdownString | string);
  readonly icon?: vscode.ThemeIcon;
  readonly contextValue?: string;
  readonly resource?: ResourceRef;
  readonly children?: () => Promise<ResourceNode[]> | ResourceNode[];
  /**
   * A group row counting a listing ("Firewalls 3"): its description is that listing's count, which the view
   * keeps across refreshes and redraws this row alone for when the listing loads (see ResourceTreeProvider).
   */
  readonly counts?: ListingKind;
  readonly expanded?: boolean;
  readonly command?: vscode.Command;
  /** The state the icon shows (a word: "busy", "off"), read by screen readers after the name. */
  readonly state?: string;
  /**
   * Read by screen readers; defaults to the kind, the label, the state and the description's parts. A function
   * derives from the row's resource alone (RowLook.spoken), composed when VS Code asks for the row.
   */
  readonly accessibilityLabel?: string | (() => string);
}

/** One row of a Stacklet tree: plain data plus an optional child loader. */
export class ResourceNode {
  constructor(private current: NodeInit) {}

  get init(): NodeInit {
    return this.current;
  }

  /**
   * Takes a newer build's content of the same row and stays the object it is: VS Code knows a row by the
   * object it was handed, and refreshes that one row in place (ResourceTreeProvider keeps one object per id).
   */
  adopt(newer: ResourceNode): void {
    this.current = newer.current;
  }

  get id(): string {
    return this.init.id;
  }

  get resource(): ResourceRef | undefined {
    return this.init.resource;
  }

  getChildren(): Promise<ResourceNode[]> | ResourceNode[] {
    return this.init.children?.() ?? [];
  }

  /**
   * The row while the service deletes its resource: the same row (same id, so it stays in place) saying
   * "deleting…" with a spinner, offering no action (`<kind>:deleting` matches no action's menu) and no children.
   */
  deleting(): ResourceNode {
    const { init } = this;
    const words = vscode.l10n.t('deleting…');
    return new ResourceNode({
      id: init.id,
      label: init.label,
      description: words,
      icon: new vscode.ThemeIcon('loading~spin'),
      ...(init.resource ? { resource: init.resource, contextValue: deletingContext(init.resource.kind) } : {}),
      ...(init.tooltip !== undefined ? { tooltip: init.tooltip } : {}),
      state: words,
      accessibilityLabel: init.resource ? spokenLabel(init.resource.kind, init.label, words) : `${init.label}, ${words}`,
    });
  }

  get tooltip(): vscode.MarkdownString | string | undefined {
    const { tooltip } = this.init;
    return typeof tooltip === 'function' ? tooltip() : tooltip;
  }

  get collapsibleState(): vscode.TreeItemCollapsibleState {
    const { init } = this;
    if (!init.children) return vscode.TreeItemCollapsibleState.None;
    return init.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
  }

  toTreeItem(): vscode.TreeItem {
    const { init } = this;
    const collapsible = this.collapsibleState;
    // A row is one line of the service's words as they are: no control or bidi character reorders it.
    const item = new vscode.TreeItem(literalText(init.label, MAX_ROW), collapsible);
    item.id = init.id;
    if (init.description !== undefined) item.description = literalText(init.description, MAX_ROW);
    if (init.tooltip !== undefined && typeof init.tooltip !== 'function') item.tooltip = init.tooltip;
    if (init.icon) item.iconPath = init.icon;
    if (init.contextValue) item.contextValue = init.contextValue;
    if (init.command) item.command = init.command;
    item.accessibilityInformation = { label: spokenOf(init.accessibilityLabel) ?? defaultSpokenLabel(init) };
    return item;
  }
}

/** `Volume db-data, busy, fra1, 100 GB, on web-1`: what a sighted user reads off the row, in words. */
function defaultSpokenLabel(init: NodeInit): string {
  const facts = [init.state, ...(init.description ?? '').split(' · ')];
  return init.resource ? spokenLabel(init.resource.kind, init.label, ...facts) : [init.label, ...facts].filter(Boolean).join(', ');
}

/** What a row's look leaves to the view: its id, what it refers to, its children, its command. */
export type NodePlace = Omit<NodeInit, 'label' | 'description' | 'icon' | 'contextValue' | 'state' | 'accessibilityLabel' | 'tooltip'>;

/** The tree row of a kind's look (src/kinds/<kind>/row.ts), placed where the view puts it. */
export function lookNode(look: RowLook, place: NodePlace): ResourceNode {
  return new ResourceNode(lookInit(look, place));
}

/** Every property of T, each written (undefined when it has none): the compiler names one left out. */
type EveryProperty<T> = { [K in keyof Required<T>]: T[K] };

/** What the row of a kind's look holds (see lookNode). */
export function lookInit(look: RowLook, place: NodePlace): NodeInit {
  const { tooltip } = look;
  // Every property written, in one order: the rows of a listing share one shape, which V8 reads at full speed
  // (conditional spreads made a shape per combination, and Node 20 copied each spread in its runtime).
  const init: EveryProperty<NodeInit> = {
    id: place.id,
    resource: place.resource,
    children: place.children,
    counts: place.counts,
    expanded: place.expanded,
    command: place.command,
    label: look.label,
    description: look.description,
    icon: themeIcon(look.icon),
    contextValue: look.contextValue,
    state: look.state,
    accessibilityLabel: look.spoken,
    tooltip: tooltip ? () => markdown(tooltip()) : undefined,
  };
  return init;
}

/** The icons rows share, by codicon and colour: a view of 10,000 rows makes a handful, not 10,000. */
const icons = new Map<string, vscode.ThemeIcon>();

/** A codicon, coloured when the look names a theme colour. */
function themeIcon(icon: RowIcon): vscode.ThemeIcon {
  const key = `${icon.id} ${icon.color ?? ''}`;
  let made = icons.get(key);
  if (!made) icons.set(key, (made = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined)));
  return made;
}

/** A row that carries a message (empty, warning, error) instead of a resource. */
export function messageNode(id: string, label: string, icon: MessageRowState, command?: vscode.Command): ResourceNode {
  const color = icon === 'error' ? 'errorForeground' : icon === 'warning' ? 'editorWarning.foreground' : undefined;
  return new ResourceNode({
    id,
    label,
    icon: themeIcon({ id: icon, ...(color ? { color } : {}) }),
    contextValue: messageRow.context(icon),
    tooltip: label,
    ...(command ? { command } : {}),
  });
}

export function markdown(lines: string[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(lines.join('\n'));
  md.supportThemeIcons = true;
  return md;
}
