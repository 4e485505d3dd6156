import * as assert from 'node:assert/strict';
import { extractServiceMessage } from '../../src/api/serviceMessage';
import { formatPath, readList, readOne } from '../../src/api/envelope';
import { isApiError } from '../../src/api/errors';
import * as req from '../../src/api/requests';
import * as s from '../../src/api/schemas';

const where = { method: 'GET', path: '/v1/x' };
const region = { slug: 'fra', name: 'Frankfurt', features: ['vpc'], available: true };

describe('schemas', () => {
  it('keep unknown fields', () => {
    const vpc = s.Vpc.parse({ uuid: 'u', name: 'n', cidr: '10.0.0.0/16', region, brand_new: { x: 1 } });
    assert.deepEqual((vpc as Record<string, unknown>).brand_new, { x: 1 });
  });

  it('read both spellings the documentation mixes', () => {
    assert.deepEqual(s.Vpc.parse({ uuid: 'u', name: 'n', cidr: '10.0.0.0/16', stackelt_ids: [1, 2] }).stacklet_ids, [1, 2]);
    assert.deepEqual(s.Snapshot.parse({ id: 1, name: 'n', region_ids: ['fra'] }).regions, ['fra']);
    const fw = s.Firewall.parse({ uuid: 'f', name: 'fw', inboud_rules: [{ address: '0.0.0.0/0' }], otbound_rules: [], resources: [5] });
    assert.equal(fw.inbound_rules.length, 1);
    assert.deepEqual(fw.resources.stacklet_ids, [5]);
    assert.deepEqual(s.Firewall.parse({ uuid: 'f', name: 'fw', resources: { stacklet_ids: [7] } }).resources.stacklet_ids, [7]);
    const lb = s.LoadBalancer.parse({ uuid: 'l', name: 'lb', region, algorithm: 'round_robin', health: [{ protocol: 'tcp', port: 80 }], stacklet_id: [3] });
    assert.equal(lb.health?.protocol, 'tcp');
    assert.deepEqual(lb.stacklet_ids, [3]);
    assert.equal(s.Volume.parse({ uuid: 'v', name: 'vol', region, size_gigabytes: 10 }).id, 'v');
  });

  it('request bodies fold alias spellings and name the bad field', () => {
    const ok = req.CreateFirewallBody.safeParse({ name: 'fw', inboud_rules: [{ address: '1.2.3.4', port: 22, protocol: 'TCP' }], outboud_rules: [] });
    assert.ok(ok.success);
    const bad = req.CreateFirewallBody.safeParse({ name: 'fw', inbound_rules: [{ address: '1.2.3.4', port: 70000 }], outbound_rules: [] });
    assert.ok(!bad.success);
    assert.equal(formatPath(bad.error.issues[0]!.path), 'inbound_rules[0].port');
    assert.match(bad.error.issues[0]!.message, /from 0 to 65535/);
    const count = req.UpdateNodePoolBody.parse({ name: 'p', count: '3' });
    assert.equal(count.count, 3);
    const lb = req.CreateLoadBalancerBody.parse({
      name: 'lb', region: 'fra', algorithm: 'round_robin', health: [{ protocol: 'http', path: '/' }],
      rules: [{ protocol: 'http', source_port: 80, target_port: 8080 }], stacklet_id: 4,
    });
    assert.deepEqual(lb.stacklet_ids, [4]);
  });
});

