// A progress's reports spaced wider than VS Code's throttle on them, and the last one delivered before the end
// (issue 45, item 8: the notification said "1 of 3 sent" while the status bar said "3 of 3 sent").
import * as assert from 'node:assert/strict';
import { pacedReports, VSCODE_REPORT_GAP_MS } from '../../src/model/pacedReports';
import { FakeClock } from './support/fakeClock';

const settle = () => Promise.resolve();

describe('paced progress reports', () => {
  it('delivers the first at once, holds the rest until the gap is up (the newest words, the increments summed), and settles after the last', async () => {
    const clock = new FakeClock();
    const delivered: { at: number; message: string; increment: number }[] = [];
    const paced = pacedReports((message, increment) => delivered.push({ at: clock.now(), message, increment }), clock);
    const start = clock.now();
    paced.report('1 of 3 sent: web-2', 10);
    await clock.advance(5, settle);
    paced.report('2 of 3 sent: web-1', 10);
    paced.report('3 of 3 sent: db-1', 10);
    let settled = false;
    void paced.settled().then(() => (settled = true));
    await settle();
    assert.equal(settled, false, 'the end waits for the held report');
    assert.deepEqual(delivered.map((d) => d.message), ['1 of 3 sent: web-2']);
    await clock.step(settle);
    await settle();
    assert.equal(settled, true);
    assert.deepEqual(delivered.map((d) => [d.message, d.increment]), [['1 of 3 sent: web-2', 10], ['3 of 3 sent: db-1', 20]]);
    // wider apart than VS Code's throttle, which then forwards each at once
    assert.ok(delivered[1]!.at - delivered[0]!.at > VSCODE_REPORT_GAP_MS);
    assert.equal(delivered[0]!.at, start);
  });

  it('holds nothing when reports come far apart', async () => {
    const clock = new FakeClock();
    const delivered: string[] = [];
    const paced = pacedReports((message) => delivered.push(message), clock);
    paced.report('1 of 2 sent: a', 50);
    await clock.advance(1_000, settle);
    paced.report('2 of 2 sent: b', 50);
    assert.deepEqual(delivered, ['1 of 2 sent: a', '2 of 2 sent: b']);
    assert.equal(clock.pending, 0);
    await paced.settled();
  });
});
