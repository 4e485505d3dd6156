/**
 * undici's package index also loads fetch, WebSocket, mock agents, caches and interceptors (≈ 500 KB once
 * bundled); the client needs only the connection pool, the proxy agent (with the CONNECT request it tunnels
 * through) and their HTTP/1 client, which undici keeps in modules of their own. Typed by undici's own
 * declarations.
 */
declare module 'undici/lib/dispatcher/pool' {
  import type { Pool } from 'undici';
  const PoolClass: typeof Pool;
  export = PoolClass;
}

declare module 'undici/lib/dispatcher/proxy-agent' {
  import type { ProxyAgent } from 'undici';
  const ProxyAgentClass: typeof ProxyAgent;
  export = ProxyAgentClass;
}

/** The one part of WebAssembly used (./undiciParts.ts), which Node has and the ES2022 library does not declare. */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
}

/** The bytes of undici's HTTP parser, the WebAssembly build of llhttp that its HTTP/1 client compiles. */
declare module 'undici/lib/llhttp/llhttp-wasm' {
  const bytes: Buffer;
  export = bytes;
}

/** `Dispatcher.prototype.connect`, which undici's index attaches to every dispatcher. */
declare module 'undici/lib/api/api-connect' {
  import type { Dispatcher } from 'undici';
  const connect: Dispatcher['connect'];
  export = connect;
}
