// npm run provision: installs what the test harness needs when it is missing (idempotent; see test/harness/provision.ts).
import harness from '../out/test/harness/provision.js';

const started = Date.now();
try {
  const { paths, oldest, steps } = await harness.provision();
  console.log(`[provision] done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${steps.map((s) => `${s.name} ${s.outcome} ${(s.ms / 1000).toFixed(1)} s`).join(', ')}`);
  console.log(`[provision] code-server ${harness.CODE_SERVER_VERSION}: ${paths.codeServerDir}`);
  console.log(`[provision] Node ${harness.NODE_VERSION}: ${paths.nodeBin}`);
  console.log(`[provision] oldest editor, code-server ${oldest.editor.codeServer} (VS Code ${oldest.editor.vscode}): ${oldest.codeServerDir}, with Node ${oldest.editor.node}`);
  console.log(`[provision] Chromium: ${paths.chromium}`);
} catch (e) {
  console.error(`[provision] ${e instanceof Error && e.name === 'HarnessError' ? e.message : (e?.stack ?? e)}`);
  process.exit(1);
}
