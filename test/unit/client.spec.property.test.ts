// Property tests of the tolerant reader, generated from the specification (specAnswers.ts): for every operation
// of the specification (and the documented backups and snapshots listings), answers with every listed field in
// its type, optional fields absent or null, unknown keys at every level and nested objects of any shape are
// served over real HTTP on 127.0.0.1 and read through the client. Required: no answer is rejected, no item
// becomes a problem, every resource comes back under its identifier, and every value that was sent in its
// listed type is read as it was sent (a reader that quietly dropped one would pass the first checks). Then
// answers whose top level cannot be read: the client's own ApiError (invalid-response), and nothing else.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { StackletClient, type ListResult } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import * as spec from './support/specAnswers';
import { crashRecorder, scriptedServer, type Json } from './support/helpers';

const RUNS_PER_OPERATION = 120;

type Shape = 'one' | 'list' | 'array';

interface Operation {
  /** The operation as the specification (or the documentation) writes it. */
  readonly name: string;
  readonly shape: Shape;
  /** The envelope key of the answer. */
  readonly key: string;
  readonly answer: fc.Arbitrary<spec.Answer>;
  readonly invoke: (client: StackletClient) => Promise<unknown>;
  /** The identifier the client keys this resource by. */
  readonly idOf: (value: Json) => string | number;
}

const byId = (value: Json) => value.id;
const byUuid = (value: Json) => value.uuid;
const byName = (value: Json) => value.name;

function one(name: string, key: string, resource: fc.Arbitrary<Json>, idOf: (value: Json) => string | number, invoke: Operation['invoke']): Operation {
  return { name, shape: 'one', key, answer: spec.single(key, resource, idOf), invoke, idOf };
}

function many(name: string, key: string, item: fc.Arbitrary<Json>, idOf: (value: Json) => string | number, invoke: Operation['invoke'], shape: Shape = 'list'): Operation {
  return { name, shape, key, answer: spec.listing(key, item, idOf, shape === 'list'), invoke, idOf };
}

const STACKLET_ACTIONS: readonly [string, (c: StackletClient) => Promise<unknown>][] = [
  ['resize', (c) => c.resizeStacklet(1001, 'b-2vcpu-4gb', true)],
  ['rebuild', (c) => c.rebuildStacklet(1001, 'ubuntu-22-04-x64')],
  ['enable_private_networking', (c) => c.enablePrivateNetworking(1001)],
  ['snapshot', (c) => c.snapshotStacklet(1001, 'snap')],
  ['reset_password', (c) => c.resetPassword(1001)],
];

