// npm run screenshots: runs the e2e tier against a fresh artifacts folder and copies the steps that show the
// extension best into media/screenshots/, the pictures the README uses. Their names are the e2e step names.
//   npm run screenshots -- --from .test-runs   takes them from the newest runs there instead of running e2e again
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/**
 * e2e run kind → step screenshots to keep, by the step's name as the step runner writes it (`NN-<step name>.png`,
 * matched without its number, so adding a step before one does not lose its picture) → the picture's name.
 */
const PICKS = {
  // The demo account as a newcomer meets it: Try the Local Emulator, the account said once, Stacklets given the room.
  'e2e-local-emulator': {
    'see-the-account-once-and-every-header-and-stacklet-row-whole': 'sidebar.png',
  },
  'e2e-explorer': {
    'view-properties-of-web-1': 'view-properties.png',
  },
  'e2e-actions': {
    'see-stacklet-is-resizing-in-the-status-bar': 'resize-in-progress.png',
    'show-the-port-70000-diagnostic-in-the-problems-panel': 'firewall-diagnostic.png',
  },
  'e2e-walkthrough': {
    'explore-from-the-walkthrough': 'walkthrough.png',
  },
};

const fromArg = process.argv.indexOf('--from');
const from = fromArg >= 0 ? path.resolve(root, process.argv[fromArg + 1] ?? '.test-runs') : undefined;
const artifacts = from ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stacklet-screenshots-'));
const run = from ? { status: 0 } : spawnSync('npm', ['run', 'test:e2e'], { cwd: root, stdio: 'inherit', env: { ...process.env, STACKLET_ARTIFACTS_DIR: artifacts } });
const target = path.join(root, 'media', 'screenshots');
fs.mkdirSync(target, { recursive: true });
let copied = 0;
// Newest first, so that with --from the latest run of each kind gives its pictures.
const done = new Set();
for (const folder of fs.readdirSync(artifacts).sort().reverse()) {
  const kind = Object.keys(PICKS).find((k) => folder.includes(`-${k}-`));
  if (!kind) continue;
  const files = fs.readdirSync(path.join(artifacts, folder));
  for (const [step, to] of Object.entries(PICKS[kind])) {
    const picture = files.find((file) => file.replace(/^\d+-/, '') === `${step}.png`);
    if (picture && !done.has(to)) {
      fs.copyFileSync(path.join(artifacts, folder, picture), path.join(target, to));
      console.log(`media/screenshots/${to} ← ${folder}/${picture}`);
      done.add(to);
      copied++;
    }
  }
}
if (!from) fs.rmSync(artifacts, { recursive: true, force: true });
const wanted = Object.values(PICKS).reduce((n, picks) => n + Object.keys(picks).length, 0);
if (run.status !== 0 || copied !== wanted) {
  console.error(`screenshots: the e2e run ${run.status === 0 ? 'passed' : 'failed'}; ${copied} of ${wanted} pictures copied`);
  process.exit(1);
}
