/**
 * undici's package index also loads fetch, WebSocket, mock agents, caches and interceptors (≈ 500 KB once
 * bundled); the client needs only the connection pool, which undici keeps in its own module. Typed by
 * undici's own declaration of the class.
 */
declare module 'undici/lib/dispatcher/pool' {
  import type { Pool } from 'undici';
  const PoolClass: typeof Pool;
  export = PoolClass;
}
