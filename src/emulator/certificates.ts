/**
 * Certificates for the emulator's HTTPS (`--tls`) and for tests of certificate problems: a certificate
 * authority made for the run, server certificates it issues (or that sign themselves), with any names and
 * validity. Node's own crypto makes the keys and signatures; this file only lays out the X.509 structure in
 * DER (RFC 5280), which is a few nested sequences. No library: @peculiar/x509 needs a reflect polyfill and
 * adds 350 KB, node-forge re-implements in JavaScript the crypto Node already has.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';

// ── DER, only what a certificate needs ─────────────────────────────────────────

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const octets = (value: Buffer) => tlv(0x04, value);
const bits = (value: Buffer, unused = 0) => tlv(0x03, Buffer.from([unused]), value);
const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
/** [n] EXPLICIT */
const explicit = (n: number, inner: Buffer) => tlv(0xa0 | n, inner);

function integer(value: Buffer | number): Buffer {
  let bytes = typeof value === 'number' ? Buffer.from([value]) : value;
  while (bytes.length > 1 && bytes[0] === 0 && bytes[1]! < 0x80) bytes = bytes.subarray(1);
  if (bytes[0]! >= 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const out = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime until 2049, GeneralizedTime after, as RFC 5280 asks. */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

// ── X.509 ──────────────────────────────────────────────────────────────────────

const ECDSA_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));
const name = (commonName: string) => sequence(set(sequence(oid('2.5.4.3'), utf8(commonName))));
const extension = (id: string, critical: boolean, value: Buffer) => sequence(oid(id), ...(critical ? [boolean(true)] : []), octets(value));

function keyIdentifier(publicKey: KeyObject): Buffer {
  return createHash('sha1').update(publicKey.export({ type: 'spki', format: 'der' })).digest();
}

/** DNS names and IP addresses, as subjectAltName entries ([2] dNSName, [7] iPAddress). */
function altNames(names: readonly string[]): Buffer {
  return sequence(
    ...names.map((entry) => {
      const ip = isIP(entry);
      if (ip === 4) return tlv(0x87, Buffer.from(entry.split('.').map(Number)));
      if (ip === 6) return tlv(0x87, ipv6Bytes(entry));
      return tlv(0x82, Buffer.from(entry, 'ascii'));
    }),
  );
}

function ipv6Bytes(address: string): Buffer {
  const [head, tail = ''] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head!);
  const right = address.includes('::') ? groups(tail) : [];
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return Buffer.from(all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}

export interface KeyPair {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

/** A certificate and its private key, in PEM. */
export interface Issued {
  readonly cert: string;
  readonly key: string;
}

export interface Authority extends Issued {
  readonly commonName: string;
  readonly keys: KeyPair;
}

export interface CertificateOptions {
  /** DNS names and IP addresses the certificate is for; the first is also its common name. */
  readonly names: readonly string[];
  readonly notBefore?: Date;
  readonly notAfter?: Date;
}

const DAY = 86_400_000;

function newKeys(): KeyPair {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

function certificate(fields: {
  subject: string;
  issuer: string;
  subjectKey: KeyObject;
  signingKey: KeyObject;
  issuerKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  extensions: Buffer[];
}): string {
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    ECDSA_SHA256,
    name(fields.issuer),
    sequence(time(fields.notBefore), time(fields.notAfter)),
    name(fields.subject),
    fields.subjectKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(
      extension('2.5.29.14', false, octets(keyIdentifier(fields.subjectKey))),
      extension('2.5.29.35', false, sequence(tlv(0x80, keyIdentifier(fields.issuerKey)))),
      ...fields.extensions,
    )),
  );
  const der = sequence(tbs, ECDSA_SHA256, bits(sign('sha256', tbs, fields.signingKey)));
  const base64 = der.toString('base64').replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${base64}-----END CERTIFICATE-----\n`;
}

const pemKey = (keys: KeyPair) => keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** A certificate authority for this run only: it can sign server certificates, nothing else. */
export function createAuthority(commonName = 'Stacklet Emulator Test CA', validDays = 30): Authority {
  const keys = newKeys();
  const now = Date.now();
  const cert = certificate({
    subject: commonName,
    issuer: commonName,
    subjectKey: keys.publicKey,
    signingKey: keys.privateKey,
    issuerKey: keys.publicKey,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + validDays * DAY),
    extensions: [
      extension('2.5.29.19', true, sequence(boolean(true), integer(0))),
      // keyCertSign and cRLSign: bits 5 and 6, one unused bit
      extension('2.5.29.15', true, bits(Buffer.from([0x06]), 1)),
    ],
  });
  return { cert, key: pemKey(keys), commonName, keys };
}

function serverExtensions(names: readonly string[]): Buffer[] {
  return [
    extension('2.5.29.19', true, sequence()),
    // digitalSignature: bit 0, seven unused bits
    extension('2.5.29.15', true, bits(Buffer.from([0x80]), 7)),
    extension('2.5.29.37', false, sequence(oid('1.3.6.1.5.5.7.3.1'))),
    extension('2.5.29.17', false, altNames(names)),
  ];
}

function validity(options: CertificateOptions): { notBefore: Date; notAfter: Date } {
  const now = Date.now();
  return { notBefore: options.notBefore ?? new Date(now - DAY), notAfter: options.notAfter ?? new Date(now + 30 * DAY) };
}

/** A server certificate for `names`, signed by `authority`. */
export function issueCertificate(authority: Authority, options: CertificateOptions): Issued {
  if (options.names.length === 0) throw new RangeError('a certificate needs at least one name');
  const keys = newKeys();
  const cert = certificate({
    subject: options.names[0]!,
    issuer: authority.commonName,
    subjectKey: keys.publicKey,
    signingKey: authority.keys.privateKey,
    issuerKey: authority.keys.publicKey,
    ...validity(options),
    extensions: serverExtensions(options.names),
  });
  return { cert, key: pemKey(keys) };
}

/** A server certificate that signs itself, as a misconfigured or intercepting server presents. */
export function selfSignedCertificate(options: CertificateOptions): Issued {
  if (options.names.length === 0) throw new RangeError('a certificate needs at least one name');
  const keys = newKeys();
  const cert = certificate({
    subject: options.names[0]!,
    issuer: options.names[0]!,
    subjectKey: keys.publicKey,
    signingKey: keys.privateKey,
    issuerKey: keys.publicKey,
    ...validity(options),
    extensions: serverExtensions(options.names),
  });
  return { cert, key: pemKey(keys) };
}
