/**
 * The words people read for what the code names with identifiers: a resource's kind and a machine's state,
 * in pickers and in what screen readers say about a tree item.
 */
import * as vscode from 'vscode';
import type { ResourceState } from '../model/format';

/** `ResourceRef.kind` → its name in the user's language (a function, so it is looked up in the bundle when used). */
const KIND_NAMES: Readonly<Record<string, () => string>> = {
  stacklet: () => vscode.l10n.t('Stacklet'),
  volume: () => vscode.l10n.t('Volume'),
  snapshot: () => vscode.l10n.t('Snapshot'),
  firewall: () => vscode.l10n.t('Firewall'),
  loadBalancer: () => vscode.l10n.t('Load balancer'),
  vpc: () => vscode.l10n.t('VPC'),
  cluster: () => vscode.l10n.t('Kubernetes cluster'),
  nodePool: () => vscode.l10n.t('Node pool'),
  kubernetesNode: () => vscode.l10n.t('Kubernetes node'),
  userdata: () => vscode.l10n.t('Userdata script'),
  container: () => vscode.l10n.t('Container image family'),
  image: () => vscode.l10n.t('Container image'),
  network: () => vscode.l10n.t('IP address'),
  profile: () => vscode.l10n.t('Account'),
};

const STATE_NAMES: Readonly<Record<ResourceState, () => string>> = {
  active: () => vscode.l10n.t('active'),
  off: () => vscode.l10n.t('off'),
  busy: () => vscode.l10n.t('busy'),
  inactive: () => vscode.l10n.t('not yet active'),
  unknown: () => vscode.l10n.t('state unknown'),
};

/** A resource kind in words; an unknown kind is shown as it is. */
export function kindName(kind: string): string {
  return Object.hasOwn(KIND_NAMES, kind) ? KIND_NAMES[kind]!() : kind;
}

/** A machine's state as a word: what the icon's colour (or spinner) says to those who see it. */
export function stateName(state: ResourceState): string {
  return STATE_NAMES[state]();
}

/** `Stacklet web-1, active, New York 1, 2 vCPUs 4 GB`: kind and name first, then the facts in words. */
export function spokenLabel(kind: string, name: string, ...facts: (string | undefined)[]): string {
  return [`${kindName(kind)} ${name}`, ...facts.filter((fact): fact is string => !!fact)].join(', ');
}
