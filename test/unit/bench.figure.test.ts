// The rules `npm run bench -- --check` applies: what counts as a regression against the recorded run.
import * as assert from 'node:assert/strict';
import { againstNeighbours, findRegressions, meetsTarget, median, ratioMedian, regressed, spreadOf, trackedOf, type Figure } from '../../bench/figure';

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

  it('reports the spread of rounds as their range and middle half, against the median', () => {
    const spread = spreadOf([1.2, 1.0, 1.1, 1.4, 1.3]);
    // Sorted 1.0 1.1 1.2 1.3 1.4: quartiles 1.1 and 1.3, median 1.2, so the middle half is ±8 % of the median.
    assert.equal(spread.text, 'rounds 1.00–1.40×, middle half 1.10–1.30× (±8 % of the median)');
    assert.ok(Math.abs(spread.relative - 0.2 / 1.2) < 1e-9);
    assert.equal(spreadOf([1.5]).relative, 0, 'one round has no spread');
    assert.ok(spreadOf([0.63, 1.0, 1.2, 3.69]).relative > spread.relative, 'the issue\'s rounds are wider');
  });

  it('reads a copy of the baseline as 1× against each neighbour, where the faster neighbour alone read it slower', () => {
    // Three timings of one extension, each in turn in ours's place: every order of them, as runs could fall.
    const timings = [10, 14, 22];
    const runs = timings.flatMap((value, i) => {
      const others = timings.filter((_, j) => j !== i);
      return [{ value, before: others[0]!, after: others[1]! }, { value, before: others[1]!, after: others[0]! }];
    });
    assert.ok(Math.abs(ratioMedian(againstNeighbours(runs)) - 1) < 1e-12, `against each neighbour: ${ratioMedian(againstNeighbours(runs))}×`);
    assert.ok(median(againstNeighbours(runs)) > 1, 'the middle two met halfway in difference, not in proportion, read above 1×');
    assert.equal(againstNeighbours(runs).length, 2 * runs.length, 'two ratios a run');
    const againstFaster = median(runs.map(({ value, before, after }) => value / Math.min(before, after)));
    assert.ok(againstFaster > 1.2, `the faster neighbour alone: ${againstFaster}×`);
  });
});
