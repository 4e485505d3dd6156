/**
 * The emulator's knobs: what `startEmulator` takes, their defaults, and the checks shared by `configure()`,
 * POST /_emulator/config and the CLI so a bad value is refused the same way everywhere.
 */

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
}

export type SeedKind = 'demo' | 'empty';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  latencyMs?: number;
  faultRate?: number;
  faultKinds?: readonly FaultKind[];
  hangMs?: number;
  taskMs?: number;
  bodyLimitBytes?: number;
  control?: boolean;
  seed?: SeedKind;
  extraStacklets?: number;
  quirks?: Quirks;
  /** Token of the demo account; DEMO_TOKEN when omitted. */
  demoToken?: string;
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
  quirks?: Quirks;
}

export interface ResolvedConfig {
  latencyMs: number;
  faultRate: number;
  faultKinds: readonly FaultKind[];
  hangMs: number;
  taskMs: number;
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
  if (change.quirks !== undefined) current.quirks = { ...current.quirks, ...change.quirks };
}
