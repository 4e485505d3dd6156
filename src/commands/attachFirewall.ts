import * as vscode from 'vscode';
import type { Firewall, Stacklet } from '../api/schemas';
import type { ResourceStore } from '../kinds/resourceStore';
import { plannedAction, type Planned } from './plannedAction';
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

type Chosen = Planned<{ firewall: string }, Firewall>;

const firewallName = (answers: Chosen) => answers.found?.name ?? '';

/** The firewall picked: the definition's input (its ID), and the firewall itself for a selection's words. */
async function chosen(deps: CommandDeps, store: ResourceStore, stacklets: readonly Stacklet[]): Promise<Chosen | undefined> {
  const picked = await askFirewall(deps, store, stacklets);
  return picked && { input: { firewall: picked.firewall.uuid }, found: picked.firewall };
}

/**
 * Attach Firewall: puts a stacklet, or every stacklet of a selection, behind one firewall, picking it being the
 * confirmation; the definition (src/kinds/stacklet/operations.ts) plans and sends it, and the stacklets and
 * firewalls are read again after.
 */
export const attachFirewall = plannedAction<'stacklet', { firewall: string }, Firewall>({
  kind: 'stacklet',
  action: 'attachFirewall',
  confirm: 'prompt',
  pick: () => idleStacklets(vscode.l10n.t('Attach a firewall to which stacklet?')),
  input: async ({ item, store }, deps) => (await chosen(deps, store, [item]))?.input,
  progress: (s, _input, firewall) => vscode.l10n.t('Attaching {0} to firewall {1}…', s.name, firewall?.name ?? ''),
  // The firewall as the plan names it.
  done: (s, { firewall }, plan) => vscode.l10n.t('Attached {0} to firewall {1}.', s.name, plan?.resources.find((resource) => resource.role === 'firewall')?.name ?? firewall),
  bulk: {
    ask: ({ items, store }, deps) => chosen(deps, store, items),
    refuse: (item, answers) => (item.firewall_uuid === answers.input?.firewall ? vscode.l10n.t('already behind {0}', firewallName(answers)) : undefined),
    confirm: (count, answers) => ({
      question: plural(count, vscode.l10n.t('Attach 1 stacklet to firewall {0}?', firewallName(answers)), vscode.l10n.t('Attach {0} stacklets to firewall {1}?', count, firewallName(answers))),
      detail: vscode.l10n.t('A stacklet has one firewall: those behind another move to {0}, and its rules apply to them from now on.', firewallName(answers)),
      button: vscode.l10n.t('Attach'),
    }),
    monthlyChange: () => 0,
    progress: (count, answers) => plural(count, vscode.l10n.t('Attaching 1 stacklet to firewall {0}', firewallName(answers)), vscode.l10n.t('Attaching {0} stacklets to firewall {1}', count, firewallName(answers))),
  },
});
