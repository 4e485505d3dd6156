// StackletClient against the emulator over real HTTP: every public method round-trips, its answer passes the
// client's zod schemas, and the effect is checked with a later read. Tasks run on an injected clock, so "the task
// has ended" is one assignment, not a sleep. The last test proves that no public method went untested.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import type * as s from '../../src/api/schemas';
import { DEMO_EMAIL } from '../../src/emulator/seed';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { refusalNamesField } from '../../src/api/refusals';
import { tagStacklet } from '../../src/kinds/tags';
import { rejection } from './support/helpers';

const GiB = 1024 ** 3;
const TASK_MS = 1000;
const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGNsaWVudC10ZXN0LWtleS1mb3ItdGhlLXJvdW5kLXRyaXA client@test';

/** The methods that are plumbing, not operations: private helpers (still on the prototype) and the constructor. */
const NOT_OPERATIONS = new Set(['route', 'trailingSlash', 'constructor', 'one', 'maybeOne', 'none', 'list', 'call', 'where']);


async function rejectsNotFound(promise: Promise<unknown>): Promise<void> {
  const error = await rejection(promise);
  assert.equal(error.kind, 'http');
  assert.equal(error.status, 404);
  assert.ok(error.isNotFound);
}

/**
 * Both ways: against the emulator as usual, and against one that serves only the trailing-slash form of its
 * paths (301 for a GET without it, 308 for a write), which the client learns from the first redirect it meets.
 */
const SLASH_MODES = [[undefined, ''], ['redirect', ' (trailing-slash paths)']] as const;

