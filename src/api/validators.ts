/**
 * Pure input rules shared by the emulator (request validation), the firewall documents and every prompt of
 * the extension. Each returns `undefined` when the value is acceptable, or a short message saying the rule,
 * so the same text reaches an InputBox, a diagnostic and an HTTP 422 body.
 *
 * The specification leaves name formats and most ranges "not shown"; the choices made here are recorded in
 * docs/api-coverage.md.
 */
import { createHash } from 'node:crypto';
import * as l10n from '@vscode/l10n';

export type Problem = string | undefined;

export const NAME_MAX = 255;
export const HOSTNAME_MAX = 253;
export const USERDATA_MAX_BYTES = 64 * 1024;
export const VOLUME_MIN_GB = 1;
export const VOLUME_MAX_GB = 16 * 1024;
export const NODE_COUNT_MIN = 1;
export const NODE_COUNT_MAX = 100;
export const VPC_PREFIX_MIN = 16;
export const VPC_PREFIX_MAX = 28;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A display name: 1–255 characters after trimming, no control characters. */
export function checkName(value: unknown, what = 'name'): Problem {
  if (typeof value !== 'string') return l10n.t('{0} must be a string', what);
  const trimmed = value.trim();
  if (trimmed.length === 0) return l10n.t('{0} must not be empty', what);
  if (trimmed.length > NAME_MAX) return l10n.t('{0} must be at most {1} characters', what, NAME_MAX);
  if (CONTROL.test(value)) return l10n.t('{0} must not contain control characters', what);
  return undefined;
}

/**
 * The name of a piece of infrastructure (volume, firewall, load balancer, VPC, Kubernetes cluster, node pool):
 * a name (checkName) of letters, digits, '.', '_' and '-' that starts with a letter or digit. The service notes
 * give no format (INFERRED, docs/api-coverage.md): the conventional cloud rule, which keeps such names usable
 * in scripts, URLs and Kubernetes, where a space or a '!' would not be. Display names (snapshots, SSH keys,
 * userdata scripts) keep checkName: "db-1 weekly" is a fine snapshot name.
 */
export function checkResourceName(value: unknown, what = 'name'): Problem {
  const base = checkName(value, what);
  if (base) return base;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value as string)) return l10n.t('{0} may contain only letters, digits, \'.\', \'_\' and \'-\', and must start with a letter or digit', what);
  return undefined;
}

/** A stacklet name doubles as its hostname: letters, digits, dots and hyphens; labels 1–63 characters. */
export function checkHostname(value: unknown, what = 'name'): Problem {
  const base = checkName(value, what);
  if (base) return base;
  const name = value as string;
  if (name.length > HOSTNAME_MAX) return l10n.t('{0} must be at most {1} characters', what, HOSTNAME_MAX);
  if (!/^[A-Za-z0-9.-]+$/.test(name)) return l10n.t('{0} may contain only letters, digits, \'.\' and \'-\'', what);
  for (const label of name.split('.')) {
    if (label.length === 0) return l10n.t('{0} must not contain empty labels (\'..\' or a leading/trailing \'.\')', what);
    if (label.length > 63) return l10n.t('{0} labels must be at most 63 characters', what);
    if (label.startsWith('-') || label.endsWith('-')) return l10n.t('{0} labels must not start or end with \'-\'', what);
  }
  return undefined;
}

/** A slug as the service uses them (`fra`, `b-1vcpu-1gb`, `ubuntu-20-04-4-x64`). */
export function checkSlug(value: unknown, what = 'slug'): Problem {
  if (typeof value !== 'string' || value.length === 0) return l10n.t('{0} must be a non-empty string', what);
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(value) || value.length > 100) return l10n.t('{0} is not a valid slug', what);
  return undefined;
}

export function checkInteger(value: unknown, min: number, max: number, what: string): Problem {
  if (typeof value !== 'number' || !Number.isInteger(value)) return l10n.t('{0} must be a whole number', what);
  if (value < min || value > max) return l10n.t('{0} must be from {1} to {2}', what, min, max);
  return undefined;
}

/** How many new items (typed, or one a tool asks for) against what the account's limit leaves available. */
export function checkWithinLimit(count: number, available: number): Problem {
  return count > available ? l10n.t('{0} is more than this account may still create: {1} available', count, Math.max(0, available)) : undefined;
}

