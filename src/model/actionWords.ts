/**
 * The words of actions' confirmations, in one place for the commands (src/commands) and the agent's write
 * definitions (src/kinds/<kind>/operations.ts), so what a tool asks reads as what the UI asks. Each takes the service's
 * names as the caller shows them: a VS Code dialog shows text as text and gets them as they are; an agent's
 * edge passes them through its literal form (Markdown-escaped, or one plain line). No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { monthlyChangeWords } from './cost';
import { plural } from '../api/plural';

/** A confirmation: the question, what it does, and the button that does it. */
export interface ConfirmationWords {
  readonly question: string;
  readonly detail: string;
  readonly button: string;
}

/**
 * A confirmation's detail as one paragraph, for the one place a picker shows text whole (its prompt wraps; its
 * rows, title and placeholder are cut at the picker's width, and a row would read as a choice). The message area
 * folds line breaks, so a line that ends a sentence or opens a list (".", "?", "!", ":") runs on after a space,
 * and any other (a name with its outcome, a field of a review) is set off with " · ". Blank lines only spaced
 * paragraphs, and go.
 */
export function detailParagraph(detail: string): string {
  const lines = detail.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return lines.map((line, i) => (i === lines.length - 1 ? line : /[.?!:]$/.test(line) ? `${line} ` : `${line} · `)).join('');
}

export function powerOffWords(name: string): ConfirmationWords {
  return {
    question: l10n.t('Power off {0}?', name),
    detail: l10n.t('{0} stops, like pulling its power cord: running programs are not shut down cleanly. It stays off until powered on again.', name),
    button: l10n.t('Power Off'),
  };
}

export function powerCycleWords(name: string): ConfirmationWords {
  return {
    question: l10n.t('Power cycle {0}?', name),
    detail: l10n.t('{0} is switched off and on again (a hard reboot): running programs are not shut down cleanly.', name),
    button: l10n.t('Power Cycle'),
  };
}

/** What a new stacklet is made with besides its size, region and image (names as the confirmation shows them). */
export interface StackletMadeWith {
  readonly vpc?: string | undefined;
  readonly firewall?: string | undefined;
  readonly userdata?: string | undefined;
  readonly sshKeys: readonly string[];
  readonly tags: readonly string[];
  readonly backups: boolean;
}

/**
 * A stacklet create's lines after its size, region and image: what it attaches to, its tags, and its backups,
 * which the service gives no price for (the estimate leaves them out, and says so).
 */
export function stackletMadeWithLines(made: StackletMadeWith): string[] {
  return [
    ...(made.vpc !== undefined ? [l10n.t('VPC: {0}', made.vpc)] : []),
    ...(made.firewall !== undefined ? [l10n.t('Firewall: {0}', made.firewall)] : []),
    ...(made.userdata !== undefined ? [l10n.t('Userdata: {0}', made.userdata)] : []),
    ...(made.sshKeys.length > 0 ? [l10n.t('SSH keys: {0}', made.sshKeys.join(', '))] : []),
    ...(made.tags.length > 0 ? [l10n.t('Tags: {0}', made.tags.join(', '))] : []),
    made.backups ? l10n.t('Backups: automatic. The service names no price for them, so the estimate leaves them out.') : l10n.t('Backups: none.'),
  ];
}

/** What a resize does to the disk: growing it cannot be undone. */
export function resizeDiskWords(name: string, disk: boolean): string {
  return disk
    ? l10n.t('permanent: {0} can never be resized to a size with a smaller disk', name)
    : l10n.t('CPU and memory only; the resize can be undone');
}

/** Why a size is refused for a resize: its disk is smaller than the stacklet's, and a disk never shrinks. */
export function smallerDiskWords(size: string, sizeDisk: string, name: string, disk: string): string {
  return l10n.t('{0} has a {1} disk, smaller than the {2} disk of {3}: a disk never shrinks.', size, sizeDisk, disk, name);
}

