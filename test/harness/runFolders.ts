// Per-run folders: a fresh temp folder (user data, extensions, workspace, browser profile) that is removed at the
// end, and an artifacts folder in the repository (.test-runs/, git-ignored) for logs and screenshots that stays.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './provision';

export const TMP_PREFIX = 'stacklet-harness-';

export interface RunFolders {
  /** Temp root of this run; its path appears in the command line of every server and browser the run starts. */
  tmp: string;
  userDataDir: string;
  extensionsDir: string;
  workspace: string;
  browserProfile: string;
  /** Logs and screenshots: <repo>/.test-runs/<timestamp>-<kind>/ (or $STACKLET_ARTIFACTS_DIR/...). */
  artifacts: string;
  /** Removes the temp root (kept when STACKLET_KEEP_TMP=1). */
  removeTmp(): void;
}

export function createRunFolders(kind: string): RunFolders {
  // short: VS Code puts Unix sockets below it (see codeServer.ts)
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `${TMP_PREFIX}${kind}-`));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace('Z', '');
  const artifactsRoot = process.env.STACKLET_ARTIFACTS_DIR ? path.resolve(process.env.STACKLET_ARTIFACTS_DIR) : path.join(REPO_ROOT, '.test-runs');
  const artifacts = path.join(artifactsRoot, `${stamp}-${kind}-${path.basename(tmp).slice(-6)}`);
  const folders = {
    tmp,
    userDataDir: path.join(tmp, 'user-data'),
    extensionsDir: path.join(tmp, 'extensions'),
    workspace: path.join(tmp, 'workspace'),
    browserProfile: path.join(tmp, 'browser-profile'),
    artifacts,
  };
  for (const dir of Object.values(folders)) fs.mkdirSync(dir, { recursive: true });
  return {
    ...folders,
    removeTmp() {
      if (process.env.STACKLET_KEEP_TMP === '1') return;
      fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