export function checkPort(value: unknown, what = 'port'): Problem {
  return checkInteger(value, 0, 65535, what);
}

/** Parses text typed into a prompt as a whole number; `undefined` when it is not one. */
export function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^[0-9]{1,15}$/.test(trimmed) ? Number(trimmed) : undefined;
}

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

export function isIPv4(value: string): boolean {
  return IPV4.test(value);
}

export function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
}

export interface Cidr {
  readonly address: string;
  readonly prefix: number;
}

/** Parses `a.b.c.d/n`; `undefined` when malformed. */
export function parseCidr(value: string): Cidr | undefined {
  const match = /^([0-9.]+)\/([0-9]{1,2})$/.exec(value);
  if (!match || !isIPv4(match[1]!)) return undefined;
  const prefix = Number(match[2]);
  if (prefix > 32) return undefined;
  return { address: match[1]!, prefix };
}

/** True when the CIDR's host bits are all zero (10.0.0.0/16, not 10.0.0.5/16). */
export function isNetworkAligned({ address, prefix }: Cidr): boolean {
  if (prefix === 0) return ipv4ToNumber(address) === 0;
  const hostBits = 32 - prefix;
  return ipv4ToNumber(address) % 2 ** hostBits === 0;
}

/** A firewall rule address: an IPv4 address or an IPv4 CIDR. */
export function checkRuleAddress(value: unknown, what = 'address'): Problem {
  if (typeof value !== 'string' || value.trim() === '') return l10n.t('{0} is required (an IPv4 address or CIDR)', what);
  if (isIPv4(value) || parseCidr(value)) return undefined;
  return l10n.t('{0} must be an IPv4 address or CIDR such as 0.0.0.0/0 or 192.168.1.0/24', what);
}

const PRIVATE_RANGES: readonly Cidr[] = [
  { address: '10.0.0.0', prefix: 8 },
  { address: '172.16.0.0', prefix: 12 },
  { address: '192.168.0.0', prefix: 16 },
];

function contains(outer: Cidr, inner: Cidr): boolean {
  if (inner.prefix < outer.prefix) return false;
  const size = 2 ** (32 - outer.prefix);
  return Math.floor(ipv4ToNumber(inner.address) / size) === Math.floor(ipv4ToNumber(outer.address) / size);
}

/** A VPC range: a private (RFC 1918) IPv4 network, aligned, from /16 to /28. */
export function checkVpcCidr(value: unknown, what = 'cidr'): Problem {
  if (typeof value !== 'string' || value.trim() === '') return l10n.t('{0} is required (for example 10.10.0.0/16)', what);
  const cidr = parseCidr(value);
  if (!cidr) return l10n.t('{0} must be an IPv4 CIDR such as 10.10.0.0/16', what);
  if (cidr.prefix < VPC_PREFIX_MIN || cidr.prefix > VPC_PREFIX_MAX) {
    return l10n.t('{0} prefix must be from /{1} to /{2}', what, VPC_PREFIX_MIN, VPC_PREFIX_MAX);
  }
  if (!isNetworkAligned(cidr)) return l10n.t('{0} must be a network address (host bits zero)', what);
  if (!PRIVATE_RANGES.some((range) => contains(range, cidr))) {
    return l10n.t('{0} must be inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16', what);
  }
  return undefined;
}

export const FIREWALL_PROTOCOLS = ['tcp', 'udp', 'icmp'] as const;

/** TCP, UDP, ICMP in any case, or empty / null for all protocols. */
export function checkFirewallProtocol(value: unknown, what = 'protocol'): Problem {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' && (FIREWALL_PROTOCOLS as readonly string[]).includes(value.toLowerCase())) {
    return undefined;
  }
  return l10n.t('{0} must be TCP, UDP, ICMP, or empty for all', what);
}

export const LB_PROTOCOLS = ['http', 'https', 'http2', 'tcp'] as const;
export const LB_HEALTH_PROTOCOLS = ['http', 'tcp'] as const;
export const LB_ALGORITHMS = ['round_robin', 'least_connections'] as const;

export function checkOneOf(value: unknown, allowed: readonly string[], what: string): Problem {
  if (typeof value === 'string' && allowed.includes(value)) return undefined;
  return l10n.t('{0} must be one of {1}', what, allowed.join(', '));
}

