// The system clock counts its pending timers: the working day compares the extension's timers at noon and at
// evening through it (issue 47, item 3), since Node's count holds the extension host's own, which come and go.
import * as assert from 'node:assert/strict';
import { pendingTimers, systemClock } from '../../src/model/clock';

describe('the system clock', () => {
  it('counts a timer from armed until it fires or is cleared', async () => {
    const before = pendingTimers();
    let fired = false;
    systemClock.setTimer(() => (fired = true), 1);
    const cleared = systemClock.setTimer(() => assert.fail('cleared'), 1);
    assert.equal(pendingTimers(), before + 2);
    systemClock.clearTimer(cleared);
    systemClock.clearTimer(cleared);
    assert.equal(pendingTimers(), before + 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(fired, true);
    assert.equal(pendingTimers(), before);
  });
});
