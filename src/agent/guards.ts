/**
 * The limits a person sets once for agents (issue 35), checked at the one point every door's plan passes before
 * it is confirmed: what an agent may do at all (`access`), which resources it may never touch (protected tags),
 * and how much it may add to the monthly bill in this window's session (the spending limit). A limit is read
 * from the person's own settings (application scope in VS Code, the command line for the MCP server): nothing a
 * workspace, a tool's input or the service's data says can lift it. A refusal names its rule in `reason`; the
 * service's names reach the model only as fields, never in the message. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { formatUsd } from '../model/cost';
import { ActionRefusal } from '../actions/refusals';

/** `off`: no tools; `read`: read tools only; `ask`: writes too, each confirmed by the person. */
export const AGENT_ACCESS = ['off', 'read', 'ask'] as const;
export type AgentAccess = (typeof AGENT_ACCESS)[number];

/** The tags that protect a resource from agents unless the person says otherwise. */
export const DEFAULT_PROTECTED_TAGS: readonly string[] = ['protected', 'production'];

/**
 * US dollars a month an agent's confirmed writes may add in one session unless the person says otherwise: a few
 * small stacklets or volumes, not a fleet and not the largest size (the catalog's biggest stacklets cost more).
 */
export const DEFAULT_MONTHLY_LIMIT = 50;

/** The person's limits, as read from where only the person writes them. */
export interface AgentLimits {
  readonly access: AgentAccess;
  readonly protectedTags: readonly string[];
  /** US dollars a month; Infinity for none. */
  readonly monthlyLimit: number;
}

/** What a guard needs of a plan: the resources it touches (with their tags) and its monthly change. */
export interface GuardedPlan {
  readonly resources: readonly { readonly kind: string; readonly id?: string | number; readonly name: string; readonly tags?: readonly string[] }[];
  /** US dollars a month; undefined when not estimated. */
  readonly monthlyChangeUsd: number | undefined;
}

/** The access a value names, or `fallback` for anything else (a typo fails to the stricter level given). */
export function accessOf(value: unknown, fallback: AgentAccess): AgentAccess {
  return (AGENT_ACCESS as readonly unknown[]).includes(value) ? (value as AgentAccess) : fallback;
}

/** Protected tags from a setting's value: strings only, trimmed, empty ones dropped; the default for anything else. */
export function protectedTagsOf(value: unknown): readonly string[] {
  if (!Array.isArray(value)) return DEFAULT_PROTECTED_TAGS;
  return value.filter((tag): tag is string => typeof tag === 'string').map((tag) => tag.trim()).filter((tag) => tag !== '');
}

/** A spending limit from a setting's value: a finite number from 0, else the default. */
export function monthlyLimitOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_MONTHLY_LIMIT;
}

/** The protected tag a resource carries, matched without regard to case ("Production" is "production"), or undefined. */
export function protectingTag(tags: readonly string[] | undefined, protectedTags: readonly string[]): string | undefined {
  if (!tags || protectedTags.length === 0) return undefined;
  const wanted = new Set(protectedTags.map((tag) => tag.toLowerCase()));
  return tags.find((tag) => wanted.has(tag.toLowerCase()));
}

/**
 * What an agent's confirmed writes have added to the monthly estimate in this session (a window, or an MCP
 * server's run). Only increases count: a saving does not buy room for a later increase, or an agent could delete
 * one thing to create a dearer one.
 */
export class SpendingLedger {
  private spent = 0;

  /** US dollars a month added so far. */
  get total(): number {
    return this.spent;
  }

  /** Counts a confirmed write's change (what the plan said; a decrease counts as nothing). */
  add(monthlyChangeUsd: number | undefined): void {
    if (monthlyChangeUsd !== undefined && monthlyChangeUsd > 0) this.spent += monthlyChangeUsd;
  }
}

/** Where the session stands after this plan: "this session's agent changes: $36.00 of $50.00". */
export function spendingWords(ledger: SpendingLedger, plan: GuardedPlan, limits: AgentLimits): string {
  const after = ledger.total + Math.max(0, plan.monthlyChangeUsd ?? 0);
  return limits.monthlyLimit === Infinity
    ? l10n.t("this session's agent changes: {0}/mo (no limit)", formatUsd(after))
    : l10n.t("this session's agent changes: {0}/mo of {1}/mo", formatUsd(after), formatUsd(limits.monthlyLimit));
}

/**
 * Refuses every write of an agent whose access is not `ask`: checked before an action is even planned (a plan reads
 * the account and refuses on its state, which an agent that may only read is not to learn through a write tool),
 * and again with the plan, since the setting may change while the person reads the question.
 */
export function guardAccess(limits: AgentLimits, resource: { kind: string; id?: string | number; name: string } = { kind: 'account', name: '' }): void {
  if (limits.access !== 'ask') {
    throw new ActionRefusal('access', l10n.t('Agents may only read in this account: the person using it set Stacklet Cloud agent access to {0}. Nothing was sent.', limits.access), resource);
  }
}

/**
 * Refuses an agent's plan the person's limits do not allow, before anything is asked or sent: writes off, a
 * resource carrying a protected tag, or a monthly increase past what is left of the limit. The limit counts what
 * the catalog prices: a change the service gives no price for (a volume, a snapshot) is confirmed as "not
 * estimated" and counts nothing, as the estimates everywhere else leave it out.
 */
export function guardAgentPlan(plan: GuardedPlan, limits: AgentLimits, ledger: SpendingLedger): void {
  guardAccess(limits, anyResource(plan));
  for (const resource of plan.resources) {
    const tag = protectingTag(resource.tags, limits.protectedTags);
    if (tag === undefined) continue;
    throw new ActionRefusal('protected', l10n.t('A resource this change touches carries a tag that protects it from agents (see tag and resource). Nothing was sent: a person can make this change from the Stacklet Cloud views.'), { kind: resource.kind, ...(resource.id !== undefined ? { id: resource.id } : {}), name: resource.name }, { tag });
  }
  const change = plan.monthlyChangeUsd;
  if (limits.monthlyLimit === Infinity || change === undefined) return;
  if (change > 0 && ledger.total + change > limits.monthlyLimit + 1e-9) {
    throw new ActionRefusal('spendingLimit', l10n.t("This change would take this session's agent changes past the spending limit the person set: nothing was sent. A person can make it from the Stacklet Cloud views, or raise stacklet.agent.monthlyLimit in their user settings."), anyResource(plan), { ...spendingFacts(ledger, limits), monthlyChangeUsd: change });
  }
}

function spendingFacts(ledger: SpendingLedger, limits: AgentLimits): Record<string, unknown> {
  return { spentUsd: round(ledger.total), limitUsd: limits.monthlyLimit, leftUsd: round(Math.max(0, limits.monthlyLimit - ledger.total)) };
}

const round = (value: number) => Math.round(value * 100) / 100;

function anyResource(plan: GuardedPlan): { kind: string; id?: string | number; name: string } {
  const first = plan.resources[0];
  return first ? { kind: first.kind, ...(first.id !== undefined ? { id: first.id } : {}), name: first.name } : { kind: 'account', name: '' };
}
