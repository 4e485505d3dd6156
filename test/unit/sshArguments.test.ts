import * as assert from 'node:assert/strict';
import { sshArguments } from '../../src/model/sshArguments';

describe('ssh arguments', () => {
  it('puts only a valid IP address after --, and the user with -l', () => {
    assert.deepEqual(sshArguments('root', '203.0.113.10'), { args: ['-l', 'root', '--', '203.0.113.10'] });
    assert.deepEqual(sshArguments('deploy.user', '2001:db8::10'), { args: ['-l', 'deploy.user', '--', '2001:db8::10'] });
  });

  it('refuses an address that is not an IP address, with a message', () => {
    for (const address of ['-oProxyCommand=touch /tmp/pwned', 'evil.example', '203.0.113.10 -R 80:localhost:80', '203.0.113.10\n', '', '1.2.3', '[::1]', 'root@203.0.113.10']) {
      const result = sshArguments('root', address);
      assert.ok('problem' in result, JSON.stringify(address));
      assert.match(result.problem, /not an IP address/);
      assert.ok(!result.problem.includes('\n'));
    }
  });

  it('refuses a user that is not a plain user name', () => {
    for (const user of ['-oProxyCommand=x', 'root@evil', 'a b', '', 'x'.repeat(40), 'ro\not']) {
      const result = sshArguments(user, '203.0.113.10');
      assert.ok('problem' in result, JSON.stringify(user));
      assert.match(result.problem, /not a user name/);
    }
  });
});