const OPERATIONS: readonly Operation[] = [
  one('POST /v1/firewalls', 'firewall', spec.firewall, byUuid, (c) => c.createFirewall({ name: 'fw', inbound_rules: [{ address: '192.0.2.1' }], outbound_rules: [] })),
  one('PUT /v1/firewalls/:uuid', 'firewall', spec.firewall, byUuid, (c) => c.renameFirewall('f-1', 'renamed')),
  one('POST /v1/kubernetes', 'kubernetes', spec.cluster, byUuid, (c) =>
    c.createKubernetesCluster({ name: 'k', version: '1.29.1-00', region: 'fra', node_pool: { name: 'p', size: 'b-2vcpu-4gb', count: 2 } })),
  one('PUT /v1/kubernetes', 'kubernetes', spec.cluster, byUuid, (c) => c.renameKubernetesCluster('k-1', 'renamed')),
  many('PUT /v1/kubernetes/:uuid/node_pools/:pool_id', 'node_pools', spec.nodePool, byId, (c) => c.updateNodePool('k-1', 'p-1', { name: 'p', count: 3 }), 'array'),
  many('GET /v1/containers', 'containers', spec.container, byName, (c) => c.listContainers()),
  one('POST /v1/load_balancers', 'load_balancer', spec.loadBalancer, byUuid, (c) =>
    c.createLoadBalancer({ name: 'lb', region: 'fra', algorithm: 'round_robin', rules: [{ protocol: 'http', source_port: 80, target_port: 80 }], health: { protocol: 'tcp', port: 80 } })),
  many('GET /v1/stacklets?tag_name=', 'stacklets', spec.stacklet, byId, (c) => c.listStacklets({ tagName: 'web' })),
  ...STACKLET_ACTIONS.map(([action, invoke]) => one(`POST /v1/stacklets/:id (${action})`, 'stacklet', spec.stacklet, byId, invoke)),
  many('GET /v1/volumes', 'volumes', spec.volume, byId, (c) => c.listVolumes()),
  one('PUT /v1/volumes/:id (resize)', 'volume', spec.volume, byId, (c) => c.resizeVolume('v-1', 200)),
  many('GET /v1/userdata', 'userdata', spec.userdata, byUuid, (c) => c.listUserdata()),
  one('POST /v1/snapshots/:id (transfer)', 'snapshot', spec.snapshot, byId, (c) => c.transferSnapshot(7, 'ams')),
  one('POST /v1/snapshots/:id (rename)', 'snapshot', spec.snapshot, byId, (c) => c.renameSnapshot(7, 'renamed')),
  one('POST /v1/vpcs', 'vpc', spec.vpc, byUuid, (c) => c.createVpc({ name: 'v', cidr: '10.10.0.0/16', region: 'fra' })),
  one('GET /v1/account/profile', 'profile', spec.profile, byUuid, (c) => c.getProfile()),
  // Documented beside the specification (service notes §3, §4): the shapes of its snapshot and the backups.
  many('GET /v1/snapshots', 'snapshots', spec.snapshot, byId, (c) => c.listSnapshots()),
  many('GET /v1/backups', 'backups', spec.backup, byId, (c) => c.listBackups()),
];

/** The resources the client gave back, in order. */
function resourcesRead(operation: Operation, value: unknown): Json[] {
  if (operation.shape === 'one') return [value];
  if (operation.shape === 'array') return value as Json[];
  const result = value as ListResult<Json>;
  assert.equal(result.problems, undefined, `${operation.name}: problems ${JSON.stringify(result.problems)}`);
  return result.items;
}

/**
 * Values the reader changes on purpose, so they are not compared as sent: lists the specification types only
 * as "array" (whole-number identifiers are kept), the bare-array form of a firewall's `resources`, the VPC's
 * misspelt `stackelt_ids` (read as `stacklet_ids`) and the profile's limits (normalised; checked apart).
 */
function readDifferently(key: string, sent: Json): boolean {
  return key === 'backup_ids' || key === 'stackelt_ids' || key === 'limits' ||
    (key === 'stacklet_ids' && Array.isArray(sent) && !sent.every(Number.isSafeInteger)) || (key === 'resources' && Array.isArray(sent));
}

/** Every value of `sent` (the parsed answer) is in `read` as it was sent; null (an optional field left empty) may read as anything. */
function assertReadAsSent(sent: Json, read: Json, path: string): void {
  if (sent === null) return;
  if (Array.isArray(sent)) {
    assert.ok(Array.isArray(read) && read.length === sent.length, `${path}: sent ${JSON.stringify(sent)}, read ${JSON.stringify(read)}`);
    sent.forEach((entry, index) => assertReadAsSent(entry, read[index], `${path}[${index}]`));
  } else if (typeof sent === 'object') {
    assert.ok(read !== null && typeof read === 'object', `${path}: sent ${JSON.stringify(sent)}, read ${JSON.stringify(read)}`);
    for (const [key, value] of Object.entries(sent)) {
      if (!readDifferently(key, value)) assertReadAsSent(value, read[key], `${path}.${key}`);
    }
  } else {
    assert.equal(read, sent, path);
  }
}

/** The limit the specification shows, `stacklets → {available, used}`, is read as sent. */
function assertLimits(sent: Json, read: Json): void {
  const stacklets = sent?.limits?.stacklets;
  if (stacklets && typeof stacklets === 'object') {
    for (const field of ['available', 'used']) {
      if (typeof stacklets[field] === 'number') assert.equal(read.limits.stacklets[field], stacklets[field], `limits.stacklets.${field}`);
    }
  }
}

