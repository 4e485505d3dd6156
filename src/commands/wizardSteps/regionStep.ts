import type { ResourceStore } from '../../kinds/resourceStore';
import { regionChoice } from '../choices';
import type { CommandDeps } from '../deps';
import { pickStep, type WizardStep } from '../wizard';
import type { StepWords, With } from './fields';

/** The region, of those that offer `feature` (every available one without), strictly from the service's list. */
export function regionStep<S extends With<'region', string>>(deps: CommandDeps, store: ResourceStore, words: StepWords, feature?: string): WizardStep<S> {
  return pickStep<S, string>(deps, 'region', async () => ({ ...words, ...(await regionChoice(store, feature)) }), (s) => s.region, (s, region) => (s.region = region));
}
