import * as vscode from 'vscode';
import type { ResourceStore } from '../../kinds/resourceStore';
import type { CommandDeps } from '../deps';
import { pickStep, type WizardStep } from '../wizard';
import { noneItem } from './noneItem';
import type { StepWords, With } from './fields';

/** A VPC of the region already answered, or none (null: the region's default network). */
export function vpcStep<S extends With<'vpc', string | null> & With<'region', string>>(deps: CommandDeps, store: ResourceStore, words: (state: S) => StepWords): WizardStep<S> {
  return pickStep<S, string | null>(deps, 'vpc', async (s) => ({
    ...words(s),
    items: [
      noneItem(vscode.l10n.t('the region\'s default network')),
      ...(await store.get('vpc').catch(() => undefined))?.items
        .filter((vpc) => vpc.region?.slug === s.region)
        .map((vpc) => ({ label: vpc.name, description: vpc.cidr, value: vpc.uuid })) ?? [],
    ],
  }), (s) => s.vpc, (s, vpc) => (s.vpc = vpc));
}
