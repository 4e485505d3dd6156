import * as assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as v from '../../src/api/validators';

describe('validators', () => {
  it('names: trimmed, 1–255 characters, no control characters', () => {
    assert.equal(v.checkName('web-1'), undefined);
    assert.match(v.checkName('   ')!, /must not be empty/);
    assert.match(v.checkName('a'.repeat(256))!, /at most 255/);
    assert.match(v.checkName('bad\nname')!, /control characters/);
    assert.match(v.checkName(42)!, /must be a string/);
  });

  it('infrastructure names: letters, digits, ".", "_" and "-", from a letter or digit (INFERRED)', () => {
    for (const good of ['db-data', 'web_fw.2', 'Pool1', '9lives']) assert.equal(v.checkResourceName(good), undefined, good);
    for (const bad of ['Bad Name!', 'my volume', 'fw/1', 'ünïcode', '-lead', '.hidden', '_x']) assert.ok(v.checkResourceName(bad, 'Name'), bad);
    assert.match(v.checkResourceName('Bad Name!', 'Name')!, /^Name may contain only letters, digits, '\.', '_' and '-', and must start with a letter or digit$/);
    assert.match(v.checkResourceName('   ')!, /must not be empty/);
    assert.match(v.checkResourceName('a'.repeat(256))!, /at most 255/);
  });

  it('hostnames: letters, digits, dots and hyphens in labels of at most 63', () => {
    assert.equal(v.checkHostname('web-1.example'), undefined);
    assert.match(v.checkHostname('web_1')!, /only letters, digits/);
    assert.match(v.checkHostname('-web')!, /must not start or end with '-'/);
    assert.match(v.checkHostname('a..b')!, /empty labels/);
    assert.match(v.checkHostname(`${'a'.repeat(64)}.b`)!, /63/);
  });

  it('ports: whole numbers from 0 to 65535', () => {
    assert.equal(v.checkPort(0), undefined);
    assert.equal(v.checkPort(65535), undefined);
    assert.match(v.checkPort(70000)!, /from 0 to 65535/);
    assert.match(v.checkPort(-1)!, /from 0 to 65535/);
    assert.match(v.checkPort(22.5)!, /whole number/);
    assert.match(v.checkPort('22')!, /whole number/);
  });

  it('rule addresses: IPv4 or IPv4 CIDR', () => {
    for (const ok of ['0.0.0.0/0', '10.0.0.1', '192.168.1.0/24', '255.255.255.255/32']) {
      assert.equal(v.checkRuleAddress(ok), undefined, ok);
    }
    for (const bad of ['', '256.1.1.1', '10.0.0.0/33', '10.0.0/8', 'example.com', '01.2.3.4', '1.2.3.4/']) {
      assert.ok(v.checkRuleAddress(bad), bad);
    }
  });

  it('VPC ranges: private, aligned, /16 to /28', () => {
    assert.equal(v.checkVpcCidr('10.10.0.0/16'), undefined);
    assert.equal(v.checkVpcCidr('172.20.0.0/20'), undefined);
    assert.equal(v.checkVpcCidr('192.168.4.0/24'), undefined);
    assert.match(v.checkVpcCidr('10.10.0.5/16')!, /host bits zero/);
    assert.match(v.checkVpcCidr('8.8.0.0/16')!, /inside 10.0.0.0\/8/);
    assert.match(v.checkVpcCidr('10.0.0.0/8')!, /prefix must be from \/16/);
    assert.match(v.checkVpcCidr('10.0.0.0/29')!, /prefix must be from \/16/);
    assert.match(v.checkVpcCidr('10.0.0.0')!, /IPv4 CIDR/);
    assert.match(v.checkVpcCidr('172.32.0.0/16')!, /inside/);
  });

  it('firewall protocols: TCP, UDP, ICMP in any case, or empty', () => {
    for (const ok of ['TCP', 'udp', 'Icmp', '', null, undefined]) assert.equal(v.checkFirewallProtocol(ok), undefined);
    assert.match(v.checkFirewallProtocol('SCTP')!, /TCP, UDP, ICMP/);
  });

  it('volume sizes grow, node counts stay within 1–100, userdata within 64 KB', () => {
    assert.equal(v.checkVolumeSize(20, 10), undefined);
    assert.match(v.checkVolumeSize(10, 10)!, /larger than the current 10 GB/);
    assert.match(v.checkVolumeSize(0)!, /from 1 to/);
    assert.equal(v.checkNodeCount(3), undefined);
    assert.match(v.checkNodeCount(0)!, /from 1 to 100/);
    assert.equal(v.checkUserdata('#!/bin/sh\necho hi'), undefined);
    assert.match(v.checkUserdata('x'.repeat(64 * 1024 + 1))!, /64 KB/);
  });

  it('parses whole numbers typed into prompts', () => {
    assert.equal(v.parseWholeNumber(' 42 '), 42);
    assert.equal(v.parseWholeNumber('4.2'), undefined);
    assert.equal(v.parseWholeNumber('-1'), undefined);
    assert.equal(v.parseWholeNumber(''), undefined);
  });
  describe('prompt rules', () => {
    it('typed numbers: whole numbers, then the rule given', () => {
      const larger = (n: number) => v.checkVolumeSize(n, 250, 'Size');
      assert.equal(v.checkTypedNumber('300', larger, 'Size'), undefined);
      assert.match(v.checkTypedNumber('250', larger, 'Size')!, /larger than the current 250 GB/);
      assert.match(v.checkTypedNumber('abc', larger, 'Size')!, /^Size must be a whole number/);
      assert.match(v.checkTypedNumber('2.5', larger, 'Size')!, /whole number/);
      assert.match(v.checkTypedNumber('', (n) => v.checkNodeCount(n), 'Count')!, /whole number/);
      assert.match(v.checkTypedNumber('101', (n) => v.checkNodeCount(n, 'Count'), 'Count')!, /from 1 to 100/);
    });

    it('tag lists: comma-separated names, empty for none', () => {
      assert.deepEqual(v.parseTagList(' web, production ,,web '), ['web', 'production']);
      assert.deepEqual(v.parseTagList(''), []);
      assert.equal(v.checkTagList(''), undefined);
      assert.equal(v.checkTagList('web, db'), undefined);
      assert.match(v.checkTagList(`ok, ${'x'.repeat(256)}`)!, /at most 255/);
      assert.match(v.checkTagList('a\u0001b')!, /control characters/);
      assert.match(v.checkTagList(7)!, /must be a string/);
    });

    it('listen ports: valid and not taken by another rule', () => {
      assert.equal(v.checkListenPort(443, [80]), undefined);
      assert.match(v.checkListenPort(80, [80])!, /already used/);
      assert.match(v.checkListenPort(70000, [])!, /from 0 to 65535/);
    });

    it('health-check paths start with a slash and have no spaces', () => {
      assert.equal(v.checkHealthCheckPath('/healthz'), undefined);
      assert.match(v.checkHealthCheckPath('health')!, /start with '\/'/);
      assert.match(v.checkHealthCheckPath('/a b')!, /spaces/);
      assert.match(v.checkHealthCheckPath('')!, /required/);
    });

    it('sticky-session cookies: token names and a TTL of 1 s to a year', () => {
      assert.equal(v.checkCookieName('lb_session'), undefined);
      assert.match(v.checkCookieName('my cookie')!, /only letters/);
      assert.match(v.checkCookieName('a;b')!, /only letters/);
      assert.match(v.checkCookieName('')!, /required/);
      assert.equal(v.checkCookieTtl(300), undefined);
      assert.match(v.checkCookieTtl(0)!, /from 1 to 31536000/);
    });

    it('passwords: 8 to 128 characters, spaces allowed, no control characters', () => {
      for (const ok of ['8chars!!', 'correct horse battery staple', 'x'.repeat(128)]) assert.equal(v.checkPassword(ok), undefined, ok);
      assert.match(v.checkPassword('short', 'Password')!, /^Password must be at least 8 characters$/);
      assert.match(v.checkPassword('x'.repeat(129))!, /at most 128 characters/);
      assert.match(v.checkPassword('tab\there!')!, /control characters/);
      assert.match(v.checkPassword(undefined)!, /at least 8/);
    });

    it('Kubernetes versions: major.minor[.patch][-suffix]', () => {
      for (const ok of ['1.30', '1.30.2', '1.30.2-00', '1.29.6-do.0']) assert.equal(v.checkKubernetesVersion(ok), undefined, ok);
      for (const bad of ['', 'latest', '1', 'v1.30', '1.30.2 00']) assert.ok(v.checkKubernetesVersion(bad), bad);
    });

    it('VPC ranges overlap nothing else in the region, and a free one is suggested', () => {
      assert.ok(v.cidrsOverlap('10.20.0.0/16', '10.20.5.0/24'));
      assert.ok(v.cidrsOverlap('10.20.5.0/24', '10.20.0.0/16'));
      assert.ok(!v.cidrsOverlap('10.20.0.0/16', '10.21.0.0/16'));
      assert.ok(!v.cidrsOverlap('bad', '10.21.0.0/16'));
      assert.equal(v.checkVpcCidrFree('10.30.0.0/16', ['10.20.0.0/16']), undefined);
      assert.match(v.checkVpcCidrFree('10.20.128.0/20', ['10.20.0.0/16'])!, /overlaps 10.20.0.0\/16/);
      assert.match(v.checkVpcCidrFree('8.8.8.0/24', [])!, /inside 10.0.0.0\/8/);
      assert.equal(v.suggestVpcCidr([]), '10.10.0.0/16');
      assert.equal(v.suggestVpcCidr(['10.10.0.0/16', '10.11.4.0/24']), '10.12.0.0/16');
    });
  });
});

