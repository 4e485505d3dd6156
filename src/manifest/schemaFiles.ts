/**
 * The JSON schemas esbuild.mjs writes into dist/ at build time for contributes.jsonValidation, by file name:
 * generated from the kinds' zod schemas, never written by hand, and never loaded at activation.
 */
import { documentSchema } from '../documents/account/accountPlan';
import { editorJsonSchema } from '../documents/editorSchema';
import { firewallJsonSchema } from '../kinds/firewall/documentSchema';
import { loadBalancerJsonSchema } from '../kinds/loadBalancer/documentSchema';
import { DECLARED_KINDS } from '../kinds/declared';

export const SCHEMA_FILES: Readonly<Record<string, () => Record<string, unknown>>> = {
  'firewall.schema.json': firewallJsonSchema,
  'loadBalancer.schema.json': loadBalancerJsonSchema,
  'account.schema.json': () => ({
    title: 'Stacklet Cloud account',
    description: 'What the account should be: Stacklet: Plan shows what it would take, Stacklet: Apply makes it so.',
    ...editorJsonSchema(documentSchema(DECLARED_KINDS)),
  }),
};
