import * as vscode from 'vscode';
import { isApiError } from '../api/errors';
import type { Account } from '../auth/accountRegistry';
import type { SessionManager } from '../auth/session';
import { Disposable, type IDisposable } from '../model/lifecycle';
import type { ListingKind, ResourceStore } from '../kinds/resourceStore';
import type { Notifier } from '../ui/notifier';
import { messageNode, type ResourceNode } from './resourceNode';
import { ROOT, ShownRows, type ListChange, type RowPrint } from './shownRows';
import type { ViewId } from '../kinds/viewIds';
import { describeError } from '../api/errorText';

/** How long VS Code has not fetched a row of a view when its rows are taken as drawn (see drawn). */
const DRAWN_QUIET_MS = 50;


/** Rows whose TreeItem could not be printed, each taken as changed (see ResourceTreeProvider.print). */
let unprintable = 0;

/** A resource as rows name it: its kind and id. */
export interface ResourceKey {
  readonly kind: string;
  readonly id: string | number;
}

export interface ViewFilter {
  readonly name?: string;
  readonly tag?: string;
  readonly region?: string;
}

export interface ViewContext {
  readonly store: ResourceStore;
  readonly account: Account;
  readonly filter: ViewFilter;
}

export interface ViewSpec {
  readonly id: ViewId;
  /** Listings the view shows: a refresh invalidates them, and their changes redraw the view. */
  readonly kinds: readonly ListingKind[];
  /** Settings the rows depend on (`stacklet.groupStacklets`): a change redraws the view without a request. */
  readonly settings?: readonly string[];
  roots(context: ViewContext): Promise<ResourceNode[]>;
}

/** A view of the Stacklet container: its TreeView, its filter, and its part in refreshing. */
export class ResourceTreeProvider extends Disposable implements vscode.TreeDataProvider<ResourceNode> {
  private readonly changed = this._register(new vscode.EventEmitter<ResourceNode | ResourceNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<ResourceNode>;
  private storeSubscription: IDisposable | undefined;
  private boundStore: ResourceStore | undefined;
  private filterValue: ViewFilter = {};
  /** Each node's parent, recorded as children are listed (TreeView.reveal walks it); roots have none. */
  private readonly parents = new WeakMap<ResourceNode, ResourceNode>();
  /** The group rows shown now that count a listing (NodeInit.counts), by that listing. */
  private readonly countingRows = new Map<ListingKind, ResourceNode>();
  /** The last count each such listing had in this session: a refresh keeps it until the listing is loaded again. */
  private readonly knownCounts = new Map<ListingKind, number>();
  /** A whole-view redraw was sent in this turn (see redraw). */
  private redrawQueued = false;
  /** The rows VS Code was handed, one object per id (see rebuild). */
  private readonly shown = new ShownRows((node) => this.print(node));
  /** Moves on with every change the rows depend on: a build that saw it move is older than the rows. */
  private generation = 0;
  /** Rows (ids; ROOT: the whole view) VS Code was told to redraw since the last change: told once. */
  private readonly told = new Set<string>();
  /** Lists the last rebuild made, each handed once to the fetch its redraw causes instead of a second build. */
  private readonly prepared = new Map<string, ResourceNode[]>();
  /** Rows whose tooltip was shown: a change of it redraws them. */
  private readonly hovered = new Set<string>();
  /** Rows collapsed since they were opened: VS Code keeps their children until told (see rebuild). */
  private readonly collapsed = new Set<string>();
  private rebuildWanted = false;
  private rebuilding = false;
  /** When VS Code was last told to redraw rows, and when it last fetched one (see drawn). */
  private lastTold = 0;
  private lastFetched = 0;

  constructor(
    readonly spec: ViewSpec,
    private readonly session: SessionManager,
    private readonly notifier: Notifier,
    /** The view's TreeView, created at activation (see LazyTreeData), which this provider answers for from now on. */
    view: vscode.TreeView<ResourceNode>,
  ) {
    super();
    this.view = view;
    this._register(session.onDidChange(() => this.onSessionChanged()));
    this._register(vscode.workspace.onDidChangeConfiguration((event) => {
      if (spec.settings?.some((setting) => event.affectsConfiguration(setting))) this.rowsChanged();
    }));
    this._register(view.onDidCollapseElement(({ element }) => this.collapsed.add(element.id)));
    this._register(view.onDidExpandElement(({ element }) => this.collapsed.delete(element.id)));
    this._register({ dispose: () => this.storeSubscription?.dispose() });
    this.updateDescription();
  }

  get filter(): ViewFilter {
    return this.filterValue;
  }

  setFilter(filter: ViewFilter): void {
    this.filterValue = Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as ViewFilter;
    void vscode.commands.executeCommand('setContext', `stacklet.filtered.${this.spec.id}`, Object.keys(this.filterValue).length > 0);
    this.updateDescription();
    this.rowsChanged();
  }

  /** Fetches this view's listings again, now (the refresh manager decides when). */
  refresh(): void {
    if (this.boundStore) this.boundStore.invalidate(...this.spec.kinds);
    else this.rowsChanged();
  }

  getTreeItem(node: ResourceNode): vscode.TreeItem {
    this.fetched();
    return this.itemOf(node);
  }

  /**
   * Settles once VS Code has fetched every row this view told it to redraw, and no rebuild is on its way: the
   * rows show what the listings hold then (a hidden view settles at once), or after `capMs` whatever VS Code
   * does. What says an action or a task is done waits for it, so that it never comes while a row says "busy".
   */
  async drawn(capMs = 2000): Promise<void> {
    const deadline = performance.now() + capMs;
    // VS Code fetches the rows it was told of in one burst and draws them once it has them all: quiet for a
    // moment after a fetch that followed the last redraw asked for, the rows on screen are the ones fetched.
    while (this.view.visible && performance.now() < deadline && (this.rebuilding || this.lastFetched < this.lastTold || performance.now() - this.lastFetched < DRAWN_QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, DRAWN_QUIET_MS / 2));
    }
  }

