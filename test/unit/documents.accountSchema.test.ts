// The account document's schema with the catalog's values (issue 48, item 1): the emulator's catalog, read over
// HTTP as a plan reads it, offered as enums where the document names a region, a size or an image; each beside
// the static schema's own branch, so a value the catalog no longer lists is still accepted (the plan says what can
// be used where); service text in the enums' words only as one plain line.
import * as assert from 'node:assert/strict';
import { readLive } from '../../src/documents/account/accountPlan';
import { catalogSchema } from '../../src/documents/account/catalogSchema';
import { DECLARED_KINDS } from '../../src/kinds/declared';
import { SCHEMA_FILES } from '../../src/manifest/schemaFiles';
import { startAgentEmulator, stopAgentEmulator, type AgentEmulator } from './support/helpers';

type Schema = Record<string, unknown>;

/** The schema at a path of property names (`*`: an array's items). */
function at(schema: Schema, ...path: string[]): Schema {
  return path.reduce<Schema>((node, step) => (step === '*' ? node['items'] : (node['properties'] as Schema)[step]) as Schema, schema);
}

function offered(field: Schema): { values: string[]; words: string[]; other: Schema } {
  const [enumBranch, other] = field['anyOf'] as [Schema, Schema];
  return { values: enumBranch['enum'] as string[], words: enumBranch['enumDescriptions'] as string[], other };
}

describe('the account document\'s schema with the catalog', function () {
  this.timeout(30_000);
  let agent: AgentEmulator;
  before(async () => (agent = await startAgentEmulator(30, () => Date.now())));
  after(() => stopAgentEmulator(agent));

  it('offers the catalog\'s regions, sizes and images where the document names them, beside any other string', async () => {
    const { catalog } = await readLive(agent.ctx.store, DECLARED_KINDS);
    const fixed = SCHEMA_FILES['account.schema.json']!();
    const schema = catalogSchema(fixed, catalog);
    const regions = catalog.regions.filter((r) => r.available).map((r) => r.slug);
    for (const path of [['scope'], ['vpcs', '*'], ['stacklets', '*'], ['volumes', '*'], ['loadBalancers', '*'], ['clusters', '*']]) {
      const field = at(schema, ...path, 'region');
      assert.deepEqual(offered(field).values, regions, `${path.join('.')}.region`);
      assert.equal(field['description'], at(fixed, ...path, 'region')['description'], 'the description stays on top, for hover');
      assert.equal(offered(field).other['enum'], undefined, 'any other string is still accepted');
    }
    const sizes = offered(at(schema, 'stacklets', '*', 'size'));
    assert.deepEqual(sizes.values, catalog.sizes.filter((s) => s.available).map((s) => s.slug));
    assert.deepEqual(offered(at(schema, 'clusters', '*', 'nodePools', '*', 'size')).values, sizes.values);
    assert.match(sizes.words[0]!, /^\d+ vCPU, \d+(\.\d)? [MGT]B memory, \d+(\.\d)? [MGT]B disk(, \$\d+\.\d\d\/mo)?$/);
    const images = offered(at(schema, 'stacklets', '*', 'image'));
    assert.ok(images.values.length > 0 && images.values.every((slug) => typeof slug === 'string'));
    // The image may still be a snapshot's ID: the static branch (string or number) is kept.
    assert.deepEqual(images.other, (({ description: _d, ...rest }) => rest)(at(fixed, 'stacklets', '*', 'image')));
    assert.equal(JSON.stringify(fixed).includes('enumDescriptions'), false, 'the static schema is left as it was');
  });

  it('writes a name from the service as one plain line, once per value, and nothing for an empty catalog', () => {
    const fixed = SCHEMA_FILES['account.schema.json']!();
    const region = { slug: 'evil1', name: 'Evil\n[click](command:workbench.action.quit)\u202e', features: [], available: true };
    const schema = catalogSchema(fixed, { regions: [region, region], sizes: [], images: [] });
    const { values, words } = offered(at(schema, 'stacklets', '*', 'region'));
    assert.deepEqual(values, ['evil1']);
    assert.ok(!words[0]!.includes('\n') && !words[0]!.includes('\u202e'), words[0]);
    assert.deepEqual(at(schema, 'stacklets', '*', 'size'), at(fixed, 'stacklets', '*', 'size'), 'no sizes: the field as it was');
  });
});
