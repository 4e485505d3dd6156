/**
 * Pure input rules shared by the emulator (request validation), the firewall documents and every prompt of
 * the extension. Each returns `undefined` when the value is acceptable, or a short message saying the rule,
 * so the same text reaches an InputBox, a diagnostic and an HTTP 422 body.
 *
 * The specification leaves name formats and most ranges "not shown"; the choices made here are recorded in
 * docs/api-coverage.md.
 */
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
  if (typeof value !== 'string') return `${what} must be a string`;
  const trimmed = value.trim();
  if (trimmed.length === 0) return `${what} must not be empty`;
  if (trimmed.length > NAME_MAX) return `${what} must be at most ${NAME_MAX} characters`;
  if (CONTROL.test(value)) return `${what} must not contain control characters`;
  return undefined;
}

/** A stacklet name doubles as its hostname: letters, digits, dots and hyphens; labels 1–63 characters. */
export function checkHostname(value: unknown, what = 'name'): Problem {
  const base = checkName(value, what);
  if (base) return base;
  const name = value as string;
  if (name.length > HOSTNAME_MAX) return `${what} must be at most ${HOSTNAME_MAX} characters`;
  if (!/^[A-Za-z0-9.-]+$/.test(name)) return `${what} may contain only letters, digits, '.' and '-'`;
  for (const label of name.split('.')) {
    if (label.length === 0) return `${what} must not contain empty labels ('..' or a leading/trailing '.')`;
    if (label.length > 63) return `${what} labels must be at most 63 characters`;
    if (label.startsWith('-') || label.endsWith('-')) return `${what} labels must not start or end with '-'`;
  }
  return undefined;
}

/** A slug as the service uses them (`fra`, `b-1vcpu-1gb`, `ubuntu-20-04-4-x64`). */
export function checkSlug(value: unknown, what = 'slug'): Problem {
  if (typeof value !== 'string' || value.length === 0) return `${what} must be a non-empty string`;
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(value) || value.length > 100) return `${what} is not a valid slug`;
  return undefined;
}

export function checkInteger(value: unknown, min: number, max: number, what: string): Problem {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${what} must be a whole number`;
  if (value < min || value > max) return `${what} must be from ${min} to ${max}`;
  return undefined;
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
  if (typeof value !== 'string' || value.trim() === '') return `${what} is required (an IPv4 address or CIDR)`;
  if (isIPv4(value) || parseCidr(value)) return undefined;
  return `${what} must be an IPv4 address or CIDR such as 0.0.0.0/0 or 192.168.1.0/24`;
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
  if (typeof value !== 'string' || value.trim() === '') return `${what} is required (for example 10.10.0.0/16)`;
  const cidr = parseCidr(value);
  if (!cidr) return `${what} must be an IPv4 CIDR such as 10.10.0.0/16`;
  if (cidr.prefix < VPC_PREFIX_MIN || cidr.prefix > VPC_PREFIX_MAX) {
    return `${what} prefix must be from /${VPC_PREFIX_MIN} to /${VPC_PREFIX_MAX}`;
  }
  if (!isNetworkAligned(cidr)) return `${what} must be a network address (host bits zero)`;
  if (!PRIVATE_RANGES.some((range) => contains(range, cidr))) {
    return `${what} must be inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16`;
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
  return `${what} must be TCP, UDP, ICMP, or empty for all`;
}

export const LB_PROTOCOLS = ['http', 'https', 'http2', 'tcp'] as const;
export const LB_HEALTH_PROTOCOLS = ['http', 'tcp'] as const;
export const LB_ALGORITHMS = ['round_robin', 'least_connections'] as const;

export function checkOneOf(value: unknown, allowed: readonly string[], what: string): Problem {
  if (typeof value === 'string' && allowed.includes(value)) return undefined;
  return `${what} must be one of ${allowed.join(', ')}`;
}

export function checkVolumeSize(value: unknown, currentGb = 0, what = 'size_gigabytes'): Problem {
  const base = checkInteger(value, VOLUME_MIN_GB, VOLUME_MAX_GB, what);
  if (base) return base;
  if ((value as number) <= currentGb) return `${what} must be larger than the current ${currentGb} GB`;
  return undefined;
}

export function checkNodeCount(value: unknown, what = 'count'): Problem {
  return checkInteger(value, NODE_COUNT_MIN, NODE_COUNT_MAX, what);
}

export function checkUserdata(value: unknown, what = 'userdata'): Problem {
  if (typeof value !== 'string') return `${what} must be a string`;
  if (value.trim() === '') return `${what} must not be empty`;
  if (Buffer.byteLength(value, 'utf8') > USERDATA_MAX_BYTES) return `${what} must be at most 64 KB`;
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
  if (value === undefined) return `${what} must be a whole number`;
  return check(value);
}

/** Tag names typed as one comma-separated line: trimmed, empty entries and repeats dropped. */
export function parseTagList(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** A comma-separated tag list; empty means no tags. Each tag is a name (see checkName). */
export function checkTagList(value: unknown, what = 'tags'): Problem {
  if (typeof value !== 'string') return `${what} must be a string`;
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
  if (taken.includes(value as number)) return `${what} ${value as number} is already used by another forwarding rule`;
  return undefined;
}

/** A health-check path: starts with '/', no spaces or control characters, at most 255 characters. */
export function checkHealthCheckPath(value: unknown, what = 'path'): Problem {
  if (typeof value !== 'string' || value === '') return `${what} is required (for example /health)`;
  if (!value.startsWith('/')) return `${what} must start with '/'`;
  if (/\s/.test(value) || CONTROL.test(value)) return `${what} must not contain spaces or control characters`;
  if (value.length > NAME_MAX) return `${what} must be at most ${NAME_MAX} characters`;
  return undefined;
}

/** A cookie name as HTTP allows it (an RFC 6265 token): letters, digits and !#$%&'*+-.^_`|~. */
export function checkCookieName(value: unknown, what = 'cookie name'): Problem {
  if (typeof value !== 'string' || value === '') return `${what} is required`;
  if (value.length > 64) return `${what} must be at most 64 characters`;
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(value)) return `${what} may contain only letters, digits and !#$%&'*+-.^_\`|~`;
  return undefined;
}

export const COOKIE_TTL_MAX = 31_536_000;

/** Seconds until a sticky-session cookie expires: 1 second to a year. */
export function checkCookieTtl(value: unknown, what = 'ttl'): Problem {
  return checkInteger(value, 1, COOKIE_TTL_MAX, what);
}

/** A Kubernetes version as the service names them: `1.30`, `1.30.2` or `1.30.2-00`. */
export function checkKubernetesVersion(value: unknown, what = 'version'): Problem {
  if (typeof value !== 'string' || value.trim() === '') return `${what} is required (for example 1.30.2-00)`;
  if (!/^[0-9]+\.[0-9]+(\.[0-9]+)?(-[A-Za-z0-9.]+)?$/.test(value)) return `${what} must look like 1.30.2-00 (major.minor.patch-suffix)`;
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
  return clash ? `${what} overlaps ${clash}, used by another VPC in this region` : undefined;
}

/** The first /16 of 10.0.0.0/8 (from 10.10.0.0/16 on) that overlaps none of `taken`. */
export function suggestVpcCidr(taken: readonly string[]): string {
  for (let octet = 10; octet < 256; octet++) {
    const candidate = `10.${octet}.0.0/16`;
    if (!taken.some((other) => cidrsOverlap(candidate, other))) return candidate;
  }
  return '10.10.0.0/16';
}