export function checkVolumeSize(value: unknown, currentGb = 0, what = 'size_gigabytes'): Problem {
  const base = checkInteger(value, VOLUME_MIN_GB, VOLUME_MAX_GB, what);
  if (base) return base;
  if ((value as number) <= currentGb) return l10n.t('{0} must be larger than the current {1} GB', what, currentGb);
  return undefined;
}

export function checkNodeCount(value: unknown, what = 'count'): Problem {
  return checkInteger(value, NODE_COUNT_MIN, NODE_COUNT_MAX, what);
}

export function checkUserdata(value: unknown, what = 'userdata'): Problem {
  if (typeof value !== 'string') return l10n.t('{0} must be a string', what);
  if (value.trim() === '') return l10n.t('{0} must not be empty', what);
  if (Buffer.byteLength(value, 'utf8') > USERDATA_MAX_BYTES) return l10n.t('{0} must be at most 64 KB', what);
  return undefined;
}

/**
 * A root password the user sets (reset password; create stacklet): 8–128 characters, spaces allowed, no
 * control characters. The service documents no rule; the public client only sends the field.
 */
export function checkPassword(value: unknown, what = 'password'): Problem {
  if (typeof value !== 'string' || value.length < PASSWORD_MIN) return l10n.t('{0} must be at least {1} characters', what, PASSWORD_MIN);
  if (value.length > PASSWORD_MAX) return l10n.t('{0} must be at most {1} characters', what, PASSWORD_MAX);
  if (CONTROL.test(value)) return l10n.t('{0} must not contain control characters', what);
  return undefined;
}

// ── rules of the extension's prompts ─────────────────────────────────────────

/** A whole number typed into a prompt, then checked by `check` (a range, "larger than now"). */
export function checkTypedNumber(text: string, check: (value: number) => Problem, what = 'value'): Problem {
  const value = parseWholeNumber(text);
  if (value === undefined) return l10n.t('{0} must be a whole number', what);
  return check(value);
}

/** Tag names typed as one comma-separated line: trimmed, empty entries and repeats dropped. */
export function parseTagList(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** A comma-separated tag list; empty means no tags. Each tag is a name (see checkName). */
export function checkTagList(value: unknown, what = 'tags'): Problem {
  if (typeof value !== 'string') return l10n.t('{0} must be a string', what);
  for (const tag of parseTagList(value)) {
    const problem = checkName(tag, `tag '${tag}'`);
    if (problem) return problem;
  }
  return undefined;
}

/** One tag: a name (see checkName) without a comma, since tags are typed as a comma-separated list. */
export function checkTagName(value: unknown, what = 'tag'): Problem {
  const base = checkName(value, what);
  if (base) return base;
  if ((value as string).includes(',')) return `${what} must not contain ','`;
  if ((value as string).trim() !== value) return `${what} must not start or end with a space`;
  return undefined;
}

/** A source port not already used by another forwarding rule of the same load balancer. */
export function checkListenPort(value: unknown, taken: readonly number[], what = 'source_port'): Problem {
  const problem = checkPort(value, what);
  if (problem) return problem;
  if (taken.includes(value as number)) return l10n.t('{0} {1} is already used by another forwarding rule', what, value as number);
  return undefined;
}

/** A health-check path: starts with '/', no spaces or control characters, at most 255 characters. */
export function checkHealthCheckPath(value: unknown, what = 'path'): Problem {
  if (typeof value !== 'string' || value === '') return l10n.t('{0} is required (for example /health)', what);
  if (!value.startsWith('/')) return l10n.t('{0} must start with \'/\'', what);
  if (/\s/.test(value) || CONTROL.test(value)) return l10n.t('{0} must not contain spaces or control characters', what);
  if (value.length > NAME_MAX) return l10n.t('{0} must be at most {1} characters', what, NAME_MAX);
  return undefined;
}

/** A cookie name as HTTP allows it (an RFC 6265 token): letters, digits and !#$%&'*+-.^_`|~. */
export function checkCookieName(value: unknown, what = 'cookie name'): Problem {
  if (typeof value !== 'string' || value === '') return l10n.t('{0} is required', what);
  if (value.length > 64) return l10n.t('{0} must be at most 64 characters', what);
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(value)) return l10n.t('{0} may contain only letters, digits and !#$%&\'*+-.^_`|~', what);
  return undefined;
}

