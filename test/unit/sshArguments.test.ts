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

  it('refuses an address with a zone id (a network interface of this computer, which the service cannot know), with a message', () => {
    for (const address of ['fe80::1%h', 'fe80::1%e', 'fe80::1%eth0']) {
      const result = sshArguments('root', address);
      assert.ok('problem' in result, address);
      assert.match(result.problem, /network interface of this computer/);
      assert.ok(result.problem.includes(address));
    }
    assert.deepEqual(sshArguments('root', 'fe80::1'), { args: ['-l', 'root', '--', 'fe80::1'] });
  });

  it('refuses a user that is not a plain user name', () => {
    for (const user of ['-oProxyCommand=x', 'root@evil', 'a b', '', 'x'.repeat(40), 'ro\not']) {
      const result = sshArguments(user, '203.0.113.10');
      assert.ok('problem' in result, JSON.stringify(user));
      assert.match(result.problem, /not a user name/);
    }
  });
});