/** A deletion's title, and what it destroys. */
export interface DeletionWords {
  readonly title: string;
  readonly loss: string;
}

export function volumeDeletionWords(name: string, gigabytes: number): DeletionWords {
  return { title: l10n.t('Delete Volume {0}', name), loss: l10n.t('This destroys volume {0} and the {1} GB of data on it.', name, gigabytes) };
}

export function snapshotDeletionWords(name: string, regions: readonly string[]): DeletionWords {
  return {
    title: l10n.t('Delete Snapshot {0}', name),
    loss: l10n.t('This destroys snapshot {0} in every region it is in ({1}); no stacklet can be restored from it again.', name, regions.join(', ')),
  };
}

export function clusterDeletionWords(name: string, nodes: number): DeletionWords {
  return { title: l10n.t('Delete Cluster {0}', name), loss: plural(nodes, l10n.t('This destroys cluster {0}, its node and everything running on it.', name), l10n.t('This destroys cluster {0}, its {1} nodes and everything running on them.', name, nodes)) };
}

/** A backup has no name: its label, and the ID typed to confirm (the loss says so). */
export function backupDeletionWords(label: string, id: string): DeletionWords {
  return {
    title: l10n.t('Delete Backup {0}', label),
    loss: l10n.t('This destroys the backup {0}; its stacklet can no longer be restored from it. Type its ID, {1}, to confirm.', label, id),
  };
}

/** A stacklet's deletion: its title (the loss is `whatGoesAndStays`). */
export function stackletDeletionTitle(name: string): string {
  return l10n.t('Delete {0}', name);
}

/**
 * What deleting the resource changes in the monthly estimate (`deletionChangeOf`, src/kinds/registry.ts), as a
 * sentence to end a question with (" Estimated change: −$12.00/mo."), or nothing when its kind or the service gives
 * no price.
 */
export function costSentence(change: number | undefined): string {
  return change === undefined ? '' : ` ${l10n.t('Estimated change: {0}.', monthlyChangeWords(change))}`;
}

/** The prompt of a deletion confirmed by typing the name: what is lost, then the name as it is to be typed. */
export function typeNamePrompt(loss: string, typeable: string): string {
  return l10n.t('{0} Type its name, {1}, to confirm.', loss, typeable);
}

/** "Deletes: web-1 and its disk. Keeps: volume data, snapshot before-deploy." */
export function whatGoesAndStays(stacklet: string, goes: readonly string[], stays: readonly string[]): string {
  const deletes = l10n.t('Deletes: {0}.', [l10n.t('{0} and its disk', stacklet), ...goes].join(', '));
  return stays.length > 0 ? `${deletes} ${l10n.t('Keeps: {0}.', stays.join(', '))}` : deletes;
}

/** A stacklet's volume or snapshot, named in a deletion's "Deletes: … Keeps: …". */
export function extraWords(kind: 'volume' | 'snapshot', name: string): string {
  return kind === 'volume' ? l10n.t('volume {0}', name) : l10n.t('snapshot {0}', name);
}

/** Why an attached volume is not deleted. */
export function volumeAttachedWords(volume: string, stacklet: string): string {
  return l10n.t('{0} is attached to {1}: detach it first, then delete it.', volume, stacklet);
}

/** The question before a document's changes are applied; `what` is "firewall web-fw". */
export function applyQuestion(what: string): string {
  return l10n.t('Apply these changes to {0} on Stacklet Cloud?', what);
}

/** A deletion's question, then the line asking for the name typed (`typeable`, as it is to be typed). */
export function typeToConfirm(question: string, typeable: string): string {
  return l10n.t('{0} Type {1} to confirm.', question, typeable);
}

/** A cluster's nodes, all pools together. */
export function nodeCount(cluster: { readonly node_pools: readonly { readonly nodes: readonly unknown[] }[] }): number {
  return cluster.node_pools.reduce((sum, pool) => sum + pool.nodes.length, 0);
}