export const HEALTH_INTERVAL_MIN = 3;
export const HEALTH_INTERVAL_MAX = 300;
export const HEALTH_THRESHOLD_MIN = 1;
export const HEALTH_THRESHOLD_MAX = 10;

/** Seconds between health checks: 3 to 300. */
export function checkHealthInterval(value: unknown, what = 'interval'): Problem {
  return checkInteger(value, HEALTH_INTERVAL_MIN, HEALTH_INTERVAL_MAX, what);
}

/** Health checks in a row that must pass (rise) or fail (fall): 1 to 10. */
export function checkHealthThreshold(value: unknown, what = 'rise'): Problem {
  return checkInteger(value, HEALTH_THRESHOLD_MIN, HEALTH_THRESHOLD_MAX, what);
}

/** The id of a TLS certificate (a forwarding rule's `certificate_id`): a whole number from 1. */
export function checkCertificateId(value: unknown, what = 'certificate_id'): Problem {
  return checkInteger(value, 1, Number.MAX_SAFE_INTEGER, what);
}

export const COOKIE_TTL_MAX = 31_536_000;

/** Seconds until a sticky-session cookie expires: 1 second to a year. */
export function checkCookieTtl(value: unknown, what = 'ttl'): Problem {
  return checkInteger(value, 1, COOKIE_TTL_MAX, what);
}

/** A Kubernetes version as the service names them: `1.30`, `1.30.2` or `1.30.2-00`. */
export function checkKubernetesVersion(value: unknown, what = 'version'): Problem {
  if (typeof value !== 'string' || value.trim() === '') return l10n.t('{0} is required (for example 1.30.2-00)', what);
  if (!/^[0-9]+\.[0-9]+(\.[0-9]+)?(-[A-Za-z0-9.]+)?$/.test(value)) return l10n.t('{0} must look like 1.30.2-00 (major.minor.patch-suffix)', what);
  return undefined;
}

/** True when two IPv4 CIDRs share an address; false when either is malformed. */
export function cidrsOverlap(a: string, b: string): boolean {
  const x = parseCidr(a);
  const y = parseCidr(b);
  if (!x || !y) return false;
  const outer = x.prefix <= y.prefix ? x : y;
  const inner = outer === x ? y : x;
  return contains(outer, inner);
}

/** A VPC range (see checkVpcCidr) that overlaps none of `taken`, the other VPCs of the same region. */
export function checkVpcCidrFree(value: unknown, taken: readonly string[], what = 'cidr'): Problem {
  const problem = checkVpcCidr(value, what);
  if (problem) return problem;
  const clash = taken.find((other) => cidrsOverlap(value as string, other));
  return clash ? l10n.t('{0} overlaps {1}, used by another VPC in this region', what, clash) : undefined;
}

/** The first /16 of 10.0.0.0/8 (from 10.10.0.0/16 on) that overlaps none of `taken`. */
export function suggestVpcCidr(taken: readonly string[]): string {
  for (let octet = 10; octet < 256; octet++) {
    const candidate = `10.${octet}.0.0/16`;
    if (!taken.some((other) => cidrsOverlap(candidate, other))) return candidate;
  }
  return '10.10.0.0/16';
}

// ── SSH public keys ─────────────────────────────────────────────────────────

