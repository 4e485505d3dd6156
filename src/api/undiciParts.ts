/**
 * The parts of undici the client uses (see undiciPool.d.ts). The build makes this module a chunk of its own,
 * dist/chunks/api-undiciParts.mjs, which the dispatcher loads when the first connection is made: its 166 KB,
 * and the Node modules it needs (net, tls), are not parsed while the extension activates.
 */
import Pool = require('undici/lib/dispatcher/pool');
import ProxyAgent = require('undici/lib/dispatcher/proxy-agent');
import connectThrough = require('undici/lib/api/api-connect');

export { Pool, ProxyAgent, connectThrough };
