import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkApiUrl } from '../../src/api/apiUrl';
import { HttpTransport, type RequestLogEntry } from '../../src/api/transport';
import { compileHttpParser } from '../../src/api/undiciParts';
import { rejection } from './support/helpers';

const TOKEN = 'stk_test_secret_token_123456';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

/** A scripted HTTP server on 127.0.0.1: each request is answered by the next handler (the last repeats). */
async function scripted(handlers: Handler[]) {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const handler = handlers[Math.min(seen.length - 1, handlers.length - 1)]!;
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const drop: Handler = (req) => req.socket.destroy();

function transport(url: string, extra: Partial<ConstructorParameters<typeof HttpTransport>[0]> = {}) {
  const log: RequestLogEntry[] = [];
  const t = new HttpTransport({
    baseUrl: url, token: TOKEN, retry: { baseDelayMs: 10, maxDelayMs: 2000, budgetMs: 5000 },
    requestTimeoutMs: 2000, onRequest: (e) => log.push(e), random: () => 0.5, ...extra,
  });
  return { t, log };
}


/** A GET the caller cancels `afterMs` into the answer `handler` gives: it ends as 'aborted' and is not sent again. */
async function cancelledDuring(handler: Handler, afterMs: number): Promise<void> {
  const s = await scripted([handler]);
  const { t } = transport(s.url);
  try {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), afterMs);
    const error = await rejection(t.request('GET', '/v1/x', { signal: controller.signal }));
    assert.equal(error.kind, 'aborted');
    assert.equal(s.seen.length, 1);
  } finally {
    await t.close();
    await s.close();
  }
}

