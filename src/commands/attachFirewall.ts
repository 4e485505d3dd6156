import * as vscode from 'vscode';
import type { Firewall, Stacklet } from '../api/schemas';
import type { ResourceStore } from '../model/resourceStore';
import { itemAction } from './action';
import type { CommandDeps } from './deps';
import { idleStacklets } from './idlePick';
import { pickItem } from './target';
import { isBack } from './wizard';
import { plural } from '../model/plural';

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

/**
 * The cache after the service attached `stacklet` to `firewall`: the stacklet names it, it lists the stacklet,
 * and the firewall the stacklet had lists it no more (the latest cached firewalls, so several in a row add up).
 */
function attached(store: ResourceStore, stacklet: Stacklet, firewall: Firewall): void {
  const cached = (uuid: string) => store.peek('firewall')?.items.find((f) => f.uuid === uuid);
  const previous = stacklet.firewall_uuid ? cached(stacklet.firewall_uuid) : undefined;
  if (previous && previous.uuid !== firewall.uuid) {
    store.update('firewall', (f) => f.uuid === previous.uuid, { ...previous, resources: { ...previous.resources, stacklet_ids: previous.resources.stacklet_ids.filter((id) => id !== stacklet.id) } });
  }
  const current = cached(firewall.uuid) ?? firewall;
  if (!current.resources.stacklet_ids.includes(stacklet.id)) {
    store.update('firewall', (f) => f.uuid === firewall.uuid, { ...current, resources: { ...current.resources, stacklet_ids: [...current.resources.stacklet_ids, stacklet.id] } });
  }
  store.update('stacklet', (s) => s.id === stacklet.id, { ...stacklet, firewall_uuid: firewall.uuid });
}

/** Attach Firewall: puts a stacklet, or every stacklet of a selection, behind one firewall. */
export const attachFirewall = itemAction<'stacklet', { firewall: Firewall }, true>({
  kind: 'stacklet',
  action: 'attachFirewall',
  pick: () => idleStacklets(vscode.l10n.t('Attach a firewall to which stacklet?')),
  ask: ({ item, store }, deps) => askFirewall(deps, store, [item]),
  send: async ({ client, item }, { firewall }) => {
    await client.addFirewallStacklets(firewall.uuid, [item.id]);
    return true as const;
  },
  settle: (_deps, { store, item }, _answer, { firewall }) => attached(store, item, firewall),
  progress: (s, { firewall }) => vscode.l10n.t('Attaching {0} to firewall {1}…', s.name, firewall.name),
  failure: (s, { firewall }) => vscode.l10n.t('Could not attach {0} to firewall {1}', s.name, firewall.name),
  done: (s, { firewall }) => vscode.l10n.t('Attached {0} to firewall {1}.', s.name, firewall.name),
  bulk: {
    ask: ({ items, store }, deps) => askFirewall(deps, store, items),
    refuse: (item, { firewall }) => (item.firewall_uuid === firewall.uuid ? vscode.l10n.t('already behind {0}', firewall.name) : undefined),
    confirm: (count, { firewall }) => ({
      question: plural(count, vscode.l10n.t('Attach 1 stacklet to firewall {0}?', firewall.name), vscode.l10n.t('Attach {0} stacklets to firewall {1}?', count, firewall.name)),
      detail: vscode.l10n.t('A stacklet has one firewall: those behind another move to {0}, and its rules apply to them from now on.', firewall.name),
      button: vscode.l10n.t('Attach'),
    }),
    monthlyChange: () => 0,
    progress: (count, { firewall }) => plural(count, vscode.l10n.t('Attaching 1 stacklet to firewall {0}', firewall.name), vscode.l10n.t('Attaching {0} stacklets to firewall {1}', count, firewall.name)),
  },
});