  /** VS Code fetched a row (or a list of rows). */
  private fetched(): void {
    this.lastFetched = performance.now();
  }

  private itemOf(node: ResourceNode): vscode.TreeItem {
    const item = node.toTreeItem();
    const count = this.countOf(node);
    if (count !== undefined) item.description = String(count);
    return item;
  }

  /** A group row's count: its listing's, or the last one known while the listing loads again. */
  private countOf(node: ResourceNode): number | undefined {
    const kind = node.init.counts;
    if (kind === undefined) return undefined;
    const count = this.boundStore?.peek(kind)?.items.length ?? this.knownCounts.get(kind);
    if (count !== undefined) this.knownCounts.set(kind, count);
    return count;
  }

  /**
   * What the row shows, read off what its TreeItem is made from (building 10,000 TreeItems to compare them
   * would cost more than the listing): its content, its count, and its tooltip once it was shown.
   */
  private print(node: ResourceNode): RowPrint {
    const { init } = node;
    const tooltip = this.hovered.has(node.id) ? node.tooltip : typeof init.tooltip === 'function' ? undefined : init.tooltip;
    // A spoken label given as a function derives from the row's resource, whose data ShownRows compares itself.
    const spoken = typeof init.accessibilityLabel === 'function' ? undefined : init.accessibilityLabel;
    const shown = [init.label, init.description, this.countOf(node), init.icon, init.contextValue, tooltip, init.command, init.state, spoken, init.resource?.kind];
    const open = node.collapsibleState;
    try {
      return { text: JSON.stringify(shown), open };
    } catch {
      // What cannot be compared is taken as changed.
      return { text: String(++unprintable), open };
    }
  }

  /** Tooltips are built when a row is hovered: a listing of 10,000 rows would otherwise build 10,000. */
  resolveTreeItem(item: vscode.TreeItem, node: ResourceNode): vscode.TreeItem {
    this.hovered.add(node.id);
    item.tooltip ??= node.tooltip;
    return item;
  }

