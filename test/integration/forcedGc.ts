// V8's gc() in the extension host, which does not expose it: for tests that measure from a collected heap.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/** V8's gc(): the flag set now, the function taken from a new context. */
export function forcedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
