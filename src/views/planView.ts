/**
 * The Plan view (issue 48): the plan of the active account document, as its editor last made it. A row per step in
 * the order they run (what each changes, its monthly change), what is left alone, and the total; a step's row
 * opens its resource's line. Service text shows as it is (literalText). The step words load with the first plan.
 */
import * as vscode from 'vscode';
import type { AccountPlan, PlannedStep } from '../documents/account/accountPlan';
import { literalText } from '../model/serviceText';
import { plural } from '../api/plural';

/** A plan as an editor shows it: of which document and version, against which account. */
export interface ShownPlan {
  readonly uri: vscode.Uri;
  readonly version: number;
  readonly account: string;
  readonly plan: AccountPlan;
}

type Row =
  | { readonly kind: 'total' }
  | { readonly kind: 'step'; readonly step: PlannedStep }
  | { readonly kind: 'leftAlone' }
  | { readonly kind: 'alone'; readonly name: string; readonly what: string };

const ICONS: Readonly<Record<PlannedStep['op'], string>> = { create: 'add', change: 'edit', rebuild: 'warning', delete: 'trash' };

export class PlanView implements vscode.TreeDataProvider<Row>, vscode.Disposable {
  private shown: ShownPlan | undefined;
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<Row>;
  private readonly subscription: vscode.Disposable;
  private words: typeof import('../documents/account/accountApply') | undefined;

  constructor(onDidChangePlan: vscode.Event<ShownPlan | undefined>) {
    this.view = vscode.window.createTreeView('stacklet.plan', { treeDataProvider: this });
    this.subscription = onDidChangePlan((shown) => void this.show(shown));
  }

  dispose(): void {
    this.subscription.dispose();
    this.view.dispose();
    this.changed.dispose();
  }

  private async show(shown: ShownPlan | undefined): Promise<void> {
    if (shown === undefined && this.shown !== undefined) return;
    this.words ??= await import('../documents/account/accountApply.js');
    this.shown = shown;
    await vscode.commands.executeCommand('setContext', 'stacklet.planShown', shown !== undefined);
    this.view.description = shown ? literalText(shown.uri.path.split('/').pop() ?? '') : undefined;
    this.changed.fire(undefined);
  }

  getChildren(row?: Row): Row[] {
    const shown = this.shown;
    if (!shown || shown.plan.problems.length > 0) return [];
    if (row?.kind === 'leftAlone') return shown.plan.leftAlone.map((item) => ({ kind: 'alone', name: item.name, what: item.kind }));
    if (row) return [];
    return [
      { kind: 'total' },
      ...shown.plan.steps.map((step) => ({ kind: 'step' as const, step })),
      ...(shown.plan.leftAlone.length > 0 ? [{ kind: 'leftAlone' as const }] : []),
    ];
  }

  getTreeItem(row: Row): vscode.TreeItem {
    const shown = this.shown!;
    const words = this.words!;
    switch (row.kind) {
      case 'total': {
        const item = new vscode.TreeItem(literalText(shown.plan.steps.length === 0
          ? vscode.l10n.t('No changes: {0} matches', shown.account)
          : plural(shown.plan.steps.length, vscode.l10n.t('1 step against {0}', shown.account), vscode.l10n.t('{0} steps against {1}', shown.plan.steps.length, shown.account))));
        item.description = literalText(words.totalWords(shown.plan));
        item.iconPath = new vscode.ThemeIcon(shown.plan.steps.length === 0 ? 'check' : 'diff');
        item.id = 'plan:total';
        return item;
      }
      case 'step': {
        const item = new vscode.TreeItem(literalText(words.stepWords(row.step), 300));
        item.iconPath = new vscode.ThemeIcon(ICONS[row.step.op]);
        item.id = `plan:${row.step.key}`;
        item.contextValue = `planStep.${row.step.op}`;
        item.tooltip = literalText(words.stepWords(row.step), 2000);
        if (row.step.path.length > 0) item.command = { command: 'vscode.open', title: vscode.l10n.t('Show in the Document'), arguments: [shown.uri, { selection: this.rangeOf(row.step) }] };
        return item;
      }
      case 'leftAlone': {
        const item = new vscode.TreeItem(vscode.l10n.t('Left alone: {0}', shown.plan.leftAlone.length), vscode.TreeItemCollapsibleState.Collapsed);
        item.description = vscode.l10n.t('not in the document; "prune": true deletes them');
        item.iconPath = new vscode.ThemeIcon('circle-slash');
        item.id = 'plan:leftAlone';
        return item;
      }
      case 'alone': {
        const item = new vscode.TreeItem(literalText(row.name));
        item.description = literalText(row.what);
        item.id = `plan:alone:${row.what}:${row.name}`;
        return item;
      }
    }
  }

  /** Where the step's resource starts in its document, when the document is open and as it was planned. */
  private rangeOf(step: PlannedStep): vscode.Range | undefined {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.shown?.uri.toString());
    if (!document || step.offset === undefined || document.version !== this.shown?.version) return undefined;
    const at = document.positionAt(step.offset);
    return new vscode.Range(at, at);
  }
}