  /**
   * The rows under `node` (the top-level ones without), one object per row id whoever asks (VS Code, a
   * command finding a row): a build that differs from what VS Code was handed tells it what to redraw.
   */
  async getChildren(node?: ResourceNode): Promise<ResourceNode[]> {
    const key = node?.id ?? ROOT;
    const prepared = this.prepared.get(key);
    if (prepared) {
      this.prepared.delete(key);
      this.fetched();
      return prepared;
    }
    const generation = this.generation;
    const built = node ? await this.childrenOf(node) : await this.roots();
    const current = generation === this.generation;
    const change = this.take(key, built, current);
    // Built from rows older than the change meanwhile: the rebuild it causes hands this list again whole.
    if (!current) this.update();
    else if (change.whole) this.tell(node ? [this.shown.node(node.id) ?? node] : undefined);
    else this.tell(change.rows);
    this.fetched();
    return change.nodes;
  }

  /** Records a build of the list under `key` as handed, with each row's parent and the view's counting rows. */
  private take(key: string, built: readonly ResourceNode[], current: boolean): ListChange {
    const change = this.shown.record(key, built, current);
    const parent = key === ROOT ? undefined : this.shown.node(key);
    for (const child of change.nodes) {
      if (parent) this.parents.set(child, parent);
      else this.parents.delete(child);
    }
    if (key === ROOT) {
      this.countingRows.clear();
      for (const node of change.nodes) if (node.init.counts !== undefined) this.countingRows.set(node.init.counts, node);
    }
    return change;
  }

  private async childrenOf(node: ResourceNode): Promise<ResourceNode[]> {
    try {
      return this.markDeleting(await node.getChildren());
    } catch (error) {
      // Its session closed meanwhile: the views load again from the next one.
      if (this.boundStore?.isDisposed) return [];
      return [this.errorNode(`${node.id}/error`, error)];
    }
  }

  private async roots(): Promise<ResourceNode[]> {
    const state = this.session.state;
    if (state.kind !== 'active') return [];
    let store: ResourceStore | undefined;
    try {
      store = (await this.session.current()).store;
      this.bind(store);
      return this.markDeleting(await this.spec.roots({ store, account: state.account, filter: this.filterValue }));
    } catch (error) {
      if ((isApiError(error) && error.isUnauthorized) || store?.isDisposed) return [];
      return [this.errorNode(`${this.spec.id}/error`, error)];
    }
  }

  getParent(node: ResourceNode): ResourceNode | undefined {
    return this.parents.get(node);
  }

  /**
   * Selects the row of a resource (`resource.kind` and id as its node has them), its parents expanded; false
   * when the view does not show it (not loaded, filtered out). `within` names the resource it is shown under
   * (a node pool's cluster).
   */
  async reveal(resourceKind: string, id: string | number, within?: ResourceKey): Promise<boolean> {
    const found = await this.find({ kind: resourceKind, id }, within);
    if (!found) return false;
    await this.view.reveal(found, { select: true, focus: true });
    return true;
  }

  /** Rows whose resource the service is deleting show it, wherever the view lists them. */
  private markDeleting(nodes: ResourceNode[]): ResourceNode[] {
    const store = this.boundStore;
    if (!store) return nodes;
    return nodes.map((node) => (node.resource && store.isDeleting(node.resource.kind, node.resource.id) ? node.deleting() : node));
  }

  /** Selects the rows of these resources, all of them (those the view shows); answers how many. */
  async select(resources: readonly ResourceKey[]): Promise<number> {
    const nodes: ResourceNode[] = [];
    for (const resource of resources) {
      const node = await this.find(resource);
      if (node) nodes.push(node);
    }
    const [first, ...others] = nodes;
    if (!first) return 0;
    await this.view.reveal(first, { select: true, focus: true });
    // A TreeView selects one row at a time: each further row is focused, then added to the selection.
    for (const node of others) {
      await this.view.reveal(node, { select: false, focus: true });
      await vscode.commands.executeCommand('list.toggleSelection');
    }
    return nodes.length;
  }

