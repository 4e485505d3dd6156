/**
 * Which certificate authorities the client trusts, as VS Code does: Node's bundled roots, the file named by
 * NODE_EXTRA_CA_CERTS, and (`http.systemCertificates`, on by default) the operating system's store, where a
 * company installs the root of its TLS-inspecting proxy. And what a certificate problem is, in words.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import * as l10n from '@vscode/l10n';

export interface TrustSettings {
  /** `http.systemCertificates`: also trust the operating system's certificate store (default true). */
  readonly systemCertificates?: boolean;
  /** More authorities to trust, in PEM (for tests, and for callers that hold a CA of their own). */
  readonly extraCertificates?: readonly string[];
}

/** What tls.connect is given: a secure context holding the trusted authorities, or nothing (Node's default). */
export interface TlsConnectOptions {
  readonly secureContext?: tls.SecureContext;
}

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export function splitPem(text: string): string[] {
  return text.match(PEM) ?? [];
}

/** Where Linux distributions keep their bundle of trusted roots (Debian and Ubuntu first). */
export const LINUX_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/cert.pem',
  '/usr/local/etc/ssl/cert.pem',
] as const;

type NodeTls = typeof tls & { getCACertificates?: (kind: 'default' | 'system' | 'bundled' | 'extra') => string[] };

export interface SystemStoreAccess {
  readonly platform: NodeJS.Platform;
  readonly getCACertificates: NodeTls['getCACertificates'];
  readonly readFile: (path: string) => string;
  readonly run: (command: string, args: readonly string[]) => string;
}

const realAccess = (): SystemStoreAccess => ({
  platform: process.platform,
  getCACertificates: (tls as NodeTls).getCACertificates?.bind(tls),
  readFile: (path) => readFileSync(path, 'utf8'),
  run: (command, args) => execFileSync(command, args, { encoding: 'utf8', timeout: 15_000, maxBuffer: 32 * 1024 * 1024, windowsHide: true }),
});

/**
 * The operating system's trusted roots. Node 22.15 and later read them itself (`tls.getCACertificates`);
 * on Node 20 (older VS Code builds): the distribution's bundle file on Linux, the `security` tool on macOS,
 * PowerShell's certificate drive on Windows. Empty when none can be read.
 */
export function readSystemCertificates(access: SystemStoreAccess = realAccess()): string[] {
  if (access.getCACertificates) {
    try {
      return access.getCACertificates('system');
    } catch {
      // fall through to the ways that work without it
    }
  }
  try {
    if (access.platform === 'darwin') {
      return splitPem(access.run('/usr/bin/security', [
        'find-certificate', '-a', '-p', '/System/Library/Keychains/SystemRootCertificates.keychain', '/Library/Keychains/System.keychain',
      ]));
    }
    if (access.platform === 'win32') {
      const script = 'Get-ChildItem Cert:\\LocalMachine\\Root, Cert:\\CurrentUser\\Root | ForEach-Object { [Convert]::ToBase64String($_.RawData) }';
      return access.run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script])
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => /^[A-Za-z0-9+/=]{100,}$/.test(line))
        .map((base64) => `-----BEGIN CERTIFICATE-----\n${base64.replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`);
    }
  } catch {
    return [];
  }
  for (const file of LINUX_BUNDLES) {
    try {
      const found = splitPem(access.readFile(file));
      if (found.length > 0) return found;
    } catch {
      // the next place
    }
  }
  return [];
}

/** Node's bundled roots and NODE_EXTRA_CA_CERTS, which an explicit list of authorities would otherwise drop. */
function defaultCertificates(access: SystemStoreAccess, extraFile: string | undefined): string[] {
  if (access.getCACertificates) {
    try {
      return access.getCACertificates('default');
    } catch {
      // as on Node 20
    }
  }
  let extra: string[] = [];
  try {
    if (extraFile) extra = splitPem(access.readFile(extraFile));
  } catch {
    // Node itself warns about an unreadable NODE_EXTRA_CA_CERTS at start-up
  }
  return [...tls.rootCertificates, ...extra];
}

