/** Every kind of document the editor offers, by id. A new kind is one entry here and its own folder. */
import { firewallKind } from './firewall/kind';
import type { AnyDocumentKind, DocumentKindId } from './kind';
import { loadBalancerKind } from './loadBalancer/kind';
import { userdataKind } from './userdata/kind';

/** @public Loaded by src/editors/documentEditors.ts with a lazy require, which knip cannot follow. */
export const DOCUMENT_KINDS = {
  firewall: firewallKind,
  loadBalancer: loadBalancerKind,
  userdata: userdataKind,
} as const satisfies Record<DocumentKindId, AnyDocumentKind>;
