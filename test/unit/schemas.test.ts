import * as assert from 'node:assert/strict';
import { extractServiceMessage } from '../../src/api/errors';
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

describe('envelopes', () => {
  it('unwrap named, aliased and bare bodies', () => {
    assert.equal(readOne(s.Userdata, { userdata: { uuid: 'u', name: 'n', userdata: 'x' } }, ['userdata'], where).uuid, 'u');
    assert.equal(readOne(s.Userdata, { uuid: 'u', name: 'n', userdata: 'x' }, ['userdata'], where).name, 'n');
    assert.equal(readList(s.Tag, { tag: [{ name: 'a' }] }, ['tags', 'tag'], where).items[0]!.name, 'a');
    assert.equal(readList(s.Tag, [{ name: 'a' }], ['tags'], where).items.length, 1);
  });

  it('name the path of a field that breaks the schema', () => {
    const body = { stacklets: [{ id: 1, name: 'ok', status: 'active', region, size: { slug: 's', vcpu: 1, disk: 1, memory: 1 } },
      { id: 2, name: 'bad', status: 'active', region, size: { slug: 's', vcpu: 'two', disk: 1, memory: 1 } }] };
    assert.throws(() => readList(s.Stacklet, body, ['stacklets'], where), (error: unknown) => {
      assert.ok(isApiError(error));
      assert.equal(error.kind, 'invalid-response');
      assert.equal(error.fieldPath, 'stacklets[1].size.vcpu');
      assert.match(error.message, /GET \/v1\/x: stacklets\[1\]\.size\.vcpu/);
      return true;
    });
    assert.throws(() => readList(s.Tag, { tags: 'nope' }, ['tags'], where), /tags: expected a list, got a string/);
    assert.throws(() => readOne(s.Tag, 'x', ['tag'], where), /expected a JSON object/);
  });
});

describe('service error messages', () => {
  it('are read from whatever body the service sent', () => {
    assert.equal(extractServiceMessage('{"message":"size not found"}', 'application/json'), 'size not found');
    assert.equal(extractServiceMessage('{"error":"quota exceeded"}', 'application/json'), 'quota exceeded');
    assert.equal(extractServiceMessage('{"error":{"message":"nested"}}', 'application/json'), 'nested');
    assert.equal(extractServiceMessage('{"detail":"throttled"}', 'application/json'), 'throttled');
    assert.equal(extractServiceMessage('{"errors":[{"field":"name","message":"is required"},"other"]}', undefined), 'name: is required; other');
    assert.equal(extractServiceMessage('plain words\n', 'text/plain'), 'plain words');
    assert.equal(extractServiceMessage('<html><body>502</body></html>', 'text/html'), undefined);
    assert.equal(extractServiceMessage('', undefined), undefined);
    assert.equal(extractServiceMessage('x'.repeat(600), 'text/plain')!.length, 501);
  });
});
