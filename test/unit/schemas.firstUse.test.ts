import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/**
 * The service's schemas are built on first use (onFirstUse, src/api/tolerantReader.ts), so that the first row's
 * path builds only the few it reads with (issue 47). Read in a Node of its own: this process's other tests have
 * used them all.
 */
describe('schemas built on first use', () => {
  const schemas = path.join(__dirname, '..', '..', 'src', 'api', 'schemas.js');
  const built = (script: string) =>
    JSON.parse(
      execFileSync(process.execPath, ['-e', `const s = require(${JSON.stringify(schemas)});
        const zod = Object.entries(s).filter(([, value]) => value && typeof value === 'object' && '_zod' in value);
        ${script}
        console.log(JSON.stringify({ exported: zod.length, eager: zod.filter(([, v]) => v._zod.def.type !== 'lazy').map(([n]) => n), built: zod.filter(([, v]) => v._zod.def.type === 'lazy' && v._zod.def._cachedInner !== undefined).map(([n]) => n).sort() }));`], { encoding: 'utf8' }),
    ) as { exported: number; eager: string[]; built: string[] };

  it('builds none as the module loads', () => {
    const { exported, eager, built: none } = built('');
    assert.ok(exported >= 35, `only ${exported} schemas exported`);
    assert.deepEqual(eager, [], 'built as the module loads');
    assert.deepEqual(none, []);
  });

  it('builds a schema and those it is made of when it first reads, and no other', () => {
    const { built: some } = built(`const read = s.Stacklet.safeParse({ id: 1, region: { slug: 'fra1' }, size: { slug: 's-1', disk: 25 } });
      if (!read.success || read.data.name !== '#1') throw new Error('the stacklet was not read');`);
    assert.deepEqual(some, ['Networks', 'Region', 'SizeCategory', 'SizeRef', 'Stacklet', 'Task']);
  });
});
