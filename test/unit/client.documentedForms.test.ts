// The forms the real service documents beside the specification (service notes), against emulator modes that
// require them: the other spelling of a new firewall's rule arrays, a reset password that needs a password, a
// load balancer's sticky sessions left out when off (ttl a string), volumes of one region from a service that
// ignores the region filter.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { refusalNamesField } from '../../src/api/refusals';
import { buildCreateLoadBalancerBody, type NewLoadBalancer } from '../../src/api/loadBalancerBody';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { rejection } from './support/helpers';

const RULES = { inbound_rules: [{ address: '192.0.2.0/24', port: 22, protocol: 'tcp' }], outbound_rules: [{ address: '0.0.0.0/0' }] };

describe('StackletClient ⇄ emulator: forms the service documents', function () {
  let emu: EmulatorHandle;
  let client: StackletClient;
  const posts = () => emu.stats().requestCount['POST /v1/firewalls'] ?? 0;

  beforeEach(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
  });
  afterEach(async () => {
    await client.dispose();
    await emu.close();
  });

  describe('firewall create: inbound_rules or inboud_rules', () => {
    it('refused naming the rule field, it is sent once more with the other spelling, which later creates keep', async () => {
      emu.configure({ quirks: { requireInboudRules: true } });
      const made = await client.createFirewall({ name: 'spelled-1', ...RULES });
      assert.deepEqual(made.inbound_rules, [{ address: '192.0.2.0/24', port: 22, protocol: 'tcp' }]);
      assert.deepEqual(made.outbound_rules, [{ address: '0.0.0.0/0', port: null, protocol: null }]);
      assert.equal(posts(), 2);
      assert.deepEqual(emu.stats().applied.map((a) => Object.keys(a.body as object).sort()), [['inboud_rules', 'name', 'outboud_rules']]);

      await client.createFirewall({ name: 'spelled-2', ...RULES });
      assert.equal(posts(), 3, 'the spelling that worked is sent first');
    });

    it('a service that takes the usual spelling gets one request', async () => {
      await client.createFirewall({ name: 'usual', ...RULES });
      assert.equal(posts(), 1);
    });

    it('a refusal about something else (a rule\'s address, a taken name) is not retried', async () => {
      const badAddress = await rejection(client.createFirewall({ name: 'bad', inbound_rules: [{ address: 'nowhere' }], outbound_rules: [] }));
      assert.equal(badAddress.status, 422);
      assert.match(badAddress.message, /inbound_rules\[0\]\.address/);
      const taken = await rejection(client.createFirewall({ name: 'web-firewall', ...RULES }));
      assert.equal(taken.status, 422);
      assert.equal(posts(), 2);
      assert.deepEqual(emu.stats().applied, []);
    });

    it('when both spellings are refused, the second refusal is the error and nothing was created', async () => {
      emu.configure({ quirks: { requireInboudRules: true } });
      const error = await rejection(client.createFirewall({ name: 'bad', inbound_rules: [{ address: 'nowhere' }], outbound_rules: [] }));
      assert.equal(error.status, 422);
      assert.match(error.message, /inbound_rules\[0\]\.address/);
      assert.equal(posts(), 2);
      assert.deepEqual(emu.stats().applied, []);
    });
  });

  describe('reset password: with or without a password', () => {
    it('the bare form; a service that needs a password refuses it naming `password`, and takes one', async () => {
      const web1 = (await client.listStacklets({ tagName: 'web' })).items[0]!;
      emu.configure({ quirks: { resetPasswordNeedsPassword: true } });
      const refused = await rejection(client.resetPassword(web1.id));
      assert.ok(refusalNamesField(refused, 'password'), refused.message);
      assert.ok(!refusalNamesField(refused, 'name'));
      const answer = await client.resetPassword(web1.id, 'correct horse battery');
      assert.equal(answer.task?.name, 'reset_password');
      assert.equal(emu.stats().applied.length, 1, 'the refused request changed nothing');
    });

    it('a password the rule refuses is refused by the service too, naming the field', async () => {
      const web1 = (await client.listStacklets({ tagName: 'web' })).items[0]!;
      const error = await rejection(client.resetPassword(web1.id, 'short'));
      assert.ok(refusalNamesField(error, 'password'));
      assert.match(error.message, /password: must be at least 8 characters/);
    });
  });

  describe('load balancer create: the body as the documentation writes it', () => {
    const lb: NewLoadBalancer = {
      name: 'documented-lb',
      region: 'fra',
      algorithm: 'round_robin',
      rules: [{ protocol: 'http', source_port: 80, target_port: 8080 }],
      health: { protocol: 'tcp', port: 8080 },
      stackletIds: [],
    };

    it('sticky sessions off: the key is left out (never null), and so is an empty stacklet_ids', async () => {
      const body = buildCreateLoadBalancerBody(lb);
      assert.deepEqual(Object.keys(body).sort(), ['algorithm', 'health', 'name', 'redirect_http_to_https', 'region', 'rules']);
      const made = await client.createLoadBalancer(body);
      assert.equal(made.sticky_sessions, null);
      assert.ok(!('sticky_sessions' in (emu.stats().applied[0]!.body as object)));
    });

    it('sticky sessions by cookie: name and ttl, the ttl a string of seconds', async () => {
      const body = buildCreateLoadBalancerBody({ ...lb, name: 'sticky-lb', sticky: { cookieName: 'lb_sid', ttlSeconds: 600 }, redirectHttpToHttps: true });
      assert.deepEqual(body.sticky_sessions, { name: 'lb_sid', ttl: '600' });
      const made = await client.createLoadBalancer(body);
      assert.deepEqual(made.sticky_sessions, { name: 'lb_sid', ttl: '600' });
      assert.equal(made.redirect_http_to_https, true);
    });
  });

  describe('volumes by region', () => {
    it('a service that ignores region on /v1 lists every volume; the client keeps only the region\'s', async () => {
      emu.configure({ quirks: { ignoreVolumeRegion: true } });
      const all = await client.listVolumes();
      assert.ok(all.items.some((v) => v.region.slug !== 'ams'));
      const ams = await client.listVolumes({ region: 'ams' });
      assert.deepEqual(ams.items.map((v) => v.name), ['scratch']);
      assert.equal(ams.total, 1);
    });

    it('a service that filters answers the same', async () => {
      const ams = await client.listVolumes({ region: 'ams' });
      assert.deepEqual(ams.items.map((v) => v.name), ['scratch']);
      assert.equal(ams.total, 1);
    });
  });
});
