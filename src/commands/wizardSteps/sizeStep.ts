import type { ResourceStore } from '../../kinds/resourceStore';
import type { PickItem } from '../../ui/prompter';
import { sizeChoice, type Choice } from '../choices';
import type { CommandDeps } from '../deps';
import { pickStep, type WizardStep } from '../wizard';
import { field, type StepWords, type With } from './fields';

/**
 * A size, answer `key` (default `size`): the service's sizes with their price, strictly; or `items` when the
 * wizard offers fewer (a node pool's sizes large enough for its Kubernetes version).
 */
export function sizeStep<S extends With<K, string>, K extends string = 'size'>(
  deps: CommandDeps,
  store: ResourceStore,
  words: StepWords,
  key = 'size' as K,
  items?: () => Promise<PickItem<string>[]>,
): WizardStep<S> {
  const { read, write } = field<S, K, string>(key);
  const choice = async (): Promise<Choice<string>> => (items ? { items: await items() } : sizeChoice(store));
  return pickStep<S, string>(deps, key, async () => ({ ...words, ...(await choice()) }), read, write);
}