  /**
   * The row of a resource: among the roots, then below the groups (rows without a resource) and below `within`,
   * three levels down at most. The first in display order (a stacklet grouped under two tags: the first).
   */
  private async find(target: ResourceKey, within?: ResourceKey): Promise<ResourceNode | undefined> {
    const is = (node: ResourceNode, key: ResourceKey | undefined) => !!key && node.resource?.kind === key.kind && String(node.resource.id) === String(key.id);
    const opens = (node: ResourceNode) => !!node.init.children && (!node.resource || is(node, within));
    let level = await this.getChildren();
    for (let depth = 0; depth < 3 && level.length > 0; depth++) {
      const found = level.find((node) => is(node, target));
      if (found) return found;
      const next: ResourceNode[] = [];
      for (const node of level.filter(opens)) next.push(...(await this.getChildren(node)));
      level = next;
    }
    return undefined;
  }

  /** Something the rows depend on changed (a listing, a setting, the filter): VS Code is to show it. */
  private rowsChanged(): void {
    this.generation++;
    this.told.clear();
    this.prepared.clear();
    this.update();
  }

  /**
   * A visible view is built again and VS Code told what differs from what it was handed (see rebuild). A
   * hidden one is redrawn whole: VS Code fetches nothing for it until it is shown.
   */
  private update(): void {
    if (this.view.visible && this.shown.has(ROOT)) this.scheduleRebuild();
    else this.redraw();
  }

  /**
   * Redraws the whole view once for all the changes asked for in the same turn: a refresh invalidates four
   * listings at once, and VS Code, which sends the first change of a burst at once and the rest 200 ms later,
   * would fetch every row twice. Each row VS Code is handed costs memory in the extension host until the
   * TreeView is disposed (a DisposableStore per row that its TreeView keeps, microsoft/vscode#202080): one fetch
   * of 2,000 rows is about 0.45 MB for the rest of the session.
   */
  private redraw(): void {
    this.shown.clear();
    this.prepared.clear();
    this.tell(undefined);
  }

  /** Asks VS Code to redraw these rows (undefined: the whole view), each once since the last change. */
  private tell(nodes: readonly ResourceNode[] | undefined): void {
    if (this.told.has(ROOT) || this.redrawQueued) return;
    if (!nodes) {
      this.told.add(ROOT);
      this.lastTold = performance.now();
      this.redrawQueued = true;
      this.changed.fire(undefined);
      queueMicrotask(() => (this.redrawQueued = false));
      return;
    }
    const untold = [...new Set(nodes)].filter((node) => !this.toldAbove(node));
    for (const node of untold) this.told.add(node.id);
    if (untold.length > 0) this.lastTold = performance.now();
    if (untold.length > 0) this.changed.fire(untold.length === 1 ? untold[0] : untold);
  }

  /** Whether the row or one of its parents was told to redraw: VS Code fetches its children again then. */
  private toldAbove(node: ResourceNode): boolean {
    for (let at: ResourceNode | undefined = node; at; at = this.parents.get(at)) if (this.told.has(at.id)) return true;
    return false;
  }

  /** Rebuilds once for all the changes of this turn, and again for those that come while it loads. */
  private scheduleRebuild(): void {
    this.rebuildWanted = true;
    if (this.rebuilding) return;
    this.rebuilding = true;
    void (async () => {
      while (this.rebuildWanted) {
        // The other changes of this turn join (a refresh invalidates four listings at once).
        await Promise.resolve();
        this.rebuildWanted = false;
        try {
          await this.rebuild();
        } catch {
          this.redraw();
        }
      }
      this.rebuilding = false;
    })();
  }

