// The emulator's HTTP contract over real HTTP on 127.0.0.1: auth, error shapes, routing, paging, filters,
// isolation between accounts, the demo data against the zod schemas, control endpoints and shutdown.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { request, type Dispatcher } from 'undici';
import type * as z from 'zod/mini';
import * as S from '../../src/api/schemas';
import { DEMO_TOKEN, type EmulatorOptions } from '../../src/emulator/options';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { call, type Json, type Res } from './support/helpers';



const get = (emu: EmulatorHandle, path: string, token: string | null = DEMO_TOKEN): Promise<Res> => call(emu, 'GET', path, undefined, token);

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

describe('emulator: HTTP contract', function () {
  let emu: EmulatorHandle;
  const start = async (options: EmulatorOptions = {}): Promise<EmulatorHandle> => (emu = await startEmulator({ port: 0, ...options }));
  afterEach(async () => {
    await emu?.close();
  });

  describe('authentication', () => {
    const routes: Array<[string, string]> = [
      ['GET', '/v1/account/profile'],
      ['GET', '/v1/stacklets'],
      ['GET', '/v1/stacklets/1001'],
      ['POST', '/v1/stacklets'],
      ['POST', '/v1/stacklets/1001'],
      ['DELETE', '/v1/stacklets/1001'],
      ['GET', '/v1/stacklets/1001/snapshots'],
      ['GET', '/v1/snapshots'],
      ['POST', '/v1/snapshots/5001'],
      ['GET', '/v1/backups'],
      ['GET', '/v1/volumes'],
      ['PUT', '/v1/volumes/x'],
      ['GET', '/v1/firewalls'],
      ['POST', '/v1/firewalls/x/rules'],
      ['GET', '/v1/load_balancers'],
      ['GET', '/v1/kubernetes'],
      ['PUT', '/v1/kubernetes'],
      ['GET', '/v1/vpcs'],
      ['GET', '/v1/vpc'],
      ['GET', '/v1/userdata'],
      ['GET', '/v1/sizes'],
      ['GET', '/v1/regions'],
      ['GET', '/v1/distributions'],
      ['GET', '/v1/applications'],
      ['GET', '/v1/containers'],
      ['GET', '/v1/ssh_keys'],
      ['GET', '/v1/tags'],
      ['POST', '/v1/tags/web/resources'],
    ];

    it('answers 401 JSON without a token, with a malformed header and with an unknown token, on every route family', async () => {
      await start();
      for (const [method, path] of routes) {
        for (const auth of [null, 'Bearer ' + DEMO_TOKEN, 'Token', 'Token stk_wrong_0000000000000000']) {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (auth !== null) headers['authorization'] = auth;
          const res = await request(emu.url + path, { method: method as Dispatcher.HttpMethod, headers, body: method === 'GET' ? undefined : '{}' });
          const json = (await res.body.json()) as Json;
          assert.equal(res.statusCode, 401, `${method} ${path} with ${auth}`);
          assert.equal(json.id, 'unauthorized');
          assert.equal(typeof json.message, 'string');
        }
      }
      assert.equal(emu.stats().applied.length, 0);
    });

    it('accepts the demo token and a token given with --token', async () => {
      await start({ demoToken: 'stk_custom_token_123' });
      assert.equal((await get(emu, '/v1/stacklets', 'stk_custom_token_123')).status, 200);
      assert.equal((await get(emu, '/v1/stacklets', DEMO_TOKEN)).status, 401);
    });
  });

  describe('errors and routing', () => {
    it('answers 404 with the error shape for an unknown id and an unknown route', async () => {
      await start();
      const missing = await get(emu, '/v1/stacklets/999999');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json, { id: 'not_found', message: 'stacklet 999999 not found' });
      assert.equal((await get(emu, '/v1/stacklets/abc')).status, 404);
      const route = await get(emu, '/v1/nothing-here');
      assert.equal(route.status, 404);
      assert.equal(route.json.id, 'not_found');
    });

    it('answers 405 with an Allow header for a known path and a wrong method', async () => {
      await start();
      const res = await call(emu, 'DELETE', '/v1/stacklets');
      assert.equal(res.status, 405);
      assert.equal(res.headers['allow'], 'GET, HEAD, POST');
      assert.equal(res.json.id, 'method_not_allowed');
      const patch = await call(emu, 'PATCH', '/v1/stacklets/1001', {});
      assert.equal(patch.status, 405);
      assert.equal(patch.headers['allow'], 'DELETE, GET, HEAD, POST');
    });

    it('answers 400 for malformed JSON and changes nothing', async () => {
      await start();
      const res = await call(emu, 'POST', '/v1/stacklets/1001', '{"action": "power_off",');
      assert.equal(res.status, 400);
      assert.equal(res.json.id, 'bad_request');
      assert.equal((await get(emu, '/v1/stacklets/1001')).json.stacklet.status, 'active');
      assert.equal(emu.stats().applied.length, 0);
    });

    it('answers 413 for an oversize body, by Content-Length and while streaming, and keeps serving', async () => {
      await start({ bodyLimitBytes: 1024 });
      const big = JSON.stringify({ name: 'x', userdata: 'a'.repeat(4000) });
      const declared = await call(emu, 'POST', '/v1/userdata', big);
      assert.equal(declared.status, 413);
      assert.equal(declared.json.id, 'payload_too_large');

      // Refused on the declared length alone, before a single body byte was sent.
      const early = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(emu.port, '127.0.0.1', () => {
          socket.write(`POST /v1/userdata HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${DEMO_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (d) => {
          data += d.toString();
          if (data.includes('payload_too_large')) {
            socket.destroy();
            resolve(data);
          }
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(data));
      });
      assert.match(early, /^HTTP\/1\.1 413 /);
      assert.match(early, /connection: close/i);

      // Chunked, without Content-Length: the server counts bytes and stops reading past the limit.
      const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = net.connect(emu.port, '127.0.0.1', () => {
          socket.write(`POST /v1/userdata HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${DEMO_TOKEN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
          const chunk = 'a'.repeat(600);
          for (let i = 0; i < 4; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        });
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('error', reject);
        socket.on('close', () => resolve({ status: Number(data.split(' ')[1]), body: data.slice(data.indexOf('\r\n\r\n') + 4) }));
      });
      assert.equal(streamed.status, 413);
      assert.equal(JSON.parse(streamed.body).id, 'payload_too_large');
      assert.equal((await get(emu, '/v1/userdata')).json.userdata.length, 2);
      assert.equal(emu.stats().applied.length, 0);
    });

    it('accepts a trailing slash, as the Python client sends, and HEAD on GET routes', async () => {
      await start();
      assert.equal((await get(emu, '/v1/stacklets/')).status, 200);
      assert.equal((await get(emu, '/v1/stacklets/1001/')).json.stacklet.id, 1001);
      const head = await call(emu, 'HEAD', '/v1/stacklets');
      assert.equal(head.status, 200);
      assert.equal(head.text, '');
    });

    it('answers DELETE with 204 and an empty body', async () => {
      await start();
      const res = await call(emu, 'DELETE', '/v1/stacklets/1005');
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      assert.equal((await get(emu, '/v1/stacklets/1005')).status, 404);
    });
  });

  describe('accounts', () => {
    it('keeps accounts apart: another account\'s ids answer 404 for reads and writes', async () => {
      await start();
      emu.addAccount('stk_other_account_1', { email: 'other@example.com', seed: 'demo' });
      const other = (await get(emu, '/v1/stacklets', 'stk_other_account_1')).json.stacklets as Json[];
      const mine = (await get(emu, '/v1/stacklets')).json.stacklets as Json[];
      assert.equal(other.length, 6);
      const mineIds = new Set(mine.map((s) => s.id));
      assert.ok(other.every((s) => !mineIds.has(s.id)), 'stacklet ids are unique across accounts');
      const theirs = other[0].id;
      assert.equal((await get(emu, `/v1/stacklets/${theirs}`)).status, 404);
      assert.equal((await call(emu, 'POST', `/v1/stacklets/${theirs}`, { action: 'power_off' })).status, 404);
      assert.equal((await call(emu, 'DELETE', `/v1/stacklets/${theirs}`)).status, 404);
      const theirVolume = (await get(emu, '/v1/volumes', 'stk_other_account_1')).json.volumes[1].id;
      assert.equal((await call(emu, 'PUT', `/v1/volumes/${theirVolume}`, { action: 'rename', name: 'mine' })).status, 404);
      const theirFirewall = (await get(emu, '/v1/firewalls', 'stk_other_account_1')).json.firewalls[0].uuid;
      assert.equal((await get(emu, `/v1/firewalls/${theirFirewall}`)).status, 404);
      // Referring to another account's stacklet in a body is a 422 naming the field.
      const fw = await call(emu, 'POST', '/v1/firewalls', { name: 'x', inbound_rules: [], outbound_rules: [], stacklet_ids: [theirs] });
      assert.equal(fw.status, 422);
      assert.equal(fw.json.errors[0].field, 'stacklet_ids[0]');
      assert.equal(emu.stats().applied.length, 0);
      assert.equal((await get(emu, `/v1/stacklets/${theirs}`, 'stk_other_account_1')).json.stacklet.status, 'active');
    });

    it('adds an empty account by default and reflects usage in the profile limits', async () => {
      await start();
      const added = emu.addAccount('stk_empty_account_1');
      assert.match(added.email, /@stacklet\.example$/);
      assert.equal((await get(emu, '/v1/stacklets', 'stk_empty_account_1')).json.stacklets.length, 0);
      const empty = (await get(emu, '/v1/account/profile', 'stk_empty_account_1')).json.profile;
      assert.deepEqual(empty.limits.stacklets, { available: 50, used: 0 });
      const demo = (await get(emu, '/v1/account/profile')).json.profile;
      assert.equal(demo.email, 'demo@stacklet.example');
      assert.deepEqual(demo.limits.stacklets, { available: 44, used: 6 });
      assert.throws(() => emu.addAccount('stk_empty_account_1'));
    });

    it('resets the caller\'s own account to its seed on POST /_emulator/reset-account, without control, leaving other accounts alone', async () => {
      await start();
      emu.addAccount('stk_other_account_1', { email: 'other@example.com', seed: 'empty' });
      const web2 = ((await get(emu, '/v1/stacklets')).json.stacklets as Json[]).find((s) => s.name === 'web-2');
      assert.equal((await call(emu, 'POST', '/v1/volumes', { name: 'made-here', stacklet_id: web2.id, size_gigabytes: 10 })).status, 201);
      assert.equal((await call(emu, 'DELETE', '/v1/volumes/' + ((await get(emu, '/v1/volumes')).json.volumes as Json[]).find((v) => v.name === 'scratch').id)).status, 204);
      assert.equal((await call(emu, 'POST', '/v1/tags', { name: 'theirs' }, 'stk_other_account_1')).status, 201);
      // Only the caller's own account, named by its token; a missing token, another method, change nothing.
      assert.equal((await call(emu, 'POST', '/_emulator/reset-account', undefined, null)).status, 401);
      assert.equal((await call(emu, 'GET', '/_emulator/reset-account')).status, 405);
      assert.equal((await call(emu, 'POST', '/_emulator/reset-account')).status, 204);
      const volumes = ((await get(emu, '/v1/volumes')).json.volumes as Json[]).map((v) => v.name).sort();
      assert.ok(volumes.includes('scratch') && !volumes.includes('made-here'), volumes.join(', '));
      assert.equal((await get(emu, '/v1/stacklets')).json.stacklets.length, 6);
      const profile = (await get(emu, '/v1/account/profile')).json.profile;
      assert.equal(profile.email, 'demo@stacklet.example');
      assert.equal(profile.first_name, 'Demo');
      assert.deepEqual(((await get(emu, '/v1/tags', 'stk_other_account_1')).json.tags as Json[]).map((t) => t.name), ['theirs'], 'another account keeps its data');
      // An empty account resets to empty.
      assert.equal((await call(emu, 'POST', '/_emulator/reset-account', undefined, 'stk_other_account_1')).status, 204);
      assert.deepEqual((await get(emu, '/v1/tags', 'stk_other_account_1')).json.tags, []);
    });
  });

  describe('lists', () => {
    it('paginates with correct meta over more than 100 items, and caps per_page at 200', async () => {
      await start({ extraStacklets: 150 });
      const first = (await get(emu, '/v1/stacklets')).json;
      assert.equal(first.stacklets.length, 25);
      assert.deepEqual(first.meta, {
        pagination: { current_page: 1, next_page: 2, pages: 7, per_page: 25, previous_page: null, total: 156 },
        query: null,
        sort: null,
      });
      const last = (await get(emu, '/v1/stacklets?page=7')).json;
      assert.equal(last.stacklets.length, 6);
      assert.deepEqual(last.meta.pagination, { current_page: 7, next_page: null, pages: 7, per_page: 25, previous_page: 6, total: 156 });
      const ids: number[] = [];
      for (let page: number | null = 1; page !== null; ) {
        const body: Json = (await get(emu, `/v1/stacklets?page=${page}&per_page=40`)).json;
        ids.push(...body.stacklets.map((s: Json) => s.id));
        page = body.meta.pagination.next_page;
      }
      assert.equal(ids.length, 156);
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'stable order by id');
      const capped = (await get(emu, '/v1/stacklets?per_page=500')).json;
      assert.equal(capped.stacklets.length, 156);
      assert.equal(capped.meta.pagination.per_page, 200);
      assert.equal(capped.meta.pagination.pages, 1);
      const past = (await get(emu, '/v1/stacklets?page=9')).json;
      assert.equal(past.stacklets.length, 0);
      assert.equal(past.meta.pagination.next_page, null);
      const empty = (await get(emu, '/v1/stacklets?tag_name=none')).json.meta.pagination;
      assert.deepEqual(empty, { current_page: 1, next_page: null, pages: 1, per_page: 25, previous_page: null, total: 0 });
    });

    it('refuses a bad page or per_page with 422 naming it, and ignores unknown parameters', async () => {
      await start();
      for (const [query, field] of [
        ['page=0', 'page'],
        ['page=abc', 'page'],
        ['per_page=0', 'per_page'],
        ['per_page=-5', 'per_page'],
        ['per_page=2.5', 'per_page'],
      ]) {
        const res = await get(emu, `/v1/volumes?${query}`);
        assert.equal(res.status, 422, query);
        assert.equal(res.json.errors[0].field, field);
        assert.match(res.json.message, new RegExp(`^${field}: `));
      }
      assert.equal((await get(emu, '/v1/volumes?colour=blue&sort=name')).status, 200);
    });

    it('filters stacklets by tag_name and region, and volumes by region', async () => {
      await start({ extraStacklets: 40 });
      const names = async (query: string): Promise<string[]> =>
        ((await get(emu, `/v1/stacklets?${query}`)).json.stacklets as Json[]).map((s) => s.name);
      assert.deepEqual(await names('tag_name=web'), ['web-1', 'web-2', 'staging-1', 'blog']);
      assert.deepEqual(await names('tag_name=production&region=fra'), ['web-1', 'web-2', 'db-1']);
      assert.deepEqual(await names('region=sgp&tag_name=blog'), ['blog']);
      const bench = (await get(emu, '/v1/stacklets?tag_name=bench&per_page=15&page=2')).json;
      assert.equal(bench.meta.pagination.total, 40);
      assert.equal(bench.stacklets[0].name, 'bench-00016');
      const vols = (await get(emu, '/v1/volumes?region=ams')).json.volumes as Json[];
      assert.deepEqual(vols.map((v) => v.name), ['scratch']);
    });

    it('honours the paging quirks', async () => {
      await start({ extraStacklets: 60, quirks: { ignorePage: true } });
      const page2 = (await get(emu, '/v1/stacklets?page=2')).json;
      assert.equal(page2.meta.pagination.current_page, 1);
      assert.equal(page2.stacklets[0].id, 1001);
      emu.configure({ quirks: { ignorePage: false, ignorePerPage: true } });
      const per = (await get(emu, '/v1/stacklets?per_page=100&page=2')).json;
      assert.equal(per.meta.pagination.per_page, 25);
      assert.equal(per.meta.pagination.current_page, 2);
      assert.equal(per.stacklets.length, 25);
    });

    it('answers 404 on the firewall /rules endpoints with the quirk on', async () => {
      await start({ quirks: { noFirewallRulesEndpoints: true } });
      const fw = (await get(emu, '/v1/firewalls')).json.firewalls[0];
      const res = await call(emu, 'POST', `/v1/firewalls/${fw.uuid}/rules`, { inbound_rules: [{ address: '1.2.3.4' }] });
      assert.equal(res.status, 404);
      assert.equal((await call(emu, 'DELETE', `/v1/firewalls/${fw.uuid}/rules`, { inbound_rules: [fw.inbound_rules[0]] })).status, 404);
      assert.equal(emu.stats().applied.length, 0);
    });

    it('computes tags from the stacklets', async () => {
      await start();
      const tags = (await get(emu, '/v1/tags')).json.tags as Json[];
      assert.deepEqual(tags.find((t) => t.name === 'web'), { name: 'web', resources: { count: 4 } });
      assert.deepEqual(tags.find((t) => t.name === 'db'), { name: 'db', resources: { count: 1 } });
    });

    it('tags a stacklet with POST /v1/tags/:name/resources, a new tag included, and refuses what it cannot tag', async () => {
      await start();
      const blog = ((await get(emu, '/v1/stacklets')).json.stacklets as Json[]).find((s) => s.name === 'blog');
      const res = await call(emu, 'POST', '/v1/tags/edge%3Acdn/resources', { id: blog.id, type: 'stacklet' });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json.resources, [{ id: blog.id, ipv4_address: blog.networks.v4[0].address, name: 'blog', status: 'active', tags: ['web', 'blog', 'edge:cdn'], type: 'stacklet' }]);
      assert.deepEqual((await get(emu, `/v1/stacklets/${blog.id}`)).json.stacklet.tags, ['web', 'blog', 'edge:cdn']);
      assert.deepEqual(emu.stats().applied.map((a) => a.kind), ['tag.resources.add']);
      // Tagging again changes nothing; a stacklet of nobody or another type is refused naming the field, a name no tag can have is not found.
      assert.equal((await call(emu, 'POST', '/v1/tags/web/resources', { id: blog.id, type: 'stacklet' })).status, 200);
      for (const [path, body, field] of [
        ['/v1/tags/web/resources', { id: 999999, type: 'stacklet' }, 'id'],
        ['/v1/tags/web/resources', { id: blog.id, type: 'volume' }, 'type'],
      ] as const) {
        const refused = await call(emu, 'POST', path, body);
        assert.equal(refused.status, 422, `${path} ${JSON.stringify(body)}: ${refused.text}`);
        assert.equal(refused.json.errors[0].field, field);
      }
      const badName = await call(emu, 'POST', '/v1/tags/a%2Cb/resources', { id: blog.id, type: 'stacklet' });
      assert.deepEqual([badName.status, badName.json.message], [422, "tag a,b: must not contain ','"]);
      assert.equal(emu.stats().applied.length, 1);
    });
  });

  describe('demo data', () => {
    const lists: Array<[string, string, z.ZodMiniType]> = [
      ['/v1/stacklets', 'stacklets', S.Stacklet],
      ['/v1/snapshots', 'snapshots', S.Snapshot],
      ['/v1/stacklets/1001/snapshots', 'snapshots', S.Snapshot],
      ['/v1/backups', 'backups', S.Backup],
      ['/v1/volumes', 'volumes', S.Volume],
      ['/v1/firewalls', 'firewalls', S.Firewall],
      ['/v1/load_balancers', 'load_balancers', S.LoadBalancer],
      ['/v1/kubernetes', 'kubernetes_clusters', S.KubernetesCluster],
      ['/v1/vpcs', 'vpcs', S.Vpc],
      ['/v1/userdata', 'userdata', S.Userdata],
      ['/v1/sizes', 'sizes', S.Size],
      ['/v1/regions', 'regions', S.Region],
      ['/v1/distributions', 'distributions', S.Distribution],
      ['/v1/applications', 'applications', S.Application],
      ['/v1/containers', 'containers', S.ContainerFamily],
      ['/v1/ssh_keys', 'ssh_keys', S.SshKey],
      ['/v1/tags', 'tags', S.Tag],
    ];

    it('validates every list of the demo account against src/api/schemas.ts', async () => {
      await start();
      for (const [path, key, schema] of lists) {
        const body = (await get(emu, path)).json;
        assert.ok(Array.isArray(body[key]) && body[key].length > 0, `${path} has items under ${key}`);
        for (const item of body[key]) {
          const parsed = schema.safeParse(item);
          assert.ok(parsed.success, `${path}: ${JSON.stringify(parsed.error?.issues)}`);
        }
        assert.ok(S.Meta.safeParse(body.meta).success, `${path} meta`);
      }
      const profile = (await get(emu, '/v1/account/profile')).json.profile;
      assert.ok(S.Profile.safeParse(profile).success);
    });

    it('seeds a realistic estate: statuses, networks, links, timestamps', async () => {
      await start();
      const stacklets = (await get(emu, '/v1/stacklets')).json.stacklets as Json[];
      assert.deepEqual([...new Set(stacklets.map((s) => s.status))].sort(), ['active', 'off']);
      assert.ok(new Set(stacklets.map((s) => s.region.slug)).size >= 3);
      for (const s of stacklets) {
        assert.match(s.created_at, TIMESTAMP);
        assert.deepEqual(s.networks.v4.map((n: Json) => n.type), ['public', 'private']);
        assert.equal(s.networks.v6.length, 1);
      }
      const firewall = (await get(emu, '/v1/firewalls')).json.firewalls[0];
      for (const id of firewall.resources.stacklet_ids) {
        assert.equal(stacklets.find((s) => s.id === id).firewall_uuid, firewall.uuid);
      }
      assert.ok(firewall.project.id && firewall.project.name);
      const cluster = (await get(emu, '/v1/kubernetes')).json.kubernetes_clusters[0];
      assert.equal(cluster.node_pools[0].nodes.length, 3);
      assert.ok(cluster.node_pools[0].size.category);
      const containers = (await get(emu, '/v1/containers')).json.containers as Json[];
      const images = containers.flatMap((c) => c.images);
      assert.ok(images.some((i) => i.id === undefined) && images.some((i) => typeof i.id === 'number'));
      assert.ok(images.every((i) => /^\d+\.\d{4}$/.test(i.extra_price)));
      const regions = (await get(emu, '/v1/regions')).json.regions as Json[];
      assert.ok(regions.some((r) => !r.available));
      assert.ok(regions.some((r) => !r.features.includes('kubernetes')));
      const volumes = (await get(emu, '/v1/volumes')).json.volumes as Json[];
      assert.ok(volumes.some((v) => v.stacklet) && volumes.some((v) => v.stacklet === null));
      const vpc = (await get(emu, '/v1/vpc')).json.vpcs[0];
      assert.ok(Array.isArray(vpc.stacklet_ids) && vpc.stacklet_ids.length === 3);
      assert.equal((await get(emu, '/v1/userdata')).json.userdata.length, 2);
      assert.ok((await get(emu, '/v1/backups')).json.backups.length >= 2);
    });

    it('starts empty with seed: empty', async () => {
      await start({ seed: 'empty' });
      for (const [path, key] of lists.filter(([p]) => !/sizes|regions|distributions|applications|containers|\/1001\//.test(p))) {
        assert.equal((await get(emu, path)).json[key].length, 0, path);
      }
      assert.ok((await get(emu, '/v1/sizes')).json.sizes.length >= 8);
    });
  });

  describe('control endpoints', () => {
    it('are absent without control: true', async () => {
      await start();
      assert.equal((await get(emu, '/_emulator/stats', null)).status, 404);
    });

    it('report stats, reset them, add accounts, change config and list recent requests without tokens', async () => {
      await start({ control: true });
      await get(emu, '/v1/stacklets');
      await call(emu, 'POST', '/v1/stacklets/1001', { action: 'power_off' });
      const stats = (await get(emu, '/_emulator/stats', null)).json;
      assert.equal(stats.requestCount['GET /v1/stacklets'], 1);
      assert.equal(stats.requestCount['POST /v1/stacklets/:id'], 1);
      assert.deepEqual(stats.applied.map((a: Json) => [a.method, a.path, a.kind]), [['POST', '/v1/stacklets/1001', 'stacklet.power_off']]);
      const recent = await get(emu, '/_emulator/requests?limit=1', null);
      assert.equal(recent.json.requests.length, 1);
      assert.deepEqual(recent.json.requests[0].body, { action: 'power_off' });
      assert.ok(!recent.text.includes(DEMO_TOKEN) && !JSON.stringify(stats).includes(DEMO_TOKEN));
      assert.equal((await call(emu, 'POST', '/_emulator/reset-stats', {}, null)).status, 204);
      assert.equal(emu.stats().requests.length, 0);

      const added = await call(emu, 'POST', '/_emulator/accounts', { token: 'stk_control_added_1', seed: 'demo' }, null);
      assert.equal(added.status, 201);
      assert.ok(!added.text.includes('stk_control_added_1'));
      assert.equal((await get(emu, '/v1/stacklets', 'stk_control_added_1')).json.stacklets.length, 6);
      assert.equal((await call(emu, 'POST', '/_emulator/accounts', { token: 'stk_control_added_1' }, null)).status, 409);

      // A backup taken as the service's schedule would, on an account named by its e-mail; bad bodies name the field.
      const db1 = (await get(emu, '/v1/stacklets', 'stk_control_added_1')).json.stacklets.find((s: Json) => s.name === 'db-1');
      const backups = async () => (await get(emu, '/v1/backups', 'stk_control_added_1')).json.backups.length;
      const before = await backups();
      const added2 = await call(emu, 'POST', '/_emulator/accounts', { token: 'stk_control_added_2', email: 'backups@stacklet.example', seed: 'demo' }, null);
      assert.equal(added2.status, 201);
      const other = (await get(emu, '/v1/stacklets', 'stk_control_added_2')).json.stacklets.find((s: Json) => s.name === 'db-1');
      const taken = await call(emu, 'POST', '/_emulator/backups', { email: 'backups@stacklet.example', stacklet_id: other.id }, null);
      assert.equal(taken.status, 201);
      assert.equal(taken.json.backup.stacklet.id, other.id);
      assert.ok((await get(emu, `/v1/stacklets/${other.id}`, 'stk_control_added_2')).json.stacklet.backup_ids.includes(taken.json.backup.id));
      assert.equal(await backups(), before, 'the other account keeps its backups');
      for (const [body, field] of [[{ email: 'nobody@stacklet.example', stacklet_id: other.id }, 'email'], [{ email: 'backups@stacklet.example', stacklet_id: db1.id }, 'stacklet_id'], [{ email: 'backups@stacklet.example' }, 'stacklet_id']] as const) {
        const refused = await call(emu, 'POST', '/_emulator/backups', body, null);
        assert.equal(refused.status, 422, JSON.stringify(body));
        assert.equal(refused.json.errors[0].field, field);
      }

      const config = await call(emu, 'POST', '/_emulator/config', { latencyMs: 5, quirks: { ignorePage: true } }, null);
      assert.equal(config.json.config.latencyMs, 5);
      assert.equal(config.json.config.quirks.ignorePage, true);
      const bad = await call(emu, 'POST', '/_emulator/config', { faultKinds: ['meteor'] }, null);
      assert.equal(bad.status, 422);
      assert.equal(bad.json.errors[0].field, 'faultKinds[0]');
      const sideways = await call(emu, 'POST', '/_emulator/config', { quirks: { trailingSlash: 'sideways' } }, null);
      assert.equal(sideways.status, 422);
      assert.equal(sideways.json.errors[0].field, 'quirks.trailingSlash');
      assert.equal((await call(emu, 'POST', '/_emulator/config', { quirks: { trailingSlash: 'redirect' } }, null)).json.config.quirks.trailingSlash, 'redirect');
      assert.equal((await call(emu, 'GET', '/v1/stacklets')).status, 301);
      assert.equal((await call(emu, 'GET', '/v1/stacklets/')).status, 200);
    });
  });

  describe('lifecycle', () => {
    it('close() resolves fast with a keep-alive connection and a hanging request open', async () => {
      await start({ faultRate: 1, faultKinds: ['hang'], hangMs: 60_000 });
      const hanging = get(emu, '/v1/stacklets').catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      await emu.close();
      assert.ok(Date.now() - started < 1000, 'closed within a second');
      assert.ok((await hanging) instanceof Error);
    });

    it('takes a free port with port 0 and refuses bad options', async () => {
      await start();
      assert.ok(emu.port > 0);
      assert.equal(emu.url, `http://127.0.0.1:${emu.port}`);
      await assert.rejects(startEmulator({ port: 0, faultRate: 2 }), /faultRate/);
      await assert.rejects(startEmulator({ port: 0, faultKinds: ['nope' as never] }), /faultKinds/);
      assert.throws(() => emu.configure({ latencyMs: -1 }), /latencyMs/);
    });
  });
});
