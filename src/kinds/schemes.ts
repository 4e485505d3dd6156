/**
 * The URI scheme of each kind of document, apart from the kinds themselves: activation registers a file system
 * for each scheme, and loads a kind (its parser, schemas and diff) only when one of its documents is opened. Its keys
 * are the document kinds' ids (src/documents/documentKind.ts). Here, below the documents, because the kinds' menus
 * (./commands.ts) name the schemes in their `when` clauses.
 */

/** The scheme of the read-only documents of View Properties and of the service's side of a compare (src/ui/resourceDocuments.ts). */
export const RESOURCE_SCHEME = 'stacklet-resource';

export const DOCUMENT_SCHEMES = {
  firewall: 'stacklet-firewall',
  loadBalancer: 'stacklet-loadbalancer',
  userdata: 'stacklet-userdata',
} as const;

/** The scheme of the account document's schema with the catalog's values (src/editors/accountSchemaFileSystem.ts). */
export const SCHEMA_SCHEME = 'stacklet-schema';
