// The emulator's pure pieces, without a server: paging, routing, the task queue, fault bodies, error paths.
import * as assert from 'node:assert/strict';
import { z } from 'zod';
import { StackletActionBody } from '../../src/api/requests';
import { fieldPath, parseBody } from '../../src/emulator/issueMessages';
import { malformedText, pickFault, wrongShapeBody } from '../../src/emulator/faults';
import { normalisePath, Router } from '../../src/emulator/http';
import { pageMeta, paginate, parsePaging } from '../../src/emulator/pagination';
import { TaskQueue, TASKS } from '../../src/emulator/tasks';

const q = (s: string): URLSearchParams => new URLSearchParams(s);

describe('emulator: pure pieces', () => {
  it('parsePaging: defaults, cap, quirks and refusals', () => {
    assert.deepEqual(parsePaging(q('')), { page: 1, perPage: 25 });
    assert.deepEqual(parsePaging(q('page=3&per_page=50')), { page: 3, perPage: 50 });
    assert.deepEqual(parsePaging(q('per_page=1000')), { page: 1, perPage: 200 });
    assert.deepEqual(parsePaging(q('page=4&per_page=10'), { ignorePage: true, ignorePerPage: true }), { page: 1, perPage: 25 });
    for (const bad of ['page=0', 'page=-1', 'page=1.5', 'page=', 'per_page=x', 'per_page=0']) {
      assert.throws(() => parsePaging(q(bad)), (e: { status: number; errors: Array<{ field: string }> }) => e.status === 422 && bad.startsWith(e.errors[0]!.field + '='), bad);
    }
  });

  it('pageMeta and paginate: first, middle, last, past the end, empty', () => {
    assert.deepEqual(pageMeta(0, { page: 1, perPage: 25 }).pagination, { current_page: 1, next_page: null, pages: 1, per_page: 25, previous_page: null, total: 0 });
    assert.deepEqual(pageMeta(51, { page: 2, perPage: 25 }).pagination, { current_page: 2, next_page: 3, pages: 3, per_page: 25, previous_page: 1, total: 51 });
    assert.deepEqual(pageMeta(50, { page: 2, perPage: 25 }).pagination.next_page, null);
    assert.deepEqual(pageMeta(50, { page: 9, perPage: 25 }).pagination.previous_page, 2);
    const items = Array.from({ length: 7 }, (_, i) => i);
    assert.deepEqual(paginate(items, { page: 3, perPage: 3 }).items, [6]);
    assert.deepEqual(paginate(items, { page: 4, perPage: 3 }).items, []);
  });

  it('Router: params, literal before parameter, 405 with the allowed methods, HEAD as GET', () => {
    const router = new Router<string>()
      .add('GET', '/v1/things', 'list')
      .add('POST', '/v1/things', 'create')
      .add('PUT', '/v1/things/:id/parts', 'parts')
      .add('GET', '/v1/things/:id', 'get');
    const found = router.match('GET', '/v1/things/a%20b');
    assert.equal(found.kind, 'found');
    assert.deepEqual(found.kind === 'found' && found.params, { id: 'a b' });
    assert.equal(router.match('HEAD', '/v1/things').kind, 'found');
    assert.deepEqual(router.match('DELETE', '/v1/things'), { kind: 'method', allow: ['GET', 'HEAD', 'POST'] });
    assert.deepEqual(router.match('GET', '/v1/things/1/parts'), { kind: 'method', allow: ['PUT'] });
    assert.deepEqual(router.match('GET', '/v1/other'), { kind: 'none' });
    assert.deepEqual(router.match('GET', '/v1/things//parts'), { kind: 'none' });
  });

  it('normalisePath: strips the query and one trailing slash', () => {
    assert.deepEqual(normalisePath('/v1/stacklets/?page=2'), { path: '/v1/stacklets', query: 'page=2' });
    assert.deepEqual(normalisePath('/'), { path: '/', query: '' });
  });

  it('TaskQueue: finishes due tasks in order, clears the task first, ids increase', () => {
    const queue = new TaskQueue();
    const a = { task: null as unknown };
    const b = { task: null as unknown };
    const log: string[] = [];
    const ta = queue.start(a as never, TASKS.resize, 0, 100, () => log.push(`a:${String(a.task)}`));
    const tb = queue.start(b as never, TASKS.rebuild, 10, 50, () => log.push('b'));
    assert.ok(tb.id > ta.id);
    assert.deepEqual(ta, { id: ta.id, name: 'resize', description: { progress: 'stacklet is resizing', completed: 'stacklet was resized' } });
    assert.equal(queue.settle(59), 0);
    assert.equal(queue.settle(60), 1);
    assert.equal(queue.settle(1000), 1);
    assert.deepEqual(log, ['b', 'a:null']);
    assert.equal(queue.size, 0);
  });

  it('faults: draws at the rate, malformed text never parses, wrong shape keeps the key', () => {
    assert.equal(pickFault(() => 0.5, 0, ['drop']), undefined);
    assert.equal(pickFault(() => 0.99, 1, ['drop', 'hang']), 'hang');
    for (const json of ['{}', '{"a":1}', JSON.stringify({ stacklets: [{ id: 1 }], meta: null }), '']) {
      assert.throws(() => JSON.parse(malformedText(json)), json);
    }
    assert.deepEqual(wrongShapeBody({ volume: { id: 'x' } }), { volume: 'unexpected' });
    assert.deepEqual(wrongShapeBody(undefined), { result: 'unexpected' });
  });

  it('fieldPath and parseBody: paths with indexes, plain-word messages', () => {
    assert.equal(fieldPath(['inbound_rules', 0, 'port']), 'inbound_rules[0].port');
    assert.equal(fieldPath([]), '');
    const problem = (schema: z.core.$ZodType, value: unknown): unknown => {
      try {
        parseBody(schema, value);
        return undefined;
      } catch (error) {
        return (error as { errors: unknown }).errors;
      }
    };
    assert.deepEqual(problem(StackletActionBody, { action: 'resize', size: 5 }), [{ field: 'size', message: 'must be a string' }]);
    assert.deepEqual(problem(z.object({ n: z.number().int().min(3) }), { n: 1.5 }), [{ field: 'n', message: 'must be a whole number' }]);
    assert.deepEqual(problem(z.object({ n: z.number().min(3) }), { n: 1 }), [{ field: 'n', message: 'must be at least 3' }]);
    assert.deepEqual(problem(z.object({ v: z.union([z.string(), z.number()]) }), { v: true }), [{ field: 'v', message: 'must be a string or a number' }]);
    assert.deepEqual(problem(z.object({ a: z.array(z.string()).max(1) }), { a: ['x', 'y'] }), [{ field: 'a', message: 'must have at most 1 item' }]);
  });
});
