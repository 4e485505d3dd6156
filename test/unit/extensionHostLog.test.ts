// The integration tiers fail on an activation failure that only the extension host's log shows: the log lines
// are those VS Code 1.100 and 1.139 write (extHostExtensionActivator: "Activating extension <id> failed due to an
// error:"; the workbench: "Activating extension '<id>' failed: <message>.").
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { activationFailures } from '../harness/extensionHostLog';

describe('activation failures in the extension host logs', () => {
  let dir: string;
  const write = (relative: string, text: string) => {
    const file = path.join(dir, 'user-data', 'logs', relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacklet-exthost-log-'));
    fs.mkdirSync(path.join(dir, 'artifacts'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds none in a log of activations that succeeded, and keeps the extension host logs with the artifacts', () => {
    write('20261127T052052/exthost1/remoteexthost.log', [
      "2026-11-27 05:20:58.992 [info] ExtensionService#_doActivateExtension stacklet.stacklet-cloud, startup: false, activationEvent: 'onView:stacklet.stacklets'",
      '2026-11-27 05:20:59.101 [info] Eager extensions activated',
    ].join('\n'));
    write('20261127T052052/remoteagent.log', 'something else\n');
    assert.deepEqual(activationFailures(path.join(dir, 'user-data'), path.join(dir, 'artifacts')), []);
    assert.ok(fs.existsSync(path.join(dir, 'artifacts', 'vscode-logs', '20261127T052052', 'exthost1', 'remoteexthost.log')));
    assert.ok(!fs.existsSync(path.join(dir, 'artifacts', 'vscode-logs', '20261127T052052', 'remoteagent.log')), 'only the extension host logs');
  });

  it('names each failed activation with its file, in the extension host log and in any other', () => {
    write('20261127T052052/exthost1/remoteexthost.log', [
      '2026-11-27 05:20:58.992 [error] Activating extension stacklet.stacklet-cloud failed due to an error:',
      "2026-11-27 05:20:58.993 [error] SyntaxError: Cannot use import statement outside a module",
    ].join('\n'));
    write('20261127T052052/window1/renderer.log', "2026-11-27 05:20:59.000 [error] Activating extension 'stacklet.stacklet-cloud' failed: boom.\n");
    const failures = activationFailures(path.join(dir, 'user-data'), path.join(dir, 'artifacts'));
    assert.equal(failures.length, 2);
    assert.match(failures[0]!, /^20261127T052052\/exthost1\/remoteexthost\.log: .*Activating extension stacklet\.stacklet-cloud failed due to an error: .*SyntaxError: Cannot use import statement/);
    assert.match(failures[1]!, /^20261127T052052\/window1\/renderer\.log: .*failed: boom/);
  });

  it('finds nothing where VS Code wrote no logs', () => {
    assert.deepEqual(activationFailures(path.join(dir, 'nothing-here'), path.join(dir, 'artifacts')), []);
  });
});
