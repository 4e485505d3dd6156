// A service that sends what a hostile or broken one could: a volume listing whose meta claims any number of
// pages, each item with a name of any size, and error bodies of any size, streamed with backpressure. It counts
// what it wrote, so a test can tell how much the client asked for. The bench runs it in a process of its own
// (`node out/test/unit/support/hostileService.js`, which prints its URL).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileOptions {
  /** The page count `meta.pagination.pages` claims. */
  readonly claimedPages: number;
  readonly itemsPerPage: number;
  /** Characters of each item's name. */
  readonly nameChars: number;
}

/** What the service answers to any other request: a test sets it before each call. */
export interface HostileAnswer {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
}

export interface HostileService {
  readonly url: string;
  /** Listing pages answered, and bytes of error bodies written. */
  readonly served: { pages: number; errorBytes: number };
  /** The answer to any path but the two above (404 while unset), written whole, however much the client reads. */
  answer: HostileAnswer | undefined;
  close(): Promise<void>;
}

const CHUNK = 64 * 1024;

function volumePage(page: number, options: HostileOptions, name: string): string {
  const volumes = Array.from({ length: options.itemsPerPage }, (_, i) => ({
    id: `vol-${page}-${i}`,
    name: `${page}-${i}-${name}`,
    region: { slug: 'fra' },
    size_gigabytes: 1,
  }));
  const pagination = { current_page: page, pages: options.claimedPages, per_page: options.itemsPerPage, next_page: page + 1, previous_page: page > 1 ? page - 1 : null, total: options.claimedPages * options.itemsPerPage };
  return JSON.stringify({ volumes, links: {}, meta: { total: pagination.total, pagination } });
}

/** Writes `{"message":"xxx…"}` of `bytes` bytes with `status`, chunk by chunk, as long as the client reads. */
function errorBody(res: http.ServerResponse, status: number, bytes: number, served: HostileService['served']): void {
  const head = '{"message":"';
  const tail = '"}';
  const total = Math.max(bytes, head.length + tail.length);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(total) });
  const filler = Buffer.alloc(CHUNK, 'x');
  let written = 0;
  const pump = (): void => {
    while (written < total && !res.destroyed) {
      const room = total - written - tail.length;
      const piece = written === 0 ? Buffer.from(head) : room > CHUNK ? filler : Buffer.from(`${'x'.repeat(room)}${tail}`);
      written += piece.length;
      served.errorBytes += piece.length;
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

export async function startHostileService(options: HostileOptions, port = 0): Promise<HostileService> {
  const served = { pages: 0, errorBytes: 0 };
  const name = 'n'.repeat(options.nameChars);
  let answer: HostileAnswer | undefined;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hostile');
    if (url.pathname === '/v1/volumes') {
      served.pages++;
      const text = volumePage(Number(url.searchParams.get('page') ?? 1), options, name);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
      res.end(text);
    } else if (url.pathname === '/v1/error') {
      errorBody(res, Number(url.searchParams.get('status') ?? 500), Number(url.searchParams.get('bytes') ?? 0), served);
    } else if (answer) {
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' });
      res.end(answer.body);
    } else {
      res.writeHead(404).end();
    }
  });
  // A client that stops reading resets the connection; that is what it should do here.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    get answer() {
      return answer;
    },
    set answer(value) {
      answer = value;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

if (require.main === module) {
  const [claimedPages, itemsPerPage, nameChars] = process.argv.slice(2).map(Number);
  void startHostileService({ claimedPages: claimedPages ?? 1e9, itemsPerPage: itemsPerPage ?? 1, nameChars: nameChars ?? 1024 * 1024 }).then((service) => {
    process.stdout.write(`Hostile service listening on ${service.url}\n`);
    process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
  });
}
