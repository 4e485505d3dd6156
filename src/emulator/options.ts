/**
 * The emulator's knobs: what `startEmulator` takes, their defaults, and the checks shared by `configure()`,
 * POST /_emulator/config and the CLI so a bad value is refused the same way everywhere.
 */
import type { SavedWorld } from './savedWorld';
import type { SeedKind } from './world';
import { TRAILING_SLASH_MODES, type TrailingSlashMode } from './trailingSlash';

export const FAULT_KINDS = ['http500', 'http503', 'http429', 'drop', 'hang', 'malformed', 'wrong-shape'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Misbehaviours of a real service that a client must survive. */
export interface Quirks {
  /** Always answer page 1, whatever `page` asks for. */
  ignorePage?: boolean;
  /** Always answer 25 items per page, whatever `per_page` asks for. */
  ignorePerPage?: boolean;
  /** The firewall /rules sub-resources answer 404, as on a service that lacks them. */
  noFirewallRulesEndpoints?: boolean;
  /** The load balancer /rules and /stacklets sub-resources answer 404, as on a service that lacks them. */
  noLoadBalancerSubresources?: boolean;
  /** GET /v1/firewalls, /v1/vpcs and /v1/kubernetes answer 404: the real service documents none of them. */
  noListings?: boolean;
  /**
   * Only the trailing-slash form of paths is served (`/v1/account/profile` both ways, as the public client
   * calls it): GET redirects with 301; writes with 308 ('redirect') or are refused with 404 ('refuse-writes').
   */
  trailingSlash?: TrailingSlashMode;
  /**
   * A new firewall's rule arrays must be spelled as the documentation's attribute list writes them
   * (`inboud_rules`, `outboud_rules`): `inbound_rules` and `outbound_rules` are refused with 422 naming them.
   */
  requireInboudRules?: boolean;
  /** Reset password requires `password`, as the public client sends it: the bare form is refused with 422. */
  resetPasswordNeedsPassword?: boolean;
  /** GET /v1/volumes ignores `region` and lists every volume (the specification ties the filter to /v2). */
  ignoreVolumeRegion?: boolean;
  /** The first page of every listing starts with an item no client can read (`{"name": ["unreadable"]}`). */
  unreadableItem?: boolean;
  /**
   * The conventional forms the documentation lacks, which the emulator adds (adding and deleting node pools,
   * untagging, deleting backups), answer 404 as on a service that does not offer them.
   */
  noConventionalForms?: boolean;
  /**
   * Tags exist only through the stacklets that carry them, as the emulator had it before issue 23: POST /v1/tags
   * answers 405 and GET and DELETE /v1/tags/:id 404, as on a service without tag objects.
   */
  noTagObjects?: boolean;
}

export type { SeedKind };

export interface EmulatorOptions {
  port?: number;
  /** The address to bind. */
  host?: string;
  /**
   * Host names (as the Host header gives them, without the port) answered besides the loopback ones, which are
   * always answered. Any other Host is refused with 403, so a web page whose name was rebound to 127.0.0.1
   * (DNS rebinding) cannot read or change anything. Bound to an address that is not loopback and given none,
   * every Host is answered, as whoever exposed the emulator asked.
   */
  allowedHosts?: readonly string[];
  latencyMs?: number;
  faultRate?: number;
  faultKinds?: readonly FaultKind[];
  hangMs?: number;
  taskMs?: number;
  bodyLimitBytes?: number;
  control?: boolean;
  seed?: SeedKind;
  /** The demo account's world as a former start left it (src/emulator/savedWorld.ts), instead of `seed`. */
  restore?: SavedWorld;
  extraStacklets?: number;
  quirks?: Quirks;
  /** Token of the demo account; DEMO_TOKEN when omitted. */
  demoToken?: string;
  /** Serve HTTPS with this certificate and key (PEM) instead of plain HTTP. */
  tls?: { readonly cert: string; readonly key: string };
  clock?: () => number;
  random?: () => number;
}

/** The subset of options that may change while the emulator runs. */
export interface RuntimeConfig {
  latencyMs?: number;
  faultRate?: number;
  faultKinds?: readonly FaultKind[];
  hangMs?: number;
  taskMs?: number;
  /**
   * While true, no task ends, whatever its time: a test that needs a task to still be running holds it open,
   * then releases it (the tasks due end at the next request). Control endpoint only.
   */
  holdTasks?: boolean;
  quirks?: Quirks;
}

export interface ResolvedConfig {
  latencyMs: number;
  faultRate: number;
  faultKinds: readonly FaultKind[];
  hangMs: number;
  taskMs: number;
  holdTasks: boolean;
  quirks: Quirks;
}

export const DEMO_TOKEN = 'stk_demo_7f3c9a2e5b8d4c1f';
export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_TASK_MS = 3000;
export const DEFAULT_HANG_MS = 30_000;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Returns a message for the first bad value, or undefined. */
export function checkConfig(config: RuntimeConfig): string | undefined {
  const nonNegative = (value: number | undefined, what: string): string | undefined =>
    value !== undefined && !(Number.isFinite(value) && value >= 0) ? `${what} must be a number of at least 0` : undefined;
  const problem =
    nonNegative(config.latencyMs, 'latencyMs') ??
    nonNegative(config.taskMs, 'taskMs') ??
    nonNegative(config.hangMs, 'hangMs');
  if (problem) return problem;
  if (config.faultRate !== undefined && !(config.faultRate >= 0 && config.faultRate <= 1)) {
    return 'faultRate must be from 0 to 1';
  }
  const slash = config.quirks?.trailingSlash;
  if (slash !== undefined && !TRAILING_SLASH_MODES.includes(slash)) {
    return `quirks.trailingSlash: expected ${TRAILING_SLASH_MODES.join(' or ')}, got '${String(slash)}'`;
  }
  if (config.faultKinds !== undefined) {
    if (config.faultKinds.length === 0) return 'faultKinds must name at least one kind';
    const unknown = config.faultKinds.find((kind) => !(FAULT_KINDS as readonly string[]).includes(kind));
    if (unknown !== undefined) return `faultKinds: unknown kind '${unknown}' (known: ${FAULT_KINDS.join(', ')})`;
  }
  return undefined;
}

export function resolveConfig(options: EmulatorOptions): ResolvedConfig {
  return {
    latencyMs: options.latencyMs ?? 0,
    faultRate: options.faultRate ?? 0,
    faultKinds: options.faultKinds ?? FAULT_KINDS,
    hangMs: options.hangMs ?? DEFAULT_HANG_MS,
    taskMs: options.taskMs ?? DEFAULT_TASK_MS,
    holdTasks: false,
    quirks: { ...options.quirks },
  };
}

/** Applies a partial change; quirks are merged key by key so one quirk can be toggled alone. */
export function applyConfig(current: ResolvedConfig, change: RuntimeConfig): void {
  const problem = checkConfig(change);
  if (problem) throw new RangeError(problem);
  if (change.latencyMs !== undefined) current.latencyMs = change.latencyMs;
  if (change.faultRate !== undefined) current.faultRate = change.faultRate;
  if (change.faultKinds !== undefined) current.faultKinds = [...change.faultKinds];
  if (change.hangMs !== undefined) current.hangMs = change.hangMs;
  if (change.taskMs !== undefined) current.taskMs = change.taskMs;
  if (change.holdTasks !== undefined) current.holdTasks = change.holdTasks;
  if (change.quirks !== undefined) current.quirks = { ...current.quirks, ...change.quirks };
}