export const SSH_KEY_TYPES = ['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'ssh-dss'] as const;
export const RSA_MIN_BITS = 2048;
export const RSA_MAX_BITS = 16384;

/** What a valid OpenSSH public key line holds. */
export interface SshPublicKey {
  readonly type: (typeof SSH_KEY_TYPES)[number];
  /** The key data, decoded (what fingerprints are taken of). */
  readonly blob: Buffer;
  /** The comment after the key (often user@host), or ''. */
  readonly comment: string;
  /** The key's size in bits (RSA: its modulus). */
  readonly bits: number;
}

/** Reads the SSH wire format: a big-endian uint32 length, then that many bytes. */
class WireReader {
  private offset = 0;
  constructor(private readonly data: Buffer) {}
  get done(): boolean {
    return this.offset === this.data.length;
  }
  next(): Buffer | undefined {
    if (this.offset + 4 > this.data.length) return undefined;
    const length = this.data.readUInt32BE(this.offset);
    if (this.offset + 4 + length > this.data.length) return undefined;
    const value = this.data.subarray(this.offset + 4, this.offset + 4 + length);
    this.offset += 4 + length;
    return value;
  }
}

/** Bits of an SSH mpint (big-endian, with a leading zero byte when its top bit is set). */
function mpintBits(value: Buffer): number {
  let i = 0;
  while (i < value.length && value[i] === 0) i++;
  if (i === value.length) return 0;
  return (value.length - i - 1) * 8 + Math.floor(Math.log2(value[i]!)) + 1;
}

const ECDSA_POINT_BYTES: Readonly<Record<string, number>> = { nistp256: 65, nistp384: 97, nistp521: 133 };

/**
 * Parses one OpenSSH public key line (`ssh-ed25519 AAAA… comment`, as in a `.pub` file): its type is one the
 * service takes, its data is base64, and the data holds a key of that type and of a valid length. The key,
 * or the first problem in words (`problem`).
 */
export function parseSshPublicKey(text: string): { key: SshPublicKey } | { problem: string } {
  const line = text.trim();
  if (line === '') return { problem: l10n.t('Paste the public key: one line such as ssh-ed25519 AAAA… you@host') };
  if (/PRIVATE KEY/.test(line)) return { problem: l10n.t('This is a private key: never share it. Use the .pub file next to it.') };
  if (/\n/.test(line)) return { problem: l10n.t('A public key is one line; this text has several.') };
  const [type, data, ...comment] = line.split(/\s+/);
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type!)) {
    return { problem: l10n.t('The key must start with its type ({0}), not "{1}".', SSH_KEY_TYPES.join(', '), type!.slice(0, 40)) };
  }
  if (data === undefined) return { problem: l10n.t('The key data (AAAA…) is missing after {0}.', type!) };
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) return { problem: l10n.t('The key data is not valid base64.') };
  const blob = Buffer.from(data, 'base64');
  const reader = new WireReader(blob);
  if (reader.next()?.toString('latin1') !== type) return { problem: l10n.t('The key data does not hold a key of type {0}.', type!) };
  let bits: number | undefined;
  if (type === 'ssh-ed25519') {
    const key = reader.next();
    bits = key?.length === 32 ? 256 : undefined;
  } else if (type === 'ssh-rsa') {
    const exponent = reader.next();
    const modulus = reader.next();
    bits = exponent && modulus ? mpintBits(modulus) : undefined;
    if (bits !== undefined && (bits < RSA_MIN_BITS || bits > RSA_MAX_BITS)) {
      return { problem: l10n.t('This RSA key has {0} bits; from {1} to {2} are accepted.', bits, RSA_MIN_BITS, RSA_MAX_BITS) };
    }
  } else if (type === 'ssh-dss') {
    const p = reader.next();
    bits = p && reader.next() && reader.next() && reader.next() ? mpintBits(p) : undefined;
  } else {
    const curve = type!.slice('ecdsa-sha2-'.length);
    const named = reader.next()?.toString('latin1');
    const point = reader.next();
    bits = named === curve && point?.length === ECDSA_POINT_BYTES[curve] ? Number(curve.slice(5)) : undefined;
  }
  if (bits === undefined || !reader.done) return { problem: l10n.t('The key data is not the length a {0} key has: it may be cut off or copied wrongly.', type!) };
  return { key: { type: type as SshPublicKey['type'], blob, comment: comment.join(' '), bits } };
}

/** The MD5 fingerprint in the colon form (what `ssh-keygen -l -E md5` prints and the service shows). */
export function sshKeyFingerprint(key: SshPublicKey): string {
  return createHash('md5').update(key.blob).digest('hex').match(/../g)!.join(':');
}

/** An OpenSSH public key line the service takes (see parseSshPublicKey), or the problem in words. */
export function checkSshPublicKey(value: unknown): Problem {
  if (typeof value !== 'string') return l10n.t('Paste the public key: one line such as ssh-ed25519 AAAA… you@host');
  const parsed = parseSshPublicKey(value);
  return 'problem' in parsed ? parsed.problem : undefined;
}
