import * as vscode from 'vscode';
import { documentFileName, idOfSegment, idSegment } from '../documents/documentPaths';
import { boundedJson } from '../model/boundedJson';
import { KINDS, listedKindsOffering, type Kind, type ResourceRef } from '../kinds/registry';
import type { ResourceKey } from '../views/resourceTreeProvider';
import type { CommandDeps } from './deps';
import { resolveResource } from './target';

/** Where View Properties shows a resource: `/<kind>/<id>/<name>.json`, the id one segment (read back by propertiesOf). */
function propertiesPath(ref: ResourceRef): string {
  return `/${ref.kind}/${idSegment(ref.id)}/${documentFileName(ref.name, 'resource', '.json')}`;
}

/** The resource a View Properties document shows, from its path; undefined for any other document. */
export function propertiesOf(path: string): ResourceKey | undefined {
  const match = /^\/([A-Za-z]+)\/([^/]+)\/[^/]+\.json$/.exec(path);
  const id = match ? idOfSegment(match[2]!) : undefined;
  if (!match || id === undefined || !Object.hasOwn(KINDS, match[1]!)) return undefined;
  return { kind: match[1] as Kind, id };
}

/** Opens the resource as the service described it, in a read-only JSON document. */
export async function viewProperties(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, listedKindsOffering('viewProperties'), { title: vscode.l10n.t('View properties of which resource?') });
  if (!ref) return;
  // Bounded: a service can nest values deep enough to break JSON.stringify, or send megabytes of one field.
  await deps.documents.show(propertiesPath(ref), `${boundedJson(ref.data).text}\n`, 'json');
}
