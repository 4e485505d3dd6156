/**
 * The links between resources, kept consistent in both directions: a stacklet's firewall_uuid and the
 * firewall's resources, its volume_uuid and the volume's stacklet, VPC and load balancer membership.
 */
import type { FirewallRec, StackletRec, VolumeRec } from './records';
import type { Account } from './world';

export function removeValue<T>(array: T[], value: T): void {
  const i = array.indexOf(value);
  if (i !== -1) array.splice(i, 1);
}

/** A stacklet has one firewall_uuid, so attaching it to a firewall moves it off the one it had. */
export function attachFirewall(account: Account, firewall: FirewallRec, stacklet: StackletRec): void {
  if (stacklet.firewall_uuid && stacklet.firewall_uuid !== firewall.uuid) {
    const previous = account.firewalls.get(stacklet.firewall_uuid);
    if (previous) removeValue(previous.resources.stacklet_ids, stacklet.id);
  }
  if (!firewall.resources.stacklet_ids.includes(stacklet.id)) firewall.resources.stacklet_ids.push(stacklet.id);
  stacklet.firewall_uuid = firewall.uuid;
}

export function detachFirewall(account: Account, firewall: FirewallRec, stackletId: number): void {
  removeValue(firewall.resources.stacklet_ids, stackletId);
  const stacklet = account.stacklets.get(stackletId);
  if (stacklet?.firewall_uuid === firewall.uuid) stacklet.firewall_uuid = null;
}

/** Which stacklet a volume is being attached to while its attach task runs (the link itself lands at the end). */
const attachTargets = new WeakMap<VolumeRec, number>();

export function setAttachTarget(volume: VolumeRec, stackletId: number | undefined): void {
  if (stackletId === undefined) attachTargets.delete(volume);
  else attachTargets.set(volume, stackletId);
}

/** The name of a volume task that involves the stacklet (attaching to it, detaching from it, creating on it). */
export function volumeTaskOn(account: Account, stackletId: number): string | undefined {
  for (const volume of account.volumes.all()) {
    if (volume.task && (volume.stacklet?.id === stackletId || attachTargets.get(volume) === stackletId)) return volume.task.name;
  }
  return undefined;
}

/** Unlinks a stacklet that is being deleted from everything that refers to it; its backups go with it. */
export function detachStackletEverywhere(account: Account, stacklet: StackletRec): void {
  if (stacklet.volume_uuid) {
    const volume = account.volumes.get(stacklet.volume_uuid);
    if (volume?.stacklet?.id === stacklet.id) volume.stacklet = null;
  }
  if (stacklet.firewall_uuid) {
    const firewall = account.firewalls.get(stacklet.firewall_uuid);
    if (firewall) removeValue(firewall.resources.stacklet_ids, stacklet.id);
  }
  if (stacklet.vpc_uuid) {
    const vpc = account.vpcs.get(stacklet.vpc_uuid);
    if (vpc) removeValue(vpc.stacklet_ids, stacklet.id);
  }
  for (const lb of account.loadBalancers.all()) removeValue(lb.stacklet_ids, stacklet.id);
  for (const id of stacklet.backup_ids) account.backups.delete(id);
}