/** Answers whose top level cannot be read: the wrong JSON type, no envelope key, an envelope key of the wrong type. */
function unreadable(operation: Operation): fc.Arbitrary<string> {
  const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 12 }));
  const wrongType = operation.shape === 'one' ? fc.oneof(scalar, fc.array(spec.anyJson, { maxLength: 2 })) : scalar;
  const noKey = fc.dictionary(fc.constantFrom('data', 'result', 'items', 'message'), spec.anyJson, { maxKeys: 2 });
  const keyOfWrongType = (operation.shape === 'one' ? fc.oneof(scalar, fc.array(spec.anyJson, { maxLength: 2 })) : fc.oneof(scalar, fc.dictionary(fc.string({ maxLength: 6 }), spec.anyJson, { maxKeys: 2 })))
    .map((value) => ({ [operation.key]: value }));
  return fc.oneof(wrongType, noKey, keyOfWrongType).map((body) => JSON.stringify(body));
}

describe('StackletClient: property tests generated from the specification (fast-check)', function () {
  this.timeout(300_000);
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  let client: StackletClient;

  before(async () => {
    server = await scriptedServer();
    client = new StackletClient({ baseUrl: server.url, token: 'stk_spec_property_token', retry: { maxAttempts: 1 }, requestTimeoutMs: 5000 });
  });
  after(async () => {
    await client.dispose();
    await server.close();
  });

  it(`${OPERATIONS.length} operations × ${RUNS_PER_OPERATION} answers the specification allows: none rejected, every resource read under its identifier`, async () => {
    const recorder = crashRecorder();
    const started = Date.now();
    let answers = 0;
    let resources = 0;
    try {
      for (const operation of OPERATIONS) {
        await fc.assert(
          fc.asyncProperty(operation.answer, async (answer) => {
            server.reply = { status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify(answer.body) };
            let value: unknown;
            try {
              value = await operation.invoke(client);
            } catch (error) {
              assert.fail(`${operation.name} rejected an answer the specification allows: ${String(error)}`);
            }
            const read = resourcesRead(operation, value);
            assert.deepEqual(read.map(operation.idOf), answer.ids, operation.name);
            const sent = JSON.parse(JSON.stringify(answer.body[operation.key])) as Json;
            (operation.shape === 'one' ? [sent] : (sent as Json[])).forEach((resource, index) => {
              assertReadAsSent(resource, read[index], `${operation.name} ${operation.key}`);
              if (operation.key === 'profile') assertLimits(resource, read[index]);
            });
            answers++;
            resources += answer.ids.length;
          }),
          { numRuns: RUNS_PER_OPERATION, seed: 0x5bec },
        );
      }
    } finally {
      recorder.stop();
    }
    console.log(`      ${answers} answers (${resources} resources) of ${OPERATIONS.length} operations read in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.equal(answers, OPERATIONS.length * RUNS_PER_OPERATION);
    assert.deepEqual(recorder.crashes.map(String), []);
  });

  it('answers whose top level cannot be read: the client\'s own ApiError (invalid-response), nothing else', async () => {
    let answers = 0;
    for (const operation of OPERATIONS) {
      await fc.assert(
        fc.asyncProperty(unreadable(operation), async (text) => {
          server.reply = { status: 200, headers: { 'content-type': 'application/json' }, text };
          try {
            await operation.invoke(client);
          } catch (error) {
            assert.ok(error instanceof ApiError, `${operation.name} threw ${String(error)} for ${text}`);
            assert.equal(error.kind, 'invalid-response', `${operation.name}: ${error.message}`);
            answers++;
            return;
          }
          assert.fail(`${operation.name} read ${text}`);
        }),
        { numRuns: 30, seed: 0x5bec },
      );
    }
    assert.equal(answers, OPERATIONS.length * 30);
  });
});
