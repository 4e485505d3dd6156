import * as vscode from 'vscode';
import type { Firewall, Stacklet } from '../api/schemas';
import type { ActionPlan } from '../actions/definition';
import type { ResourceStore } from '../kinds/resourceStore';
import { actionCommand } from './actionCommand';
import type { CommandDeps } from './deps';
import { idleStacklets } from './idlePick';
import { pickItem } from './target';
import { isBack } from './wizard';
import { plural } from '../api/plural';

/** The firewall to attach `stacklets` to: the one most of them have comes first. */
async function askFirewall(deps: CommandDeps, store: ResourceStore, stacklets: readonly Stacklet[]): Promise<{ firewall: Firewall } | undefined> {
  const firewalls = (await store.get('firewall')).items;
  if (firewalls.length === 0) {
    deps.notifier.info(vscode.l10n.t('This account has no firewall to attach: create one with New Firewall.'));
    return undefined;
  }
  const on = (firewall: Firewall) => stacklets.filter((stacklet) => stacklet.firewall_uuid === firewall.uuid).length;
  const ordered = [...firewalls].sort((a, b) => on(b) - on(a));
  const firewall = await deps.prompter.pick<Firewall>({
    title: stacklets.length === 1 ? vscode.l10n.t('Attach a Firewall to {0}', stacklets[0]!.name) : vscode.l10n.t('Attach a Firewall to {0} Stacklets', stacklets.length),
    placeHolder: vscode.l10n.t('A stacklet has one firewall: one that has another moves to the one you pick'),
    items: ordered.map((candidate) => ({ ...pickItem('firewall', candidate, candidate), ...(on(candidate) > 0 ? { icon: 'check' } : {}) })),
  });
  return firewall === undefined || isBack(firewall) ? undefined : { firewall };
}

/** The firewall picked, as the definition's input: its ID. */
async function chosen(deps: CommandDeps, store: ResourceStore, stacklets: readonly Stacklet[]): Promise<{ firewall: string } | undefined> {
  const picked = await askFirewall(deps, store, stacklets);
  return picked && { firewall: picked.firewall.uuid };
}

/** The firewall as a selection's plans name it. */
const firewallName = (plans: readonly ActionPlan[]) => plans[0]?.resources.find((resource) => resource.role === 'firewall')?.name ?? '';

/**
 * Attach Firewall: puts a stacklet, or every stacklet of a selection, behind one firewall, picking it being the
 * confirmation; the definition (src/kinds/stacklet/operations.ts) plans and sends it, and the stacklets and
 * firewalls are read again after.
 */
export const attachFirewall = actionCommand<'stacklet', { firewall: string }>({
  kind: 'stacklet',
  action: 'attachFirewall',
  confirm: 'prompt',
  pick: () => idleStacklets(vscode.l10n.t('Attach a firewall to which stacklet?')),
  input: ({ item, store }, deps) => chosen(deps, store, [item]),
  // The firewall as the plan names it.
  done: (s, { firewall }, plan) => vscode.l10n.t('Attached {0} to firewall {1}.', s.name, firewallName([plan]) || firewall),
  many: {
    ask: ({ items, store }, deps) => chosen(deps, store, items),
    confirm: (count, _input, plans) => ({
      question: plural(count, vscode.l10n.t('Attach 1 stacklet to firewall {0}?', firewallName(plans)), vscode.l10n.t('Attach {0} stacklets to firewall {1}?', count, firewallName(plans))),
      // What moving behind a firewall does, in the definition's words (the same for each stacklet).
      detail: plans[0]?.words((text) => text).detail,
    }),
    progress: (count, _input, plans) => plural(count, vscode.l10n.t('Attaching 1 stacklet to firewall {0}', firewallName(plans)), vscode.l10n.t('Attaching {0} stacklets to firewall {1}', count, firewallName(plans))),
  },
});
