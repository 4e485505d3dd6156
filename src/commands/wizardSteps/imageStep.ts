import type { ResourceStore } from '../../kinds/resourceStore';
import { imageChoice } from '../choices';
import type { CommandDeps } from '../deps';
import { pickStep, type WizardStep } from '../wizard';
import type { StepWords, With } from './fields';

/** The image (a distribution, an application, or a snapshot) available in the region already answered. */
export function imageStep<S extends With<'image', string | number> & With<'region', string>>(deps: CommandDeps, store: ResourceStore, words: (state: S) => StepWords): WizardStep<S> {
  return pickStep<S, string | number>(deps, 'image', async (s) => ({ ...words(s), ...(await imageChoice(store, s.region)) }), (s) => s.image, (s, image) => (s.image = image));
}