describe('validators: SSH public keys', () => {
  /** An OpenSSH public key line, encoded here from the key's JWK (independently of the code under test). */
  function openSsh(type: string, ...fields: Buffer[]): string {
    const wire = (b: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(b.length);
      return Buffer.concat([length, b]);
    };
    const mpint = (b: Buffer) => (b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
    const encoded = type === 'ssh-rsa' ? fields.map(mpint) : fields;
    return `${type} ${Buffer.concat([Buffer.from(type), ...encoded].map(wire)).toString('base64')} test@host`;
  }
  const jwk = (key: crypto.KeyObject) => key.export({ format: 'jwk' }) as Record<string, string>;
  const b64u = (text: string) => Buffer.from(text, 'base64url');

  function ed25519(): string {
    return openSsh('ssh-ed25519', b64u(jwk(crypto.generateKeyPairSync('ed25519').publicKey).x!));
  }
  function rsa(bits: number): string {
    const { e, n } = jwk(crypto.generateKeyPairSync('rsa', { modulusLength: bits }).publicKey);
    return openSsh('ssh-rsa', b64u(e!), b64u(n!));
  }
  function ecdsa(curve: 'P-256' | 'P-384' | 'P-521'): string {
    const { x, y } = jwk(crypto.generateKeyPairSync('ec', { namedCurve: curve }).publicKey);
    const name = `nistp${curve.slice(2)}`;
    return openSsh(`ecdsa-sha2-${name}`, Buffer.from(name), Buffer.concat([Buffer.from([4]), b64u(x!), b64u(y!)]));
  }

  it('takes ed25519, RSA of 2048 bits and more, and ECDSA keys, with their type, size and comment', () => {
    const cases: [string, string, number][] = [
      [ed25519(), 'ssh-ed25519', 256],
      [rsa(2048), 'ssh-rsa', 2048],
      [rsa(3072), 'ssh-rsa', 3072],
      [ecdsa('P-256'), 'ecdsa-sha2-nistp256', 256],
      [ecdsa('P-384'), 'ecdsa-sha2-nistp384', 384],
      [ecdsa('P-521'), 'ecdsa-sha2-nistp521', 521],
    ];
    for (const [line, type, bits] of cases) {
      assert.equal(v.checkSshPublicKey(line), undefined, line);
      assert.equal(v.checkSshPublicKey(`  ${line}\n`), undefined, 'surrounding blanks and the final newline of a file are fine');
      const parsed = v.parseSshPublicKey(line);
      assert.ok('key' in parsed);
      assert.deepEqual([parsed.key.type, parsed.key.bits, parsed.key.comment], [type, bits, 'test@host']);
    }
  });

  it('refuses, saying why: another type, no data, bad base64, data of another type or length, short RSA, a private key, several lines', () => {
    const good = ed25519();
    const data = good.split(' ')[1]!;
    const cases: [string, RegExp][] = [
      ['', /Paste the public key/],
      [`ssh-foo ${data}`, /must start with its type/],
      ['ssh-ed25519', /data \(AAAA…\) is missing/],
      ['ssh-ed25519 AAAA!!!!', /not valid base64/],
      [`ssh-ed25519 ${data.slice(0, -4)}`, /not the length a ssh-ed25519 key has/],
      [`ssh-rsa ${data}`, /does not hold a key of type ssh-rsa/],
      [rsa(1024), /1024 bits; from 2048 to 16384/],
      ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----', /private key/],
      [`${good}\n${good}`, /one line/],
    ];
    for (const [text, message] of cases) assert.match(v.checkSshPublicKey(text) ?? 'accepted', message, text.slice(0, 40));
  });
});

describe('validators: load balancer health checks and certificates', () => {
  it('interval 3–300, rise and fall 1–10, a certificate ID from 1', () => {
    assert.equal(v.checkHealthInterval(10), undefined);
    assert.match(v.checkHealthInterval(2, 'Interval')!, /Interval must be from 3 to 300/);
    assert.match(v.checkHealthInterval(301)!, /from 3 to 300/);
    assert.equal(v.checkHealthThreshold(1), undefined);
    assert.match(v.checkHealthThreshold(11, 'Fall')!, /Fall must be from 1 to 10/);
    assert.equal(v.checkCertificateId(7), undefined);
    assert.match(v.checkCertificateId(0)!, /from 1/);
  });
});
