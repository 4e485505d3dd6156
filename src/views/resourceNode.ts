import * as vscode from 'vscode';

/** What the per-item commands (properties, copy, SSH) need to know about the resource behind a node. */
export interface ResourceRef {
  readonly kind: string;
  readonly id: string | number;
  readonly name: string;
  readonly ip?: string;
  readonly data: unknown;
}

export interface NodeInit {
  /** Unique in its tree and stable across refreshes, so expanded state survives. */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: vscode.MarkdownString | string;
  readonly icon?: vscode.ThemeIcon;
  readonly contextValue?: string;
  readonly resource?: ResourceRef;
  readonly children?: () => Promise<ResourceNode[]> | ResourceNode[];
  readonly expanded?: boolean;
  readonly command?: vscode.Command;
  /** Read by screen readers; defaults to the label and description. */
  readonly accessibilityLabel?: string;
}

/** One row of a Stacklet tree: plain data plus an optional child loader. */
export class ResourceNode {
  constructor(readonly init: NodeInit) {}

  get id(): string {
    return this.init.id;
  }

  get resource(): ResourceRef | undefined {
    return this.init.resource;
  }

  getChildren(): Promise<ResourceNode[]> | ResourceNode[] {
    return this.init.children?.() ?? [];
  }

  toTreeItem(): vscode.TreeItem {
    const { init } = this;
    const collapsible = init.children
      ? init.expanded
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed
      : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(init.label, collapsible);
    item.id = init.id;
    if (init.description !== undefined) item.description = init.description;
    if (init.tooltip !== undefined) item.tooltip = init.tooltip;
    if (init.icon) item.iconPath = init.icon;
    if (init.contextValue) item.contextValue = init.contextValue;
    if (init.command) item.command = init.command;
    item.accessibilityInformation = {
      label: init.accessibilityLabel ?? [init.label, init.description].filter(Boolean).join(', '),
    };
    return item;
  }
}

/** A row that carries a message (empty, warning, error) instead of a resource. */
export function messageNode(id: string, label: string, icon: 'info' | 'warning' | 'error', command?: vscode.Command): ResourceNode {
  const color = icon === 'error' ? 'errorForeground' : icon === 'warning' ? 'editorWarning.foreground' : undefined;
  return new ResourceNode({
    id,
    label,
    icon: new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined),
    contextValue: `message:${icon}`,
    tooltip: label,
    ...(command ? { command } : {}),
  });
}

export function markdown(lines: string[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(lines.join('\n'));
  md.supportThemeIcons = true;
  return md;
}