describe('tolerant reader', () => {
  const stacklet = { id: 7, name: 'web-7', status: 'active', region, size: { slug: 'b-1', disk: 1 } };

  it('reads a nested stacklet of a volume, snapshot or backup with any of its fields, or none', () => {
    const volume = { id: 'v', name: 'vol', region, size_gigabytes: 10 };
    for (const nested of [{}, { name: 'web-1' }, { id: 3 }, { status: 'active', region, tags: ['x'] }, { id: 'three' }]) {
      assert.ok(s.Volume.safeParse({ ...volume, stacklet: nested }).success, JSON.stringify(nested));
      assert.ok(s.Snapshot.safeParse({ id: 1, name: 'snap', stacklet: nested }).success, JSON.stringify(nested));
      assert.ok(s.Backup.safeParse({ id: 1, stacklet: nested }).success, JSON.stringify(nested));
    }
    assert.equal(s.Volume.parse({ ...volume, stacklet: { id: 'three' } }).stacklet?.id, undefined);
  });

  it('reads profile limits in any shape, as far as they go', () => {
    const profile = s.Profile.parse({
      uuid: 'p', email: 'a@b.example',
      limits: { stacklets: { available: 10, used: 3 }, volumes: 10, floating_ips: { used: 1 }, flags: ['x'], other: { max: 5 } },
    });
    assert.deepEqual(profile.limits, { stacklets: { available: 10, used: 3 }, volumes: { available: 10 }, floating_ips: { used: 1 } });
    assert.deepEqual(s.Profile.parse({ uuid: 'p', limits: 'none' }).limits, {});
    assert.equal(s.Profile.parse({ uuid: 'p' }).email, undefined);
  });

  it('reads an optional field that is absent, null or of another type as absent, and a list as its readable entries', () => {
    const read = s.Stacklet.parse({
      ...stacklet, created_at: 5, vcpu: 'two', firewall_uuid: 12, locked: 'yes', tags: ['a', 3, 'b'],
      backup_ids: [1, '2', 'x', null], snapshot_ids: 'none', networks: { v4: [{ address: '192.0.2.1', type: 'public' }, { type: 'private' }], v6: 'none' },
      distribution: { name: 7 }, task: { name: 'resize' },
    });
    assert.equal(read.created_at, undefined);
    assert.equal(read.vcpu, undefined);
    assert.equal(read.firewall_uuid, null);
    assert.equal(read.locked, false);
    assert.deepEqual(read.tags, ['a', 'b']);
    assert.deepEqual(read.backup_ids, [1, 2]);
    assert.deepEqual(read.snapshot_ids, [], 'a list that is not one reads as empty');
    const { tags: _, ...untagged } = { ...stacklet, tags: ['web'] };
    assert.deepEqual(s.Stacklet.parse(untagged).tags, [], 'an absent list reads as empty');
    assert.deepEqual(read.networks.v4.map((n) => n.address), ['192.0.2.1']);
    assert.deepEqual(read.networks.v6, []);
    assert.equal(read.distribution?.name, undefined);
    assert.equal(read.task, null, 'a task without an id cannot be followed');
  });

  it('names a resource the answer does not name by its identifier', () => {
    assert.equal(s.Stacklet.parse({ ...stacklet, name: undefined }).name, '#7');
    assert.equal(s.Vpc.parse({ uuid: 'u-1', cidr: '10.0.0.0/16' }).name, '#u-1');
    assert.equal(s.Volume.parse({ uuid: 'v-1', region, size: 5 * 1024 ** 3 }).name, '#v-1');
  });

  it('takes a volume\'s size in GB from its bytes when only those are given, and needs one of them', () => {
    assert.equal(s.Volume.parse({ id: 'v', name: 'vol', region, size: 100 * 1024 ** 3 }).size_gigabytes, 100);
    const missing = s.Volume.safeParse({ id: 'v', name: 'vol', region });
    assert.ok(!missing.success);
    assert.equal(formatPath(missing.error.issues[0]!.path), 'size_gigabytes');
  });

  it('reads a rule list exactly or not at all: one unreadable rule makes the firewall unreadable', () => {
    assert.deepEqual(s.Firewall.parse({ uuid: 'f', name: 'fw', inbound_rules: null }).inbound_rules, []);
    assert.ok(!s.Firewall.safeParse({ uuid: 'f', name: 'fw', inbound_rules: [{ address: '0.0.0.0/0' }, { port: 22 }] }).success);
  });
});

