// The feel group's wait for a settled workbench (bench/quiet.ts), on real processes in process groups of their own.
import * as assert from 'node:assert/strict';
import { groupTicks, untilQuiet } from '../../bench/quiet';
import { sleep, spawnGroup, type GroupProcess } from '../harness/processes';

/** `node -e <code>` as the leader of a new process group (its pgid is the group's id). */
const leader = (code: string): GroupProcess => spawnGroup(process.execPath, ['-e', code]);

describe('waiting for a quiet workbench (bench/quiet.ts)', function () {
  this.timeout(15_000);
  const children: GroupProcess[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map((child) => child.stop()));
  });

  it('counts the CPU of a busy group and not of an idle one', async () => {
    const busy = leader('for (;;) {}');
    const idle = leader('setInterval(() => {}, 60_000)');
    children.push(busy, idle);
    await sleep(600);
    const [busyBefore, idleBefore] = [groupTicks([busy.pgid]), groupTicks([idle.pgid])];
    await sleep(600);
    assert.ok(groupTicks([busy.pgid]) - busyBefore >= 20, 'a loop uses at least a fifth of a core in 0.6 s');
    assert.ok(groupTicks([idle.pgid]) - idleBefore <= 2);
    assert.equal(groupTicks([2 ** 30]), 0, 'no such group');
  });

  it('waits its minimum for an idle group, and gives up on a busy one', async () => {
    const busy = leader('for (;;) {}');
    const idle = leader('setInterval(() => {}, 60_000)');
    children.push(busy, idle);
    const calm = await untilQuiet([idle.pgid], { minMs: 1200, windowMs: 500, maxMs: 5000 });
    assert.equal(calm.quiet, true);
    assert.ok(calm.waitedMs >= 1200 && calm.waitedMs < 3000, `${calm.waitedMs} ms`);
    const never = await untilQuiet([busy.pgid, idle.pgid], { minMs: 500, windowMs: 500, maxMs: 2000 });
    assert.equal(never.quiet, false);
    assert.ok(never.waitedMs >= 2000, `${never.waitedMs} ms`);
  });

  it('is quiet once a busy group stops', async () => {
    // Busy for 1.5 s, then idle: the wait ends after the work, not at its minimum.
    const settling = leader('const end = Date.now() + 1500; while (Date.now() < end) {} setInterval(() => {}, 60_000)');
    children.push(settling);
    const quiet = await untilQuiet([settling.pgid], { minMs: 200, windowMs: 500, maxMs: 8000 });
    assert.equal(quiet.quiet, true);
    assert.ok(quiet.waitedMs >= 1500, `${quiet.waitedMs} ms`);
  });
});
