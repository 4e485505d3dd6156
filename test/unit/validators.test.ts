import * as assert from 'node:assert/strict';
import * as v from '../../src/api/validators';

describe('validators', () => {
  it('names: trimmed, 1–255 characters, no control characters', () => {
    assert.equal(v.checkName('web-1'), undefined);
    assert.match(v.checkName('   ')!, /must not be empty/);
    assert.match(v.checkName('a'.repeat(256))!, /at most 255/);
    assert.match(v.checkName('bad\nname')!, /control characters/);
    assert.match(v.checkName(42)!, /must be a string/);
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
});
