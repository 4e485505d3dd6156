// Mocha's spec reporter plus one closing line with the counts (see results.ts), which the harness parses.
// Usable by name (`mocha --reporter out/test/harness/countingReporter.js`) and as a class (`reporter: ...`).
import Mocha from 'mocha';
import { formatResult } from './results';

class CountingSpecReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const stats = this.stats;
      // stats.failures also counts failed hooks, so a broken before() is not a silent pass
      Mocha.reporters.Base.consoleLog(formatResult({ passed: stats.passes, failed: stats.failures, pending: stats.pending }));
    });
  }
}

export = CountingSpecReporter;
