// npm start: the packaged extension in a real VS Code (code-server) against the emulator with its demo data.
//
//   npm start                       code-server on http://127.0.0.1:8080
//   npm start -- --port 9000        another port
//   npm start -- --emulator-port 3000   (default 8787: the same address every time, so the account a browser
//                                        signed in with last time still works)
//
// The npm script compiles the harness and packages the VSIX first. The user settings of a fresh profile point
// "stacklet.apiUrl" at the emulator; the demo token is printed here and written nowhere. The extension host learns
// the emulator's URL and (public) demo token from its environment, so that Try the Local Emulator signs in to this
// emulator rather than starting a second one. Ctrl-C stops everything.
// 127.0.0.1 is open to every local process, so code-server asks for a password made for this run (printed
// below, written nowhere), and workspace trust stays on.
import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import processes from '../out/test/harness/processes.js';
import provision from '../out/test/harness/provision.js';
import workbench from '../out/test/harness/workbench.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0 || value > 65535) fail(`${name} needs a port number, got "${process.argv[at + 1] ?? ''}"`);
  return value;
}

function fail(message) {
  console.error(`[start] ${message}`);
  process.exit(1);
}

if (process.argv.includes('--help')) {
  console.log('npm start [-- --port <code-server port, default 8080>] [--emulator-port <port, default 8787>]');
  process.exit(0);
}
const port = option('--port', 8080);
// A stable address: the account signed in to last time (its URL is remembered) reaches the emulator again.
const emulatorPort = option('--emulator-port', 8787);

/** Fails early with a clear message instead of a code-server crash when the port is taken. */
async function requireFreePort(p, flag = '--port') {
  if (p === 0) return;
  await new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e) => reject(e));
    probe.listen(p, '127.0.0.1', () => probe.close(resolve));
  }).catch((e) => fail(`port ${p} on 127.0.0.1 is not available (${e.code ?? e.message}); choose another with: npm start -- ${flag} <n>`));
}

try {
  // quiet when everything is present already
  await provision.provision((line) => (/…$|already present|^\[provision\] (code-server|Node|Chromium)/.test(line) ? undefined : console.log(line)));
} catch (e) {
  fail(e.message);
}
await requireFreePort(port);
await requireFreePort(emulatorPort, '--emulator-port');

const password = randomBytes(18).toString('base64url');
let session;
try {
  session = await workbench.startWorkbenchServer({
    kind: 'start',
    emulatorControl: false,
    port,
    emulatorPort,
    gallery: true,
    password,
    workspaceTrust: true,
    announceEmulator: true,
    // A person tries agent mode here (docs/agents.md); only the tests' windows turn AI features off.
    aiFeatures: true,
    onEmulatorLine: (line) => console.log(`[emulator] ${line}`),
  });
} catch (e) {
  fail(e.message);
}

let stopping = false;
async function stop(code, why) {
  if (stopping) return;
  stopping = true;
  if (why) console.error(`[start] ${why}`);
  console.log('[start] stopping code-server and the emulator…');
  try {
    await session.close(); // bounded; checks that none of their processes is left
    console.log('[start] stopped; nothing left running');
  } catch (e) {
    console.error(`[start] ${e.message}`);
    code = code || 1;
  }
  process.exit(code);
}
processes.onInterrupt(() => stop(130));

const { server, emulator, run } = session;
console.log(`
  Stacklet Cloud in VS Code ${provision.VSCODE_VERSION} (code-server ${provision.CODE_SERVER_VERSION}), extension installed from ${path.relative(root, workbench.VSIX_PATH)}

    Open       ${session.address}
    Password   ${password}   (asked for by code-server; made for this run, stored nowhere)
    Emulator   ${emulator.url}   (user setting "stacklet.apiUrl")
    Demo token ${emulator.demoToken}   (Try the Local Emulator signs in with it; or paste it when Stacklet: Sign In asks)
    Logs       ${run.artifacts}

  Press Ctrl-C to stop.
`);

const exited = await Promise.race([
  server.exited.then((c) => `code-server exited on its own (code ${c}); log: ${server.logFile}\n${processes.tailFile(server.logFile, 40)}`),
  emulator.exited.then((c) => `the emulator exited on its own (code ${c}); log: ${emulator.logFile}\n${processes.tailFile(emulator.logFile, 40)}`),
]);
await stop(1, exited);