describe('HttpTransport', () => {
  it('makes its connection pool for the first request, and a transport closed before any sends nothing', async () => {
    const s = await scripted([json(200, { ok: true })]);
    const { t: unused } = transport(s.url);
    const { t } = transport(s.url);
    try {
      await unused.close();
      const error = await rejection(unused.request('GET', '/v1/x'));
      assert.equal(error.kind, 'network');
      assert.equal(s.seen.length, 0, 'nothing reached the server');
      assert.deepEqual((await t.request('GET', '/v1/x')).json, { ok: true });
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('sends the token and JSON content type, under the base path', async () => {
    const s = await scripted([json(200, { ok: true })]);
    const { t, log } = transport(`${s.url}/api`);
    try {
      const response = await t.request('POST', '/v1/things', { body: { a: 1 }, query: { page: 2, empty: undefined } });
      assert.deepEqual(response.json, { ok: true });
      assert.equal(s.seen[0]!.url, '/api/v1/things?page=2');
      assert.equal(s.seen[0]!.headers.authorization, `Token ${TOKEN}`);
      assert.equal(s.seen[0]!.headers['content-type'], 'application/json');
      assert.equal(s.seen[0]!.body, '{"a":1}');
      assert.equal(log.length, 1);
      assert.ok(!JSON.stringify(log).includes(TOKEN));
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('retries a read on 503 honouring Retry-After, and on 429, 502, 504', async () => {
    const s = await scripted([json(503, { message: 'busy' }, { 'retry-after': '0' }), json(429, {}), json(502, {}), json(200, { done: 1 })]);
    const { t, log } = transport(s.url);
    try {
      assert.deepEqual((await t.request('GET', '/v1/x')).json, { done: 1 });
      assert.equal(s.seen.length, 4);
      assert.deepEqual(log.map((e) => e.status), [503, 429, 502, 200]);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('gives up within its attempt budget with one clear error', async () => {
    const s = await scripted([json(503, { message: 'down for maintenance' })]);
    const { t } = transport(s.url, { retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 50, budgetMs: 1000 } });
    try {
      const error = await rejection(t.request('GET', '/v1/x'));
      assert.equal(s.seen.length, 3);
      assert.equal(error.status, 503);
      assert.equal(error.serviceMessage, 'down for maintenance');
      assert.match(error.message, /down for maintenance \(HTTP 503, GET \/v1\/x\)/);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('does not wait when Retry-After asks for longer than the budget allows', async () => {
    const s = await scripted([json(429, {}, { 'retry-after': '3600' })]);
    const { t } = transport(s.url);
    try {
      const started = Date.now();
      const error = await rejection(t.request('GET', '/v1/x'));
      assert.equal(error.status, 429);
      assert.equal(error.retryAfterSeconds, 3600);
      assert.equal(s.seen.length, 1);
      assert.ok(Date.now() - started < 1000);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('never repeats a POST, PUT or DELETE that may have reached the server', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      for (const handler of [json(503, {}, { 'retry-after': '0' }), drop, json(500, {})]) {
        const s = await scripted([handler, json(200, {})]);
        const { t } = transport(s.url);
        try {
          await rejection(t.request(method, '/v1/x', { body: {} }));
          assert.equal(s.seen.length, 1, `${method} was sent ${s.seen.length} times`);
        } finally {
          await t.close();
          await s.close();
        }
      }
    }
  });

  it('repeats a read after a dropped connection or a truncated body', async () => {
    const truncated: Handler = (_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"things": ['); };
    const s = await scripted([drop, truncated, json(200, { things: [] })]);
    const { t } = transport(s.url);
    try {
      assert.deepEqual((await t.request('GET', '/v1/x')).json, { things: [] });
      assert.equal(s.seen.length, 3);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('reports malformed JSON as an invalid response once retries are spent', async () => {
    const s = await scripted([(_req, res) => { res.writeHead(200); res.end('{oops'); }]);
    const { t } = transport(s.url, { retry: { maxAttempts: 2, baseDelayMs: 1 } });
    try {
      const error = await rejection(t.request('GET', '/v1/x'));
      assert.equal(error.kind, 'invalid-response');
      assert.match(error.message, /malformed JSON/);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('times out a hanging answer and retries reads within the budget', async () => {
    const s = await scripted([() => undefined]);
    const { t } = transport(s.url, { requestTimeoutMs: 150, retry: { maxAttempts: 2, baseDelayMs: 10 } });
    try {
      const error = await rejection(t.request('GET', '/v1/x'));
      assert.equal(error.kind, 'timeout');
      assert.equal(s.seen.length, 2);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('cancels on the caller’s signal without retrying', () => cancelledDuring(() => undefined, 50));

  it('cuts off an answer larger than its cap as it streams, instead of buffering it', async () => {
    let written = 0;
    let closedEarly = false;
    const s = await scripted([(_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', () => (closedEarly = !res.writableFinished));
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        // 64 MB in all unless the client hangs up: it must hang up after about 64 KB.
        while (written < 64 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    }]);
    const { t } = transport(s.url, { maxBodyBytes: 64 * 1024, retry: { maxAttempts: 1 } });
    try {
      const error = await rejection(t.request('GET', '/v1/big'));
      assert.equal(error.kind, 'invalid-response');
      assert.match(error.message, /too large/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok(closedEarly, 'the connection was closed before the server finished');
      assert.ok(written < 8 * 1024 * 1024, `the server wrote ${written} bytes before the client hung up`);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('cancels while the body is still arriving', () =>
    cancelledDuring((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"stacklets": [');
    }, 100));

  it('never follows a redirect, so the token never reaches another origin', async () => {
    const other = await scripted([json(200, { stolen: true })]);
    const s = await scripted([(_req, res) => { res.writeHead(302, { location: `${other.url}/v1/x?from=redirect` }); res.end(); }]);
    const { t } = transport(s.url);
    try {
      const error = await rejection(t.request('GET', '/v1/x'));
      assert.equal(error.kind, 'redirect');
      assert.equal(other.seen.length, 0);
      assert.match(error.message, new RegExp(`redirected to ${other.url.replace(/[.]/g, '\\.')}`));
      assert.ok(!error.message.includes('from=redirect'));
    } finally {
      await t.close();
      await s.close();
      await other.close();
    }
  });

  it('keeps the token out of error messages even when the service echoes it', async () => {
    const s = await scripted([(req, res) => { res.writeHead(401, { 'content-type': 'application/json' }); res.end(JSON.stringify({ message: `bad token ${req.headers.authorization}` })); }]);
    const { t } = transport(s.url);
    try {
      const error = await rejection(t.request('GET', '/v1/x'));
      assert.ok(error.isUnauthorized);
      assert.ok(!error.message.includes(TOKEN));
      assert.ok(!String(error.serviceMessage).includes(TOKEN));
      assert.ok(!JSON.stringify(error).includes(TOKEN));
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('removes the token from the message after decoding it from JSON escapes, as well as from the raw text', async () => {
    const token = 'stk_live/9f8e7d6c5b4a';
    // `\/` and `\u0073`: the raw text holds no copy of the token, the decoded message does.
    const escaped = token.replace('/', '\\/').replace('s', '\\u0073');
    const bodies = [
      `{"message":"token ${escaped} was refused"}`,
      `{"errors":[{"field":"auth","message":"${escaped}"}]}`,
      `{"error":{"message":"${escaped.replace('k', '\\u006b')}"}}`,
      `plain text ${token} refused`,
    ];
    const s = await scripted(bodies.map((body) => (_req, res) => { res.writeHead(403, { 'content-type': 'application/json' }); res.end(body); }));
    const { t } = transport(s.url, { token, retry: { maxAttempts: 1 } });
    try {
      for (const body of bodies) {
        assert.ok(body.includes(token) || !body.includes('stk_live/'), 'the raw body spells the token some way');
        const error = await rejection(t.request('GET', '/v1/x'));
        assert.ok(error.serviceMessage?.includes('••••'), error.serviceMessage);
        for (const text of [error.message, String(error.serviceMessage), JSON.stringify(error)]) assert.ok(!text.includes(token), text);
      }
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('masks the start of a token cut off at the end of a long error body', async () => {
    const cutAt = 64 * 1024;
    const s = await scripted([(_req, res) => { res.writeHead(500); res.end(`${'x'.repeat(cutAt - 12)}${TOKEN} and more`); }]);
    const { t } = transport(s.url, { retry: { maxAttempts: 1 }, maxErrorBodyBytes: cutAt });
    try {
      const error = await rejection(t.request('GET', '/v1/x'));
      assert.ok(!error.message.includes(TOKEN.slice(0, 12)), error.message.slice(-40));
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('compiles undici\'s HTTP parser ahead of the first connection (llhttp\'s module), once; requests then go as before', async () => {
    const parser = compileHttpParser();
    assert.equal(compileHttpParser(), parser, 'kept, and compiled once');
    const exports = (WebAssembly.Module as unknown as { exports(module: unknown): { name: string }[] }).exports(parser).map((e) => e.name);
    assert.ok(exports.includes('llhttp_execute') && exports.includes('llhttp_alloc'), exports.join());
    const s = await scripted([json(200, { ok: true })]);
    const { t } = transport(s.url);
    try {
      assert.deepEqual((await t.request('GET', '/v1/x')).json, { ok: true });
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('reports a refused connection as a network error', async () => {
    const s = await scripted([json(200, {})]);
    await s.close();
    const { t } = transport(s.url, { retry: { maxAttempts: 2, baseDelayMs: 1 } });
    try {
      const error = await rejection(t.request('GET', '/v1/x'));
      assert.equal(error.kind, 'network');
      assert.match(error.message, /connection refused/);
    } finally {
      await t.close();
    }
  });
});

describe('checkApiUrl', () => {
  it('accepts https anywhere and plain http only on loopback', () => {
    assert.equal(checkApiUrl('https://api.example.com').host, 'api.example.com');
    assert.equal(checkApiUrl('http://127.0.0.1:8080').port, '8080');
    assert.equal(checkApiUrl('http://localhost:1').hostname, 'localhost');
    assert.equal(checkApiUrl('http://[::1]:3000').hostname, '[::1]');
    assert.throws(() => checkApiUrl('http://api.example.com'), /Refusing plain http:\/\/ to api\.example\.com/);
    assert.equal(checkApiUrl('http://api.example.com', true).hostname, 'api.example.com');
    assert.throws(() => checkApiUrl('ftp://x'), /must start with https/);
    assert.throws(() => checkApiUrl('not a url'), /not a valid URL/);
    assert.throws(() => checkApiUrl('https://user:pw@api.example.com'), /user name or password/);
  });
});
