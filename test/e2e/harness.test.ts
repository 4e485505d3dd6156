// Self-test of the harness: a full start/stop of the emulator, code-server (with its extension host) and Chromium
// leaves no process behind, as `ps -eo pid,pgid,args` sees it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { waitFor } from '../harness/processes';
import { startE2eSession } from '../harness/workbench';
import * as ui from './ui';

function psRows(): { pid: number; pgid: number; args: string }[] {
  return execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !m[3]!.startsWith('Z'))
    .map((m) => ({ pid: Number(m[1]), pgid: Number(m[2]), args: m[4]! }));
}

describe('test harness', () => {
  it('leaves no code-server, emulator or Chromium process behind after a full start and stop', async function () {
    this.timeout(240_000);
    const session = await startE2eSession({ kind: 'e2e-selftest' });
    const groups = new Set(session.groups);
    const tmp = session.run.tmp;
    try {
      await session.steps.step('open the workbench', 90_000, (page) => ui.openWorkbench(page, session.address));
      // everything was really running: emulator, code-server and Chromium groups, and an extension host
      assert.equal(groups.size, 3, `expected 3 process groups (emulator, code-server, Chromium), got ${[...groups].join(', ')}`);
      const running = psRows();
      for (const pgid of groups) assert.ok(running.some((p) => p.pgid === pgid), `process group ${pgid} has no process`);
      // the extension host starts a few seconds after the page; it must be in code-server's group to be stopped
      await waitFor('an extension host process in the code-server process group', 60_000, () =>
        psRows().some((p) => groups.has(p.pgid) && p.args.includes('--type=extensionHost')) ? true : undefined,
      );
      assert.ok(running.some((p) => p.args.includes(tmp)), `no process mentions the run folder ${tmp}`);
    } finally {
      await session.close(); // also checks, and throws on leftovers
    }
    const left = psRows().filter((p) => groups.has(p.pgid) || p.args.includes(tmp));
    assert.deepEqual(left, [], 'processes left behind');
  });
});