describe('envelopes', () => {
  it('unwrap named, aliased and bare bodies', () => {
    assert.equal(readOne(s.Userdata, { userdata: { uuid: 'u', name: 'n', userdata: 'x' } }, ['userdata'], where).uuid, 'u');
    assert.equal(readOne(s.Userdata, { uuid: 'u', name: 'n', userdata: 'x' }, ['userdata'], where).name, 'n');
    assert.equal(readList(s.Tag, { tag: [{ name: 'a' }] }, ['tags', 'tag'], where).items[0]!.name, 'a');
    assert.equal(readList(s.Tag, [{ name: 'a' }], ['tags'], where).items.length, 1);
  });

  it('name the path of a field that breaks the schema: a problem of the listing, or the error of a single answer', () => {
    const body = { stacklets: [{ id: 1, name: 'ok', status: 'active', region, size: { slug: 's', vcpu: 1, disk: 1, memory: 1 } },
      { id: 2, name: 'bad', status: 'active', region, size: { slug: 7, vcpu: 1, disk: 1, memory: 1 } }] };
    const page = readList(s.Stacklet, body, ['stacklets'], where);
    assert.deepEqual(page.items.map((item) => item.name), ['ok']);
    assert.equal(page.problems.length, 1);
    assert.equal(page.problems[0]!.fieldPath, 'stacklets[1].size.slug');
    assert.deepEqual([page.problems[0]!.index, page.problems[0]!.id, page.problems[0]!.name], [1, 2, 'bad']);
    assert.throws(() => readOne(s.Stacklet, { stacklet: body.stacklets[1] }, ['stacklet'], where), (error: unknown) => {
      assert.ok(isApiError(error));
      assert.equal(error.kind, 'invalid-response');
      assert.equal(error.fieldPath, 'stacklet.size.slug');
      assert.match(error.message, /GET \/v1\/x: stacklet\.size\.slug/);
      return true;
    });
    assert.throws(() => readList(s.Tag, { tags: 'nope' }, ['tags'], where), /tags: expected a list, got a string/);
    assert.throws(() => readList(s.Tag, { meta: {} }, ['tags'], where), /the answer has no "tags" list/);
    assert.throws(() => readOne(s.Tag, 'x', ['tag'], where), /expected a JSON object/);
  });

  it('read a long page (with zod\'s generated parsers) as they read a short one (without)', () => {
    const odd = [
      { id: 1, name: 'ok', status: 'active', region, size: { slug: 's', vcpu: 1, disk: 1, memory: 1 }, brand_new: [1], tags: ['a', 3], networks: { v4: [{ ip_address: '10.0.0.1', type: 'private' }, 7] } },
      { id: 2, status: 'off', region: { slug: 'ams', features: 'none' }, size: { slug: 's', vcpu: '2', disk: 1 }, memory: 'lots', locked: 'no' },
      { id: 3, name: 'bad', status: 'active', region, size: { slug: 7, vcpu: 1, disk: 1, memory: 1 } },
    ];
    const short = readList(s.Stacklet, { stacklets: odd }, ['stacklets'], where);
    const long = readList(s.Stacklet, { stacklets: Array.from({ length: 150 }, (_, i) => odd[i % odd.length]) }, ['stacklets'], where);
    assert.equal(long.items.length, 100);
    for (let i = 0; i < long.items.length; i++) assert.deepEqual(long.items[i], short.items[i % 2]);
    assert.deepEqual(long.problems.map((problem) => [problem.index, problem.fieldPath, problem.reason]),
      Array.from({ length: 50 }, (_, i) => [i * 3 + 2, `stacklets[${i * 3 + 2}].size.slug`, short.problems[0]!.reason]));
    assert.deepEqual(short.problems.map((problem) => [problem.index, problem.fieldPath]), [[2, 'stacklets[2].size.slug']]);
  });

  it('read unreadable paging information as a problem and the page as the only one', () => {
    const page = readList(s.Tag, { tags: [{ name: 'a' }], meta: { pagination: { current_page: 'one', pages: 3 } } }, ['tags'], where);
    assert.deepEqual(page.items, [{ name: 'a' }]);
    assert.equal(page.meta, undefined);
    assert.deepEqual(page.problems.map((problem) => [problem.index, problem.fieldPath]), [[undefined, 'meta.pagination.current_page']]);
  });
});

describe('service error messages', () => {
  it('are read from whatever body the service sent', async () => {
    assert.equal(await extractServiceMessage('{"message":"size not found"}', 'application/json'), 'size not found');
    assert.equal(await extractServiceMessage('{"error":"quota exceeded"}', 'application/json'), 'quota exceeded');
    assert.equal(await extractServiceMessage('{"error":{"message":"nested"}}', 'application/json'), 'nested');
    assert.equal(await extractServiceMessage('{"detail":"throttled"}', 'application/json'), 'throttled');
    assert.equal(await extractServiceMessage('{"errors":[{"field":"name","message":"is required"},"other"]}', undefined), 'name: is required; other');
    assert.equal(await extractServiceMessage('plain words\n', 'text/plain'), 'plain words');
    assert.equal(await extractServiceMessage('<html><body>502</body></html>', 'text/html'), undefined);
    assert.equal(await extractServiceMessage('', undefined), undefined);
    assert.equal((await extractServiceMessage('x'.repeat(600), 'text/plain'))!.length, 501);
    // Cut at the size limit: JSON.parse refuses it, and jsonc-parser (loaded for it) still reads the message.
    assert.equal(await extractServiceMessage('{"message":"quota exceeded","detail":"the rest was cu', 'application/json'), 'quota exceeded');
  });
});
