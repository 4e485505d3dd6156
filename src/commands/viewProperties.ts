import * as vscode from 'vscode';
import { listedKindsOffering, type ListedKind, type ResourceRef } from '../kinds/registry';
import type { CommandDeps } from './deps';
import { resolveResource } from './target';

/**
 * Opens the resource as the service described it, in a read-only JSON document that follows its listing
 * (src/editors/propertiesDocuments.ts).
 */
export async function viewProperties(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, listedKindsOffering('viewProperties'), { title: vscode.l10n.t('View properties of which resource?') });
  if (!ref) return;
  await deps.properties.show(ref as ResourceRef<ListedKind>);
}
