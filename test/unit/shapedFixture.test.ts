// The shaped extension (test/fixtures/shaped-extension), the floor of activation and of the first row, contributes
// what package.json contributes: the same views with the same `when` clauses, the same commands, file systems,
// tools and authentication provider, each id renamed so that it installs beside the product. Its manifest is
// generated from package.json when the bench packages it (test/harness/shapedFixture.ts); this checks the
// generated one against package.json as it is now.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromShaped, renamed, SHAPED_TITLE, shapedFixtureContent, shapedManifest, type ShapedManifest } from '../harness/shapedFixture';

const ROOT = path.resolve(__dirname, '..', '..', '..');

// A type, not an interface: it is then a Record<string, unknown> too.
type Contributes = {
  views: Record<string, { id: string; when?: string }[]>;
  viewsContainers: { activitybar: { id: string; title: string }[] };
  commands: { command: string }[];
  languageModelTools: { name: string }[];
  authentication: { id: string }[];
  configuration: { properties: Record<string, unknown> };
};

const product = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { activationEvents: string[]; contributes: Contributes };

const contributesOf = (manifest: ShapedManifest | typeof product) => manifest.contributes as unknown as Contributes;

/** Every id the manifest introduces, with what introduces it. */
function ids(manifest: ShapedManifest | typeof product): string[] {
  const c = contributesOf(manifest);
  return [
    ...c.viewsContainers.activitybar.map((v) => `container ${v.id}`),
    ...Object.values(c.views).flat().map((v) => `view ${v.id}`),
    ...c.commands.map((command) => `command ${command.command}`),
    ...c.languageModelTools.map((tool) => `tool ${tool.name}`),
    ...c.authentication.map((auth) => `authentication ${auth.id}`),
    ...Object.keys(c.configuration.properties).map((key) => `setting ${key}`),
    ...manifest.activationEvents.filter((event) => event.startsWith('onFileSystem:')).map((event) => `file system ${event.slice('onFileSystem:'.length)}`),
  ];
}

describe('the shaped extension (the floor of activation and the first row)', () => {
  for (const prefix of ['shaped', 'shapedWarmup', 'shapedBefore', 'shapedAfter']) {
    it(`contributes what package.json contributes, renamed to ${prefix}`, () => {
      const shaped = shapedManifest(product, prefix);
      // Renamed back, it is package.json's contributions and activation events, whole.
      assert.deepEqual(renamed(shaped, (text) => fromShaped(text, prefix)), { activationEvents: product.activationEvents, contributes: product.contributes });
      // Nothing of the product's is left to collide with it in one host.
      const left = ids(shaped).filter((id) => /^stacklet/i.test(id.split(' ').at(-1)!));
      assert.deepEqual(left, []);
      assert.equal(ids(shaped).length, ids(product).length);
    });
  }

  it('shows the same views under the same conditions, and registers the same commands, file systems and tools', () => {
    const shaped = shapedManifest(product);
    const views = (manifest: ShapedManifest | typeof product) => Object.values(contributesOf(manifest).views).flat().map((v) => [v.id, v.when ?? '']);
    assert.deepEqual(views(shaped), views(product).map(([id, when]) => [id!.replace(/^stacklet\./, 'shaped.'), when!.replace(/\bstacklet\.(?=[a-z])/g, 'shaped.')]));
    assert.ok(views(product).length > 0);
    const names = (manifest: ShapedManifest | typeof product) => ids(manifest).map((id) => id.split(' ')[0]);
    assert.deepEqual(names(shaped), names(product));
    assert.deepEqual(
      ids(shaped).filter((id) => id.startsWith('file system')),
      ['file system shaped-firewall', 'file system shaped-loadbalancer', 'file system shaped-userdata', 'file system shaped-schema'],
    );
  });

  it('is told apart from the product by its title', () => {
    const { files, manifest } = shapedFixtureContent();
    const nls = JSON.parse(files['package.nls.json']!) as Record<string, string>;
    const container = contributesOf(manifest as unknown as ShapedManifest).viewsContainers.activitybar[0]!;
    assert.equal(nls[container.title.slice(1, -1)], SHAPED_TITLE);
    // The icons and pages the contributions name are shipped with it.
    for (const file of ['media/stacklet.svg', 'media/walkthrough/sign-in.md']) assert.ok(file in files, file);
  });
});
