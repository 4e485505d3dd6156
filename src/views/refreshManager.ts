/**
 * One place decides when the views load again (after vscode-containers' RefreshManager): a manual refresh
 * (a title-bar button, the palette) is immediate; auto-refresh (the stacklet.autoRefresh setting) runs one
 * timer for every view, armed only while someone is signed in and a view is visible, and reloads only the
 * listings of the views visible at that moment. The clock is injectable, so tests move time themselves.
 */
import * as vscode from 'vscode';
import type { SessionManager } from '../auth/session';
import { systemClock, type Clock } from '../model/clock';
import { Disposable } from '../model/lifecycle';
import type { ListingKind } from '../kinds/registry';
import type { ResourceTreeProvider } from './resourceTreeProvider';
import type { ViewId } from '../kinds/viewIds';

export interface AutoRefreshSettings {
  readonly enabled: boolean;
  readonly intervalMs: number;
}

/** The stacklet.autoRefresh and stacklet.autoRefreshInterval settings (10 s at the least). */
export function autoRefreshSettings(): AutoRefreshSettings {
  const config = vscode.workspace.getConfiguration('stacklet');
  return { enabled: config.get<boolean>('autoRefresh', false), intervalMs: Math.max(10, config.get<number>('autoRefreshInterval', 60)) * 1000 };
}

export class RefreshManager extends Disposable {
  private timer: unknown;

  constructor(
    private readonly views: ReadonlyMap<ViewId, ResourceTreeProvider>,
    private readonly session: SessionManager,
    private readonly settings: () => AutoRefreshSettings = autoRefreshSettings,
    private readonly clock: Clock = systemClock,
  ) {
    super();
    for (const view of views.values()) this._register(view.view.onDidChangeVisibility(() => this.schedule()));
    this._register(session.onDidChange(() => this.schedule()));
    this._register(vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('stacklet.autoRefresh') || event.affectsConfiguration('stacklet.autoRefreshInterval')) this.schedule();
    }));
    this._register({ dispose: () => this.cancel() });
    this.schedule();
  }

  /** A manual refresh of one view, or of all: at once, never debounced. */
  refresh(view?: ViewId): void {
    const targets = view ? [this.views.get(view)].filter((p): p is ResourceTreeProvider => !!p) : [...this.views.values()];
    for (const provider of targets) provider.refresh();
  }

  /** True while the auto-refresh timer is armed. */
  get armed(): boolean {
    return this.timer !== undefined;
  }

  private visible(): ResourceTreeProvider[] {
    return [...this.views.values()].filter((provider) => provider.view.visible);
  }

  private schedule(): void {
    this.cancel();
    const { enabled, intervalMs } = this.settings();
    if (this.disposed || !enabled || this.session.state.kind !== 'active' || this.visible().length === 0) return;
    this.timer = this.clock.setTimer(() => this.tick(), intervalMs);
  }

  /** Reloads what the visible views show: each listing once, however many views show it. */
  private tick(): void {
    this.timer = undefined;
    const kinds = [...new Set<ListingKind>(this.visible().flatMap((provider) => provider.spec.kinds))];
    // An expired session (401) has no store to reload; the session's change reschedules.
    if (kinds.length > 0) void this.session.current().then(({ store }) => store.invalidate(...kinds), () => undefined);
    this.schedule();
  }

  private cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }
}
