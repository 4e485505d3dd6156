/**
 * Whether a resource can take an action now, in one place for the commands (src/commands) and the agent's
 * action definitions (src/kinds/<kind>/operations.ts), so a tool refuses what the UI refuses. No vscode import.
 */
import type { Size, Stacklet } from '../api/schemas';
import { stackletState } from './format';

/** The stacklets each power action takes: off what runs, on what is off, a cycle either. */
export const POWER_ACCEPTS = {
  powerOff: (stacklet: Pick<Stacklet, 'status' | 'task'>) => stackletState(stacklet) === 'active',
  powerOn: (stacklet: Pick<Stacklet, 'status' | 'task'>) => stackletState(stacklet) === 'off',
  powerCycle: (stacklet: Pick<Stacklet, 'status' | 'task'>) => stackletState(stacklet) === 'active' || stackletState(stacklet) === 'off',
} as const;

/** Whether the stacklet's region offers volumes (a region that lists no features is taken to offer them). */
export function regionOffersVolumes(stacklet: Pick<Stacklet, 'region'>): boolean {
  const features = stacklet.region.features;
  return features.length === 0 || features.includes('volumes');
}

/** A stacklet that can take a new volume now: none attached, no task, in a region that offers volumes. */
export function canTakeVolume(stacklet: Stacklet): boolean {
  return !stacklet.volume_uuid && stackletState(stacklet) !== 'busy' && regionOffersVolumes(stacklet);
}

/** The disk a stacklet has now: a resize grows it only when asked to, and nothing shrinks it. */
export function stackletDisk(stacklet: Pick<Stacklet, 'disk' | 'size'>): number {
  return stacklet.disk ?? stacklet.size.disk;
}

/** Whether the stacklet can be resized to `size`: the service refuses a size whose disk is smaller than its disk. */
export function diskFits(stacklet: Pick<Stacklet, 'disk' | 'size'>, size: Pick<Size, 'disk'>): boolean {
  return size.disk >= stackletDisk(stacklet);
}