  /**
   * Builds again what VS Code was handed (the top-level rows and the children of the rows it opened) from the
   * listings as they are now, and tells it only what differs: nothing when a refresh brings back the same rows
   * (auto-refresh of an account nobody changed), the changed rows alone, refreshed in place, or a list whose
   * rows came, went or moved, whole. A row collapsed since it was opened is redrawn without its children (VS
   * Code keeps them, and fetches them again when it is opened).
   */
  private async rebuild(): Promise<void> {
    const generation = this.generation;
    const built = new Map<string, ResourceNode[]>([[ROOT, await this.roots()]]);
    const closed: ResourceNode[] = [];
    let level = built.get(ROOT)!;
    while (level.length > 0 && generation === this.generation) {
      const opened = level.filter((node) => node.init.children && this.shown.has(node.id));
      closed.push(...opened.filter((node) => this.collapsed.has(node.id)));
      const lists = await Promise.all(opened.filter((node) => !this.collapsed.has(node.id)).map(async (node) => [node.id, await this.childrenOf(node)] as const));
      for (const [id, children] of lists) built.set(id, children);
      level = lists.flatMap(([, children]) => children);
    }
    // The rows changed again meanwhile: the next run builds them.
    if (generation !== this.generation) return;
    if (!this.view.visible || !this.shown.has(ROOT)) return this.redraw();
    let whole = false;
    const redrawn: ResourceNode[] = [];
    for (const [key, list] of built) {
      const change = this.take(key, list, true);
      this.prepared.set(key, change.nodes);
      const parent = this.shown.node(key);
      if (!change.whole) redrawn.push(...change.rows);
      else if (key === ROOT) whole = true;
      else if (parent) redrawn.push(parent);
    }
    for (const node of closed) redrawn.push(this.shown.node(node.id) ?? node);
    this.shown.keep(new Set(built.keys()));
    this.tell(whole ? undefined : redrawn);
  }

  private errorNode(id: string, error: unknown): ResourceNode {
    // A load cancelled because the account changed or signed out is no failure to report: the view is drawn
    // again for the session that replaced it.
    if (!(isApiError(error) && error.kind === 'aborted')) this.notifier.error(error, vscode.l10n.t('Loading {0} failed', this.view.title ?? this.spec.id));
    const message = describeError(error);
    return messageNode(id, message, 'error', { command: 'stacklet.showLog', title: vscode.l10n.t('Show Log') });
  }

  private bind(store: ResourceStore): void {
    if (this.boundStore === store) return;
    this.storeSubscription?.dispose();
    this.boundStore = store;
    const changes = store.onDidChange((change) => {
      if (this.spec.kinds.includes(change.kind)) this.rowsChanged();
    });
    // A listing loaded: its group row alone shows the count now. The whole view is not redrawn (its rows,
    // and a context menu open on one, stay as they are).
    const loads = store.onDidLoad((kind) => {
      const row = this.countingRows.get(kind);
      if (row && store.peek(kind)?.items.length !== this.knownCounts.get(kind)) this.tell([row]);
    });
    this.storeSubscription = { dispose: () => [changes, loads].forEach((subscription) => subscription.dispose()) };
  }

  private onSessionChanged(): void {
    this.storeSubscription?.dispose();
    this.storeSubscription = undefined;
    this.boundStore = undefined;
    this.countingRows.clear();
    this.knownCounts.clear();
    this.collapsed.clear();
    this.hovered.clear();
    this.updateDescription();
    this.generation++;
    this.told.clear();
    this.redraw();
  }

  private updateDescription(): void {
    const state = this.session.state;
    const parts: string[] = [];
    // The account is said once, by its row in the Account view ("local emulator", a beaker): a label in every
    // view's header took the room of the title's own words at the default side bar width.
    if (state.kind === 'expired') parts.push(vscode.l10n.t('Session expired'));
    const { name, tag, region } = this.filterValue;
    if (tag) parts.push(vscode.l10n.t('tag: {0}', tag));
    if (region) parts.push(vscode.l10n.t('region: {0}', region));
    if (name) parts.push(vscode.l10n.t('name: {0}', name));
    const description = parts.length > 0 ? parts.join(' · ') : undefined;
    // VS Code sends the view's title and description to the window on every set, changed or not, and the window
    // lays the header out again: eight views were told "none" as the container opened.
    if (this.view.description !== description) this.view.description = description;
  }
}
