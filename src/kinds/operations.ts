/**
 * Every kind's actions (src/kinds/<kind>/operations.ts) as the write tools agents call, one per kind: the list the
 * doors read (the language model tools, the MCP server, the commands and editors through `definitionOf`, and
 * `npm run manifest`). Here, beside the kinds, so the framework that makes a tool (src/actions/writeTool.ts) never
 * imports its plug-ins. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { parseAction, planOf, tool, type Defined, type WriteTool } from '../actions/writeTool';
import type { ActionContext, ActionPlan, ToolKind } from '../actions/definition';
import { guardAccess } from '../agent/guards';
import { ActionInputError } from '../actions/refusals';
import { BACKUP_OPERATIONS } from './backup/operations';
import { CLUSTER_OPERATIONS } from './cluster/operations';
import { FIREWALL_OPERATIONS } from './firewall/operations';
import { LOAD_BALANCER_OPERATIONS } from './loadBalancer/operations';
import { NODE_POOL_OPERATIONS } from './nodePool/operations';
import { SNAPSHOT_OPERATIONS } from './snapshot/operations';
import { SSH_KEY_OPERATIONS } from './sshKey/operations';
import { STACKLET_OPERATIONS } from './stacklet/operations';
import { TAG_OPERATIONS } from './tag/operations';
import { USERDATA_OPERATIONS } from './userdata/operations';
import { VOLUME_OPERATIONS } from './volume/operations';
import { VPC_OPERATIONS } from './vpc/operations';

/** Every write tool, in the order a tool list shows them. */
export const WRITE_TOOLS: readonly WriteTool[] = [
  tool('stacklet', { plural: 'stacklets', icon: 'vm' }, STACKLET_OPERATIONS),
  tool('volume', { plural: 'volumes', icon: 'database' }, VOLUME_OPERATIONS),
  tool('snapshot', { plural: 'snapshots', icon: 'device-camera' }, SNAPSHOT_OPERATIONS),
  tool('backup', { plural: 'backups', icon: 'history' }, BACKUP_OPERATIONS),
  tool('firewall', { plural: 'firewalls', icon: 'shield' }, FIREWALL_OPERATIONS),
  tool('vpc', { plural: 'VPCs', icon: 'type-hierarchy' }, VPC_OPERATIONS),
  tool('cluster', { plural: 'Kubernetes clusters', icon: 'server-environment' }, CLUSTER_OPERATIONS),
  tool('nodePool', { plural: 'node pools', icon: 'layers' }, NODE_POOL_OPERATIONS),
  tool('sshKey', { plural: 'SSH keys', icon: 'key' }, SSH_KEY_OPERATIONS),
  tool('loadBalancer', { plural: 'load balancers', icon: 'server-process' }, LOAD_BALANCER_OPERATIONS),
  tool('userdata', { plural: 'userdata scripts', icon: 'file-code' }, USERDATA_OPERATIONS),
  tool('tag', { plural: 'tags', icon: 'tag' }, TAG_OPERATIONS),
];

export function writeTool(name: string): WriteTool | undefined {
  return WRITE_TOOLS.find((candidate) => candidate.name === name);
}

/**
 * The definition an agent's call of the tool `name` picks, and its input checked against it: refused (ActionInputError,
 * or ActionRefusal when the person's access for agents allows no write) before anything is read.
 */
export function agentCall(ctx: ActionContext, name: string, raw: unknown): { defined: Defined; input: Record<string, unknown> } {
  const write = writeTool(name);
  if (!write) throw new ActionInputError('tool', l10n.t('is not a write tool'));
  if (ctx.agent) guardAccess(ctx.agent.limits());
  const { definition, input } = parseAction(write, raw);
  return { defined: { write, definition }, input };
}

/** The plan the tool `name` makes of an agent's input (refused as ActionInputError or ActionRefusal). */
export async function planAction(ctx: ActionContext, name: string, raw: unknown): Promise<ActionPlan> {
  const { defined, input } = agentCall(ctx, name, raw);
  return planOf(ctx, defined.write, defined.definition, input);
}

/** The definition of `action` on `kind`, for a command to plan through. */
export function definitionOf(kind: ToolKind, action: string): Defined {
  const write = WRITE_TOOLS.find((candidate) => candidate.kind === kind);
  const definition = write?.actions.find((candidate) => candidate.action === action);
  if (!write || !definition) throw new Error(`no action ${action} on ${kind}`);
  return { write, definition };
}
