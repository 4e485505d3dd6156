import * as vscode from 'vscode';
import { boundedJson } from '../model/boundedJson';
import type { CommandDeps } from './deps';
import { COPYABLE } from './copyResource';
import { resolveResource } from './target';

/** Opens the resource as the service described it, in a read-only JSON document. */
export async function viewProperties(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, COPYABLE, { title: vscode.l10n.t('View properties of which resource?') });
  if (!ref) return;
  const safeName = ref.name.replace(/[^\w.-]+/g, '_') || 'resource';
  // Bounded: a service can nest values deep enough to break JSON.stringify, or send megabytes of one field.
  await deps.documents.show(`/${ref.kind}/${String(ref.id)}/${safeName}.json`, `${boundedJson(ref.data).text}\n`, 'json');
}
