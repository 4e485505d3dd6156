/**
 * The JSON schemas esbuild.mjs writes into dist/ at build time for contributes.jsonValidation, by file name:
 * generated from the kinds' zod schemas, never written by hand, and never loaded at activation.
 */
import { firewallJsonSchema } from './firewall/schema';
import { loadBalancerJsonSchema } from './loadBalancer/schema';

export const SCHEMA_FILES: Readonly<Record<string, () => Record<string, unknown>>> = {
  'firewall.schema.json': firewallJsonSchema,
  'loadBalancer.schema.json': loadBalancerJsonSchema,
};