let systemStore: string[] | undefined;
const contexts = new Map<string, tls.SecureContext>();

/**
 * The TLS options for connections to the API (and to an https:// proxy). One secure context per set of
 * settings for the whole process: parsing a few hundred roots per connection would cost more than the
 * handshake.
 */
export function tlsConnectOptions(settings: TrustSettings = {}, access?: SystemStoreAccess): TlsConnectOptions {
  const system = settings.systemCertificates ?? true;
  const extra = settings.extraCertificates ?? [];
  if (!system && extra.length === 0) return {};
  const key = `${system}\n${extra.join('\n')}`;
  let secureContext = access ? undefined : contexts.get(key);
  if (!secureContext) {
    const from = access ?? realAccess();
    const systemCertificates = system ? (access ? readSystemCertificates(from) : (systemStore ??= readSystemCertificates(from))) : [];
    const ca = [...new Set([...defaultCertificates(from, process.env.NODE_EXTRA_CA_CERTS), ...systemCertificates, ...extra])];
    secureContext = tls.createSecureContext({ ca });
    if (!access) contexts.set(key, secureContext);
  }
  return { secureContext };
}

// ── certificate problems ──────────────────────────────────────────────────────

export type CertificateProblem = 'self-signed' | 'untrusted' | 'expired' | 'not-yet-valid' | 'wrong-name' | 'revoked' | 'invalid';

const PROBLEM_OF_CODE: Readonly<Record<string, CertificateProblem>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not-yet-valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong-name',
  CERT_REVOKED: 'revoked',
  CERT_REJECTED: 'invalid',
  CERT_SIGNATURE_FAILURE: 'invalid',
  INVALID_CA: 'invalid',
  INVALID_PURPOSE: 'invalid',
  CERT_CHAIN_TOO_LONG: 'invalid',
  PATH_LENGTH_EXCEEDED: 'invalid',
};

export interface CertificateFailure {
  readonly problem: CertificateProblem;
  readonly code: string;
  /** For a wrong name: the names the certificate is for (`DNS:a.example, DNS:b.example`). */
  readonly names?: string;
}

/** The certificate problem anywhere in an error's chain of causes, or undefined when it is none. */
export function certificateFailure(error: unknown): CertificateFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, cert, cause } = current as { code?: unknown; cert?: { subjectaltname?: unknown }; cause?: unknown };
    const problem = typeof code === 'string' ? PROBLEM_OF_CODE[code] : undefined;
    if (problem) {
      // The server wrote these: keep what a name list can hold, so they can never become markup or lines.
      const names = typeof cert?.subjectaltname === 'string' ? cert.subjectaltname.replace(/[^\w.*:, -]/g, '').slice(0, 300) : undefined;
      return { problem, code: code as string, ...(names ? { names } : {}) };
    }
    current = cause;
  }
  return undefined;
}

/** One sentence naming the host and the reason. */
export function describeCertificateFailure(host: string, failure: CertificateFailure): string {
  switch (failure.problem) {
    case 'self-signed':
      return l10n.t('The certificate of {0} is not trusted: it is self-signed.', host);
    case 'untrusted':
      return l10n.t('The certificate of {0} is not trusted: it was issued by a certificate authority this machine does not trust.', host);
    case 'expired':
      return l10n.t('The certificate of {0} has expired.', host);
    case 'not-yet-valid':
      return l10n.t('The certificate of {0} is not valid yet (check this machine\'s clock).', host);
    case 'wrong-name':
      return failure.names
        ? l10n.t('The certificate presented by {0} is for another name ({1}).', host, failure.names)
        : l10n.t('The certificate presented by {0} is for another name.', host);
    case 'revoked':
      return l10n.t('The certificate of {0} has been revoked.', host);
    default:
      return l10n.t('The certificate of {0} was refused ({1}).', host, failure.code);
  }
}
