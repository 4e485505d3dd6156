// The rules `npm run bench -- --check` applies: what counts as a regression against the recorded run.
import * as assert from 'node:assert/strict';
import { findRegressions, meetsTarget, regressed, trackedOf, type Figure } from '../../bench/figure';

const figure = (extra: Partial<Figure>): Figure => ({ id: 'f', label: 'f', value: 10, unit: 'ms', better: 'lower', ...extra });

describe('benchmark figures', () => {
  it('flags a figure more than 20 % worse than recorded, in its own direction', () => {
    assert.equal(regressed({ value: 119, better: 'lower' }, 100), false);
    assert.equal(regressed({ value: 121, better: 'lower' }, 100), true);
    assert.equal(regressed({ value: 81, better: 'higher' }, 100), false);
    assert.equal(regressed({ value: 79, better: 'higher' }, 100), true);
    assert.equal(regressed({ value: 1, better: 'lower' }, 0), true, 'a count that was 0 regresses at 1');
    assert.equal(regressed({ value: 0, better: 'lower' }, 0), false);
  });

  it('compares the ratio to the baseline when there is one, unless told otherwise', () => {
    assert.deepEqual(trackedOf(figure({ ratio: { value: 2, text: '' } })), { value: 2, better: 'lower' });
    assert.deepEqual(trackedOf(figure({})), { value: 10, better: 'lower' });
    assert.deepEqual(trackedOf(figure({ ratio: { value: 2, text: '' }, tracked: { value: 5, better: 'higher' } })), { value: 5, better: 'higher' });
    const regressions = findRegressions([figure({ id: 'a', ratio: { value: 3, text: '' } }), figure({ id: 'b', value: 10 }), figure({ id: 'new' })], { a: 2, b: 10 });
    assert.deepEqual(regressions, [{ id: 'a', recorded: 2, current: 3 }]);
  });

  it('checks targets in the figure’s direction', () => {
    assert.equal(meetsTarget(figure({ target: { value: 10, text: '' } })), true);
    assert.equal(meetsTarget(figure({ value: 11, target: { value: 10, text: '' } })), false);
    assert.equal(meetsTarget(figure({ better: 'higher', value: 9, target: { value: 10, text: '' } })), false);
    assert.equal(meetsTarget(figure({})), undefined);
  });
});