for (const [trailingSlash, title] of SLASH_MODES) describe(`StackletClient ⇄ emulator: every operation${title}`, function () {
  let emu: EmulatorHandle;
  let client: StackletClient;
  let now = Date.parse('2026-06-01T10:00:00.000Z');
  const called = new Set<string>();
  /** Moves the emulator's clock past the end of every task started so far. */
  const endTasks = (): void => {
    now += TASK_MS + 1;
  };
  const names = <T extends { name: string }>(list: { items: T[] }): string[] => list.items.map((item) => item.name);

  /** Records which methods the tests call directly (calls a method makes on `this` are not counted). */
  function recording(target: StackletClient): StackletClient {
    return new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function' || typeof property !== 'string') return value;
        return (...args: unknown[]) => {
          called.add(property);
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      },
    });
  }

  /** A new, idle stacklet in fra (no private networking, no volume). */
  async function freshStacklet(name: string, extra: Partial<Parameters<StackletClient['createStacklet']>[0]> = {}): Promise<s.Stacklet> {
    const made = await client.createStacklet({ name, size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64', region: 'fra', tags: ['client-test'], ...extra });
    endTasks();
    return made;
  }

  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', taskMs: TASK_MS, clock: () => now, ...(trailingSlash ? { quirks: { trailingSlash } } : {}) });
    client = recording(new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 }, requestTimeoutMs: 5000 }));
  });
  after(async () => {
    await client.dispose();
    await emu.close();
  });

  describe('account and catalog', () => {
    it('getProfile: the demo account, with limits counted from its stacklets', async () => {
      const profile = await client.getProfile();
      assert.equal(profile.email, DEMO_EMAIL);
      assert.equal(profile.first_name, 'Demo');
      const stacklets = await client.listStacklets();
      assert.equal(profile.limits['stacklets']?.used, stacklets.total);
      assert.ok(profile.features.includes('kubernetes'));
    });

    it('listSizes, listRegions, listDistributions, listApplications, listContainers: the catalog', async () => {
      const sizes = await client.listSizes();
      const small = sizes.items.find((size) => size.slug === 'b-1vcpu-1gb');
      assert.equal(small?.vcpu, 1);
      assert.equal(small?.memory, 1 * GiB);
      assert.equal(sizes.total, sizes.items.length);
      assert.equal(sizes.warning, undefined);

      const regions = await client.listRegions();
      assert.deepEqual(regions.items.map((r) => r.slug), ['fra', 'ams', 'nyc', 'sgp', 'lon']);
      assert.equal(regions.items.find((r) => r.slug === 'lon')?.available, false);
      assert.ok(!regions.items.find((r) => r.slug === 'sgp')?.features.includes('kubernetes'));

      const distributions = await client.listDistributions();
      assert.deepEqual(names(distributions), ['Ubuntu', 'Debian', 'Fedora']);
      assert.equal(distributions.items[0]!.images.find((i) => i.default)?.slug, 'ubuntu-22-04-x64');

      const applications = await client.listApplications();
      assert.ok(applications.items.some((a) => a.slug === 'wordpress-22-04' && a.name === 'WordPress'));

      const containers = await client.listContainers();
      assert.deepEqual(names(containers), ['nginx', 'postgres', 'redis', 'grafana']);
      assert.equal(containers.items.find((c) => c.name === 'grafana')?.images[0]?.available, false);
    });

    it('listSshKeys, createSshKey, deleteSshKey', async () => {
      assert.deepEqual(names(await client.listSshKeys()), ['laptop', 'ci-deploy']);
      const key = await client.createSshKey({ name: 'client-test-key', public_key: PUBLIC_KEY });
      assert.equal(key.name, 'client-test-key');
      assert.match(key.fingerprint ?? '', /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
      assert.equal(key.public_key, PUBLIC_KEY);
      assert.deepEqual(names(await client.listSshKeys()), ['laptop', 'ci-deploy', 'client-test-key']);

      await client.deleteSshKey(key.id);
      assert.deepEqual(names(await client.listSshKeys()), ['laptop', 'ci-deploy']);
      await rejectsNotFound(client.deleteSshKey(key.id));
    });

    it('tagResource, untagStacklet: a tag put on and taken off a stacklet (the tag listing follows)', async () => {
      const stacklet = await freshStacklet('ct-tagged');
      await client.tagResource('ct tag', { id: stacklet.id, type: 'stacklet' });
      assert.deepEqual((await client.getStacklet(stacklet.id)).tags, ['client-test', 'ct tag']);
      assert.ok(names(await client.listTags()).includes('ct tag'));
      await client.untagStacklet('ct tag', stacklet.id);
      assert.deepEqual((await client.getStacklet(stacklet.id)).tags, ['client-test']);
      const error = await rejection(client.untagStacklet('ct tag', stacklet.id));
      assert.equal(error.status, 422, 'a tag the stacklet does not carry');
      assert.match(error.serviceMessage ?? '', /does not carry the tag ct tag/);
    });

    it('listProjects: the default project, then one more (POST /v1/projects, documented)', async () => {
      const projects = await client.listProjects();
      assert.deepEqual(projects.items.map((p) => [p.name, p.is_default]), [['Default', true]]);
      // The client creates no project: the test makes one as another client of the service would.
      const made = await fetch(`${emu.url}/v1/projects${trailingSlash ? '/' : ''}`, {
        method: 'POST',
        headers: { authorization: `Token ${emu.demoToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'ct-project', color: '#00aa00' }),
      });
      assert.equal(((await made.json()) as { project: { name: string } }).project.name, 'ct-project');
      assert.deepEqual((await client.listProjects()).items.map((p) => [p.name, p.is_default]), [['Default', true], ['ct-project', false]]);
    });

    it('createTag, getTag, deleteTag: a tag made on two stacklets, read back by name, deleted off both', async () => {
      const a = await freshStacklet('ct-tag-a');
      const b = await freshStacklet('ct-tag-b');
      const made = await client.createTag({ name: 'ct made', stacklet_ids: [a.id, b.id] });
      assert.deepEqual([made.name, made.resources?.count], ['ct made', 2]);
      assert.deepEqual((await client.getStacklet(a.id)).tags, ['client-test', 'ct made']);
      assert.deepEqual((await client.getStacklet(b.id)).tags, ['client-test', 'ct made']);
      assert.deepEqual(names(await client.listStacklets({ tagName: 'ct made' })), ['ct-tag-a', 'ct-tag-b']);
      const read = await client.getTag('ct made');
      assert.deepEqual([read.name, read.resources?.count], ['ct made', 2]);

      // A tag nothing carries is still the account's, listed and read with a count of 0.
      await client.createTag({ name: 'ct empty/1' });
      assert.ok(names(await client.listTags()).includes('ct empty/1'));
      assert.equal((await client.getTag('ct empty/1')).resources?.count, 0);
      const twice = await rejection(client.createTag({ name: 'ct empty/1' }));
      assert.equal(twice.status, 422);
      assert.ok(refusalNamesField(twice, 'name'), twice.message);

      await client.deleteTag('ct made');
      assert.deepEqual((await client.getStacklet(a.id)).tags, ['client-test']);
      assert.deepEqual((await client.getStacklet(b.id)).tags, ['client-test']);
      assert.ok(!names(await client.listTags()).includes('ct made'));
      await client.deleteTag('ct empty/1');
      assert.ok(!names(await client.listTags()).includes('ct empty/1'));
      // A missing tag is "not found", not "not supported".
      await rejectsNotFound(client.getTag('ct made'));
      await rejectsNotFound(client.deleteTag('ct made'));
    });

    it('listTags: the tags of the stacklets, a new tag once a stacklet carries it', async () => {
      const before = names(await client.listTags());
      assert.ok(before.includes('production') && before.includes('web'));
      assert.ok(!before.includes('tag-from-client'));
      await freshStacklet('tagged-1', { tags: ['tag-from-client'] });
      assert.ok(names(await client.listTags()).includes('tag-from-client'));
    });

    it('tagResource: POST /v1/tags/:name/resources tags one stacklet; tagStacklet answers it with its new tags', async () => {
      const made = await freshStacklet('tagged-2');
      const answer = await client.tagResource('tagged by client', { id: made.id, type: 'stacklet' });
      assert.deepEqual(answer.map((r) => [r.id, r.type, r.tags]), [[made.id, 'stacklet', ['client-test', 'tagged by client']]]);
      const again = await tagStacklet(client, { ...made, tags: ['client-test', 'tagged by client'] }, 'second');
      assert.deepEqual(again.tags, ['client-test', 'tagged by client', 'second']);
      assert.deepEqual((await client.getStacklet(made.id)).tags, again.tags);
      assert.ok(names(await client.listTags()).includes('second'));
    });
  });

  describe('stacklets', () => {
    it('listStacklets: the filters tag_name and region reach the service', async () => {
      assert.deepEqual(names(await client.listStacklets({ tagName: 'production' })), ['web-1', 'web-2', 'db-1']);
      assert.deepEqual(names(await client.listStacklets({ region: 'sgp' })), ['blog']);
      assert.deepEqual(names(await client.listStacklets({ tagName: 'web', region: 'ams' })), ['staging-1']);
      const none = await client.listStacklets({ tagName: 'no-such-tag' });
      assert.deepEqual(none.items, []);
      assert.equal(none.total, 0);
    });

    it('getStacklet: the full stacklet', async () => {
      const web1 = (await client.listStacklets({ tagName: 'production' })).items[0]!;
      const got = await client.getStacklet(web1.id);
      assert.equal(got.name, 'web-1');
      assert.equal(got.region.slug, 'fra');
      assert.equal(got.size.slug, 'b-1vcpu-2gb');
      assert.equal(got.status, 'active');
      assert.equal(got.task, null);
      assert.ok(got.networks.v4.some((n) => n.type === 'public'));
    });

    it('createStacklet: inactive with a create task, listed, active once the task ends', async () => {
      const made = await client.createStacklet({ name: 'ct-one', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64', region: 'fra', tags: ['client-test'] });
      assert.equal(made.name, 'ct-one');
      assert.equal(made.status, 'inactive');
      assert.equal(made.task?.name, 'create');
      assert.ok((await client.listStacklets()).items.some((item) => item.id === made.id));
      endTasks();
      const done = await client.getStacklet(made.id);
      assert.equal(done.status, 'active');
      assert.equal(done.task, null);
    });

    it('createStacklets: several names give several stacklets', async () => {
      const made = await client.createStacklets({ names: ['ct-a', 'ct-b', 'ct-c'], size: 'b-1vcpu-1gb', image: 'debian-12-x64', region: 'ams', tags: ['batch'] });
      assert.deepEqual(made.map((m) => m.name), ['ct-a', 'ct-b', 'ct-c']);
      assert.equal(new Set(made.map((m) => m.id)).size, 3);
      assert.ok(made.every((m) => m.distribution?.name === 'Debian'));
      endTasks();
      assert.deepEqual(names(await client.listStacklets({ tagName: 'batch' })), ['ct-a', 'ct-b', 'ct-c']);
    });

    it('deleteStacklet: gone from the list; getStacklet then answers 404', async () => {
      const doomed = await freshStacklet('ct-doomed');
      await client.deleteStacklet(doomed.id);
      assert.ok(!(await client.listStacklets()).items.some((item) => item.id === doomed.id));
      await rejectsNotFound(client.getStacklet(doomed.id));
      await rejectsNotFound(client.deleteStacklet(doomed.id));
    });

    it('resizeStacklet: a resize task (409 for another action meanwhile), the new size once it ends', async () => {
      const target = await freshStacklet('ct-resize');
      const during = await client.resizeStacklet(target.id, 'b-1vcpu-2gb', true);
      assert.equal(during.status, 'inactive');
      assert.equal(during.task?.name, 'resize');
      assert.equal(during.task?.description.progress, 'stacklet is resizing');
      assert.equal(during.task?.description.completed, 'stacklet was resized');
      assert.equal(during.size.slug, 'b-1vcpu-1gb', 'the new size lands when the task ends');

      const busy = await rejection(client.powerOff(target.id));
      assert.equal(busy.kind, 'http');
      assert.equal(busy.status, 409);
      assert.ok(busy.isConflict);
      assert.equal(busy.serviceMessage, `stacklet ${target.id} has a task in progress (resize); try again when it completes`);

      endTasks();
      const after = await client.getStacklet(target.id);
      assert.equal(after.size.slug, 'b-1vcpu-2gb');
      assert.equal(after.memory, 2 * GiB);
      assert.equal(after.disk, 50 * GiB, 'disk: true grows the disk');
      assert.equal(after.status, 'active');
      assert.equal(after.task, null);
    });

    it('stackletAction: any action body (rename) and its task', async () => {
      const target = await freshStacklet('ct-generic');
      const during = await client.stackletAction(target.id, { action: 'rename', name: 'ct-generic-2' });
      assert.equal(during.task?.name, 'rename');
      assert.equal(during.name, 'ct-generic');
      endTasks();
      assert.equal((await client.getStacklet(target.id)).name, 'ct-generic-2');
    });

    it('renameStacklet, enablePrivateNetworking, resetPassword, powerOff, powerOn, powerCycle', async () => {
      const target = await freshStacklet('ct-actions');
      assert.ok(!target.networks.v4.some((n) => n.type === 'private'));

      assert.equal((await client.renameStacklet(target.id, 'ct-actions-renamed')).task?.name, 'rename');
      endTasks();
      assert.equal((await client.getStacklet(target.id)).name, 'ct-actions-renamed');

      const networking = await client.enablePrivateNetworking(target.id);
      assert.equal(networking.task?.name, 'enable_private_networking');
      assert.equal(networking.task?.description.progress, 'enabling private networking');
      endTasks();
      assert.ok((await client.getStacklet(target.id)).networks.v4.some((n) => n.type === 'private'));

      const reset = await client.resetPassword(target.id, 'a-new-root-password');
      assert.equal(reset.task?.name, 'reset_password');
      assert.equal(reset.task?.description.progress, 'root password is resetting');
      endTasks();

      const off = await client.powerOff(target.id);
      assert.equal(off.task?.name, 'power_off');
      assert.equal(off.status, 'inactive');
      endTasks();
      assert.equal((await client.getStacklet(target.id)).status, 'off');

      assert.equal((await client.powerOn(target.id)).task?.name, 'power_on');
      endTasks();
      assert.equal((await client.getStacklet(target.id)).status, 'active');

      assert.equal((await client.powerCycle(target.id)).task?.name, 'power_cycle');
      endTasks();
      const last = await client.getStacklet(target.id);
      assert.equal(last.status, 'active');
      assert.equal(last.task, null);
    });

    it('rebuildStacklet, snapshotStacklet, listStackletSnapshots, restoreStacklet', async () => {
      const target = await freshStacklet('ct-images');
      const rebuilding = await client.rebuildStacklet(target.id, 'debian-12-x64');
      assert.equal(rebuilding.task?.name, 'rebuild');
      assert.equal(rebuilding.task?.description.progress, 'stacklet is rebuilding');
      endTasks();
      assert.equal((await client.getStacklet(target.id)).distribution?.image?.slug, 'debian-12-x64');

      const snapping = await client.snapshotStacklet(target.id, 'ct-images debian');
      assert.equal(snapping.task?.name, 'snapshot');
      assert.equal(snapping.task?.description.progress, 'snapshot is creating');
      assert.deepEqual((await client.listStackletSnapshots(target.id)).items, [], 'the snapshot exists once the task ends');
      endTasks();
      const snapshots = await client.listStackletSnapshots(target.id);
      assert.deepEqual(names(snapshots), ['ct-images debian']);
      const snapshot = snapshots.items[0]!;
      assert.equal(snapshot.stacklet?.id, target.id);
      assert.deepEqual((await client.getStacklet(target.id)).snapshot_ids, [snapshot.id]);

      await client.rebuildStacklet(target.id, 'fedora-40-x64');
      endTasks();
      assert.equal((await client.getStacklet(target.id)).distribution?.name, 'Fedora');

      const restoring = await client.restoreStacklet(target.id, snapshot.id);
      assert.equal(restoring.task?.name, 'restore');
      endTasks();
      const restored = await client.getStacklet(target.id);
      assert.equal(restored.distribution?.name, 'Debian', 'restore brings back the system the snapshot was taken of');
      assert.equal(restored.status, 'active');
    });
  });

  describe('snapshots and backups', () => {
    it('listSnapshots, getSnapshot, renameSnapshot, transferSnapshot, deleteSnapshot', async () => {
      const source = await freshStacklet('ct-snapshots');
      await client.snapshotStacklet(source.id, 'ct-snap');
      endTasks();
      const listed = await client.listSnapshots();
      assert.ok(names(listed).includes('web-1 before upgrade'));
      const snap = listed.items.find((item) => item.name === 'ct-snap')!;
      assert.ok(snap, 'the new snapshot is listed');
      assert.deepEqual((await client.getSnapshot(snap.id)).regions, ['fra']);

      const renaming = await client.renameSnapshot(snap.id, 'ct-snap-renamed');
      assert.equal(renaming.task?.name, 'rename');
      assert.equal(renaming.task?.description.progress, 'snapshot is renaming');
      endTasks();
      assert.equal((await client.getSnapshot(snap.id)).name, 'ct-snap-renamed');

      const transferring = await client.transferSnapshot(snap.id, 'ams');
      assert.equal(transferring.task?.name, 'transfer');
      assert.equal(transferring.task?.description.progress, 'snapshot is transferring');
      endTasks();
      assert.deepEqual((await client.getSnapshot(snap.id)).regions, ['fra', 'ams']);

      await client.deleteSnapshot(snap.id);
      await rejectsNotFound(client.getSnapshot(snap.id));
      assert.ok(!(await client.listSnapshots()).items.some((item) => item.id === snap.id));
      assert.deepEqual((await client.getStacklet(source.id)).snapshot_ids, []);
    });

    it('listBackups: the two backups of db-1, in the documentation\'s shape (no name), and a restore from one', async () => {
      const db1 = (await client.listStacklets({ tagName: 'db' })).items[0]!;
      const backups = await client.listBackups();
      assert.equal(backups.items.length, 2);
      assert.ok(backups.items.every((b) => b.stacklet?.id === db1.id));
      assert.deepEqual([...db1.backup_ids].sort(), backups.items.map((b) => b.id).sort());
      for (const backup of backups.items) {
        assert.deepEqual(Object.keys(backup).sort(), ['created_at', 'disk_size', 'id', 'size_gigabytes', 'stacklet', 'task']);
        assert.match(backup.created_at ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      }
      const restoring = await client.restoreStacklet(db1.id, backups.items[0]!.id);
      assert.equal(restoring.task?.name, 'restore');
      endTasks();
    });

    it('deleteBackup: gone from the listing and from its stacklet; a second delete answers 404', async () => {
      const [backup] = (await client.listBackups()).items;
      await client.deleteBackup(backup!.id);
      assert.ok(!(await client.listBackups()).items.some((b) => b.id === backup!.id));
      assert.ok(!(await client.getStacklet(backup!.stacklet!.id!)).backup_ids.includes(backup!.id));
      await rejectsNotFound(client.deleteBackup(backup!.id));
    });
  });

  describe('volumes', () => {
    it('listVolumes: all, and by region', async () => {
      assert.deepEqual(names(await client.listVolumes()).slice(0, 3), ['db-data', 'scratch', 'archive']);
      assert.deepEqual(names(await client.listVolumes({ region: 'ams' })), ['scratch']);
    });

    it('createVolume, getVolume, renameVolume, resizeVolume, detachVolume, attachVolume, volumeAction, deleteVolume', async () => {
      const host = await freshStacklet('ct-volume-host');
      const made = await client.createVolume({ name: 'ct-vol', stacklet_id: host.id, size_gigabytes: 10 });
      assert.equal(made.task?.name, 'create');
      assert.equal(made.region.slug, 'fra', 'the region follows the stacklet');
      assert.equal(made.stacklet?.id, host.id);
      assert.ok((await client.listVolumes()).items.some((v) => v.id === made.id && v.name === 'ct-vol'));
      assert.equal((await client.getStacklet(host.id)).volume_uuid, made.id);
      endTasks();
      assert.equal((await client.getVolume(made.id)).task, null);

      assert.equal((await client.renameVolume(made.id, 'ct-vol-renamed')).task?.name, 'rename');
      endTasks();
      assert.equal((await client.getVolume(made.id)).name, 'ct-vol-renamed');

      const resizing = await client.resizeVolume(made.id, 20);
      assert.equal(resizing.task?.name, 'resize');
      assert.equal(resizing.task?.description.progress, 'volume is resizing');
      assert.equal(resizing.size_gigabytes, 10);
      endTasks();
      const resized = await client.getVolume(made.id);
      assert.equal(resized.size_gigabytes, 20);
      assert.equal(resized.size, 20 * GiB);

      assert.equal((await client.detachVolume(made.id, host.id)).task?.name, 'detach');
      endTasks();
      assert.equal((await client.getVolume(made.id)).stacklet, null);
      assert.equal((await client.getStacklet(host.id)).volume_uuid, null);

      assert.equal((await client.attachVolume(made.id, host.id)).task?.name, 'attach');
      endTasks();
      assert.equal((await client.getVolume(made.id)).stacklet?.id, host.id);
      assert.equal((await client.getStacklet(host.id)).volume_uuid, made.id);

      assert.equal((await client.volumeAction(made.id, { action: 'detach' })).task?.name, 'detach');
      endTasks();
      assert.equal((await client.getVolume(made.id)).stacklet, null);

      await client.deleteVolume(made.id);
      await rejectsNotFound(client.getVolume(made.id));
      assert.ok(!(await client.listVolumes()).items.some((v) => v.id === made.id));
    });
  });

  describe('firewalls', () => {
    it('listFirewalls, createFirewall, getFirewall, renameFirewall', async () => {
      assert.deepEqual(names(await client.listFirewalls()), ['web-firewall']);
      const made = await client.createFirewall({
        name: 'ct-fw',
        inbound_rules: [{ address: '0.0.0.0/0', port: 22, protocol: 'TCP' }],
        outbound_rules: [{ address: '0.0.0.0/0' }],
      });
      assert.equal(made.name, 'ct-fw');
      assert.deepEqual(made.inbound_rules, [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }], 'responses show lowercase protocols');
      assert.deepEqual(made.outbound_rules, [{ address: '0.0.0.0/0', port: null, protocol: null }]);
      assert.equal(typeof made.project?.id, 'string');
      assert.deepEqual(names(await client.listFirewalls()), ['web-firewall', 'ct-fw']);

      const renamed = await client.renameFirewall(made.uuid, 'ct-fw-renamed');
      assert.equal(renamed.name, 'ct-fw-renamed');
      assert.equal((await client.getFirewall(made.uuid)).name, 'ct-fw-renamed');
    });

    it('addFirewallRules and removeFirewallRules change the rule set', async () => {
      const fw = (await client.listFirewalls()).items.find((f) => f.name === 'ct-fw-renamed')!;
      const added = await client.addFirewallRules(fw.uuid, { inbound_rules: [{ address: '10.0.0.0/8', port: 5432, protocol: 'tcp' }] });
      assert.deepEqual(added?.inbound_rules, [
        { address: '0.0.0.0/0', port: 22, protocol: 'tcp' },
        { address: '10.0.0.0/8', port: 5432, protocol: 'tcp' },
      ]);
      assert.equal((await client.getFirewall(fw.uuid)).inbound_rules.length, 2);

      await client.removeFirewallRules(fw.uuid, { inbound_rules: [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }] });
      const after = await client.getFirewall(fw.uuid);
      assert.deepEqual(after.inbound_rules, [{ address: '10.0.0.0/8', port: 5432, protocol: 'tcp' }]);
      assert.deepEqual(after.outbound_rules, [{ address: '0.0.0.0/0', port: null, protocol: null }]);
    });

    it('addFirewallStacklets, removeFirewallStacklets', async () => {
      const fw = (await client.listFirewalls()).items.find((f) => f.name === 'ct-fw-renamed')!;
      const member = await freshStacklet('ct-fw-member');
      await client.addFirewallStacklets(fw.uuid, [member.id]);
      assert.deepEqual((await client.getFirewall(fw.uuid)).resources.stacklet_ids, [member.id]);
      assert.equal((await client.getStacklet(member.id)).firewall_uuid, fw.uuid);

      await client.removeFirewallStacklets(fw.uuid, [member.id]);
      assert.deepEqual((await client.getFirewall(fw.uuid)).resources.stacklet_ids, []);
      assert.equal((await client.getStacklet(member.id)).firewall_uuid, null);
    });

    it('deleteFirewall: removed; a later get and delete answer 404 (not "unsupported")', async () => {
      const fw = (await client.listFirewalls()).items.find((f) => f.name === 'ct-fw-renamed')!;
      await client.deleteFirewall(fw.uuid);
      await rejectsNotFound(client.getFirewall(fw.uuid));
      await rejectsNotFound(client.deleteFirewall(fw.uuid));
      assert.deepEqual(names(await client.listFirewalls()), ['web-firewall']);
    });
  });

  describe('load balancers', () => {
    it('listLoadBalancers, createLoadBalancer, getLoadBalancer, updateLoadBalancer', async () => {
      assert.deepEqual(names(await client.listLoadBalancers()), ['web-lb']);
      const backend = await freshStacklet('ct-lb-backend');
      const made = await client.createLoadBalancer({
        name: 'ct-lb',
        region: 'fra',
        rules: [{ protocol: 'http', source_port: 80, target_port: 8080 }],
        health: { protocol: 'tcp', port: 8080 },
        algorithm: 'round_robin',
        stacklet_ids: [backend.id],
      });
      assert.equal(made.task?.name, 'create');
      assert.equal(made.task?.description.progress, 'load balancer is creating');
      assert.deepEqual(made.stacklet_ids, [backend.id]);
      assert.equal(made.rules[0]?.tls_passthrough, false);
      endTasks();
      assert.equal((await client.getLoadBalancer(made.uuid)).task, null);

      const updated = await client.updateLoadBalancer(made.uuid, {
        name: 'ct-lb-2',
        health: { protocol: 'http', port: 8080, path: '/health' },
        algorithm: 'least_connections',
        sticky_sessions: { name: 'lb-cookie', ttl: '300' },
      });
      assert.equal(updated.name, 'ct-lb-2');
      const got = await client.getLoadBalancer(made.uuid);
      assert.equal(got.algorithm, 'least_connections');
      assert.equal(got.health?.path, '/health');
      assert.deepEqual(got.sticky_sessions, { name: 'lb-cookie', ttl: '300' });
      assert.equal(got.rules.length, 1, 'PUT does not touch the rules');
    });

    it('addLoadBalancerRules, removeLoadBalancerRules, addLoadBalancerStacklets, removeLoadBalancerStacklets, deleteLoadBalancer', async () => {
      const lb = (await client.listLoadBalancers()).items.find((l) => l.name === 'ct-lb-2')!;
      const rule = { protocol: 'tcp', source_port: 5432, target_port: 5432 };
      await client.addLoadBalancerRules(lb.uuid, [rule]);
      assert.deepEqual((await client.getLoadBalancer(lb.uuid)).rules.map((r) => r.source_port), [80, 5432]);
      await client.removeLoadBalancerRules(lb.uuid, [rule]);
      assert.deepEqual((await client.getLoadBalancer(lb.uuid)).rules.map((r) => r.source_port), [80]);

      const extra = await freshStacklet('ct-lb-extra');
      await client.addLoadBalancerStacklets(lb.uuid, [extra.id]);
      assert.ok((await client.getLoadBalancer(lb.uuid)).stacklet_ids.includes(extra.id));
      await client.removeLoadBalancerStacklets(lb.uuid, [extra.id]);
      assert.ok(!(await client.getLoadBalancer(lb.uuid)).stacklet_ids.includes(extra.id));

      await client.deleteLoadBalancer(lb.uuid);
      await rejectsNotFound(client.getLoadBalancer(lb.uuid));
      await rejectsNotFound(client.deleteLoadBalancer(lb.uuid));
      assert.deepEqual(names(await client.listLoadBalancers()), ['web-lb']);
    });
  });

  describe('kubernetes', () => {
    it('listKubernetesClusters, createKubernetesCluster, getKubernetesCluster: nodes appear when the task ends', async () => {
      assert.deepEqual(names(await client.listKubernetesClusters()), ['demo-cluster']);
      const made = await client.createKubernetesCluster({
        name: 'ct-k8s',
        version: '1.30.2-00',
        region: 'fra',
        node_pool: { name: 'pool-a', size: 'b-2vcpu-4gb', count: 2 },
      });
      assert.equal(made.task?.name, 'create');
      assert.equal(made.task?.description.progress, 'cluster is creating');
      assert.deepEqual(made.tags, [`k8s:${made.uuid}`, 'k8s']);
      assert.equal(made.node_pools[0]?.nodes.length, 0);
      assert.equal(made.node_pools[0]?.size.category?.name, 'Basic');
      endTasks();
      const got = await client.getKubernetesCluster(made.uuid);
      assert.equal(got.task, null);
      assert.equal(got.node_pools[0]?.nodes.length, 2);
      assert.deepEqual(names(await client.listKubernetesClusters()), ['demo-cluster', 'ct-k8s']);
    });

    it('renameKubernetesCluster: the spec texts of "update", the name once the task ends', async () => {
      const cluster = (await client.listKubernetesClusters()).items.find((c) => c.name === 'ct-k8s')!;
      const during = await client.renameKubernetesCluster(cluster.uuid, 'ct-k8s-renamed');
      assert.equal(during.task?.name, 'create');
      assert.equal(during.task?.description.progress, 'cluster is updating');
      assert.equal(during.name, 'ct-k8s');
      endTasks();
      assert.equal((await client.getKubernetesCluster(cluster.uuid)).name, 'ct-k8s-renamed');
    });

    it('updateNodePool: answers the pools; name and node count change once the task ends', async () => {
      const cluster = (await client.listKubernetesClusters()).items.find((c) => c.name === 'ct-k8s-renamed')!;
      const pool = cluster.node_pools[0]!;
      const pools = await client.updateNodePool(cluster.uuid, pool.id, { name: 'pool-b', count: 4 });
      assert.equal(pools.length, 1);
      assert.equal(pools[0]?.nodes.length, 2, 'the count changes when the task ends');
      const during = await client.getKubernetesCluster(cluster.uuid);
      assert.equal(during.task?.name, 'update');
      assert.equal(during.task?.description.progress, 'node pool is updating');
      endTasks();
      const after = (await client.getKubernetesCluster(cluster.uuid)).node_pools[0]!;
      assert.equal(after.name, 'pool-b');
      assert.equal(after.count, 4);
      assert.equal(after.nodes.length, 4);
    });

    it('addNodePool, deleteNodePool: a pool added (its nodes when the task ends), then deleted; the last one stays', async () => {
      const cluster = (await client.listKubernetesClusters()).items.find((c) => c.name === 'ct-k8s-renamed')!;
      const pool = await client.addNodePool(cluster.uuid, { name: 'pool-extra', size: 'b-2vcpu-4gb', count: 2 });
      assert.equal(pool.name, 'pool-extra');
      assert.equal(pool.nodes.length, 0);
      const during = await client.getKubernetesCluster(cluster.uuid);
      assert.equal(during.task?.name, 'add_node_pool');
      assert.equal(during.task?.description.progress, 'node pool is being added');
      endTasks();
      const after = await client.getKubernetesCluster(cluster.uuid);
      assert.deepEqual(after.node_pools.map((p) => [p.name, p.nodes.length]), [['pool-b', 4], ['pool-extra', 2]]);
      await client.deleteNodePool(cluster.uuid, pool.id);
      assert.deepEqual((await client.getKubernetesCluster(cluster.uuid)).node_pools.map((p) => p.name), ['pool-b']);
      await rejectsNotFound(client.deleteNodePool(cluster.uuid, pool.id));
      const last = await rejection(client.deleteNodePool(cluster.uuid, after.node_pools[0]!.id));
      assert.equal(last.status, 422);
      assert.match(last.serviceMessage ?? '', /only node pool/);
    });

    it('deleteKubernetesCluster: removed; a later get answers 404', async () => {
      const cluster = (await client.listKubernetesClusters()).items.find((c) => c.name === 'ct-k8s-renamed')!;
      await client.deleteKubernetesCluster(cluster.uuid);
      await rejectsNotFound(client.getKubernetesCluster(cluster.uuid));
      await rejectsNotFound(client.deleteKubernetesCluster(cluster.uuid));
    });
  });

  describe('VPCs', () => {
    it('listVpcs, createVpc, getVpc, renameVpc, deleteVpc', async () => {
      const seeded = await client.listVpcs();
      assert.deepEqual(names(seeded), ['fra-private']);
      assert.equal(seeded.items[0]?.stacklet_ids.length, 3);

      const made = await client.createVpc({ name: 'ct-vpc', cidr: '10.30.0.0/16', region: 'ams' });
      assert.equal(made.cidr, '10.30.0.0/16');
      assert.equal(made.region?.slug, 'ams');
      assert.deepEqual(made.stacklet_ids, []);
      assert.equal((await client.renameVpc(made.uuid, 'ct-vpc-renamed')).name, 'ct-vpc-renamed');
      assert.equal((await client.getVpc(made.uuid)).name, 'ct-vpc-renamed');
      assert.deepEqual(names(await client.listVpcs()), ['fra-private', 'ct-vpc-renamed']);

      await client.deleteVpc(made.uuid);
      await rejectsNotFound(client.getVpc(made.uuid));
      await rejectsNotFound(client.deleteVpc(made.uuid));
    });

    it('createVpc: a public range is refused with 422 and the rule in the message', async () => {
      const error = await rejection(client.createVpc({ name: 'ct-public', cidr: '8.8.0.0/16' }));
      assert.equal(error.status, 422);
      assert.equal(error.serviceMessage, 'cidr: must be inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16');
    });
  });

  describe('userdata', () => {
    it('listUserdata, createUserdata, getUserdata, updateUserdata, deleteUserdata', async () => {
      assert.deepEqual(names(await client.listUserdata()), ['docker-bootstrap', 'harden-ssh']);
      const script = '#!/bin/sh\necho "hello from the client test"\n';
      const made = await client.createUserdata({ name: 'ct-script', userdata: script });
      assert.equal(made.userdata, script);
      assert.equal((await client.getUserdata(made.uuid)).userdata, script);

      const updated = await client.updateUserdata(made.uuid, { name: 'ct-script-2', userdata: '#!/bin/sh\ntrue\n' });
      assert.equal(updated.name, 'ct-script-2');
      const got = await client.getUserdata(made.uuid);
      assert.equal(got.name, 'ct-script-2');
      assert.equal(got.userdata, '#!/bin/sh\ntrue\n');

      await client.deleteUserdata(made.uuid);
      await rejectsNotFound(client.getUserdata(made.uuid));
      await rejectsNotFound(client.deleteUserdata(made.uuid));
      assert.deepEqual(names(await client.listUserdata()), ['docker-bootstrap', 'harden-ssh']);
    });
  });

  describe('connection', () => {
    it('dispose: a disposed client refuses further calls with an ApiError', async () => {
      const spare = recording(new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } }));
      assert.equal((await spare.getProfile()).email, DEMO_EMAIL);
      await spare.dispose();
      const error = await rejection(spare.getProfile());
      assert.equal(error.kind, 'network');
    });

    it('resetEmulatorAccount: the emulator\'s own route puts its account back as it was seeded; last, since it undoes the tests above', async () => {
      await client.createSshKey({ name: 'ct-reset-key', public_key: PUBLIC_KEY });
      assert.ok((await client.listSshKeys()).items.some((key) => key.name === 'ct-reset-key'));
      await client.resetEmulatorAccount();
      assert.equal((await client.listSshKeys()).items.some((key) => key.name === 'ct-reset-key'), false);
      assert.equal((await client.getProfile()).email, DEMO_EMAIL);
    });
  });

  // Last on purpose: mocha runs a describe's own tests before its nested describes, so this sits in its own.
  describe('coverage', () => {
    it('every public StackletClient method was called by the tests above', function () {
      if (called.size < 20) this.skip(); // only part of the file ran (--grep)
      const operations = Object.getOwnPropertyNames(StackletClient.prototype).filter((name) => !NOT_OPERATIONS.has(name));
      assert.ok(operations.length >= 70, `found only ${operations.length} operations`);
      assert.deepEqual(operations.filter((name) => !called.has(name)), []);
    });

    if (trailingSlash) it('trailing slashes: learned from the first redirect (one GET followed); no write was redirected', () => {
      const redirects = emu.stats().requests.filter((request) => request.status >= 300 && request.status < 400);
      assert.deepEqual(redirects.map((request) => `${request.status} ${request.method}`), ['301 GET']);
      assert.ok(client.trailingSlash);
    });
  });
});
