/**
 * A firewall document's `stacklet_ids` are bare numbers: each gets the stacklet's name beside it as an inlay hint,
 * from the session's stacklet listing (the cached one, which the Stacklets view shares; read once if nothing has
 * read it yet). The name is the service's text, shown literally; an id the listing does not hold gets no hint.
 */
import * as vscode from 'vscode';
import type { SessionManager } from '../auth/session';
import { DOCUMENT_SCHEMES } from '../kinds/schemes';
import { literalText } from '../model/serviceText';

export function registerStackletNameHints(session: SessionManager): vscode.Disposable {
  return vscode.languages.registerInlayHintsProvider({ scheme: DOCUMENT_SCHEMES.firewall }, {
    async provideInlayHints(document) {
      if (session.state.kind !== 'active' || session.state.account.id !== document.uri.authority) return [];
      const { store } = await session.current();
      const stacklets = (store.peek('stacklet') ?? (await store.get('stacklet').catch(() => undefined)))?.items ?? [];
      const names = new Map(stacklets.map((stacklet) => [stacklet.id, stacklet.name]));
      // Loaded with the first firewall document, not with the workbench: it brings jsonc-parser (issue 47).
      const { stackletIdsIn } = await import('../kinds/firewall/documentStackletIds.js');
      return stackletIdsIn(document.getText()).flatMap(({ id, offset, length }) => {
        const name = names.get(id);
        if (name === undefined) return [];
        const hint = new vscode.InlayHint(document.positionAt(offset + length), literalText(name, 80), vscode.InlayHintKind.Parameter);
        hint.paddingLeft = true;
        hint.tooltip = vscode.l10n.t('Stacklet {0}', literalText(name));
        return [hint];
      });
    },
  });
}
