/** Every kind of document the editor offers, by id. A new kind is one entry here and its own folder. */
import { firewallKind } from './firewall/document';
import type { AnyDocumentKind, DocumentKindId } from '../documents/documentKind';
import { loadBalancerKind } from './loadBalancer/document';
import { userdataKind } from './userdata/document';

/** @public Loaded by src/editors/documentEditors.ts with a lazy require, which knip cannot follow. */
export const DOCUMENT_KINDS = {
  firewall: firewallKind,
  loadBalancer: loadBalancerKind,
  userdata: userdataKind,
} as const satisfies Record<DocumentKindId, AnyDocumentKind>;
