// Certificates of the PSD2 interface: the sandbox's test certificate authority, the TPP
// certificates it issues (eIDAS-style: organisation identifier and PSD2 QCStatement), the
// listener's own, and reading the certificate a TPP presents.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import {
  decodePsd2QcStatements,
  encodePsd2QcStatements,
  QC_STATEMENTS_OID,
  type PspRole,
} from './qc-statement.ts';

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;
/** The subject attribute carrying a legal person's identifier (X.520 organizationIdentifier, ETSI EN 319 412-1 §5.1.4). */
const ORGANIZATION_IDENTIFIER = '2.5.4.97';
const DAY_MS = 86_400_000;
/** The authority every sandbox certificate names (the French one). */
export const SANDBOX_AUTHORITY = {
  authorityName: 'Autorité de contrôle prudentiel et de résolution',
  authorityId: 'FR-ACPR',
} as const;

export interface PemPair {
  certificate: string;
  privateKey: string;
}

const pem = (label: string, der: ArrayBuffer): string => x509.PemConverter.encode(der, label);

function keyPair() {
  return crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
}

type KeyPair = Awaited<ReturnType<typeof keyPair>>;

async function pair(certificate: x509.X509Certificate, keys: KeyPair): Promise<PemPair> {
  return {
    certificate: certificate.toString('pem'),
    privateKey: pem('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', keys.privateKey)),
  };
}

function importSigningKey(privateKeyPem: string) {
  return crypto.subtle.importKey(
    'pkcs8',
    x509.PemConverter.decodeFirst(privateKeyPem),
    KEY_ALGORITHM,
    false,
    ['sign'],
  );
}

/** A self-signed certificate authority, valid ten years from `now`. */
export async function createCertificateAuthority(commonName: string, now: Date): Promise<PemPair> {
  const keys = await keyPair();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${commonName}, O=Comptoir sandbox`,
    keys,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + 3650 * DAY_MS),
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return pair(certificate, keys);
}

export interface TppCertificateRequest {
  /** ETSI EN 319 412-1 form: `PSD` + country + `-` + authority + `-` + the authority's identifier. */
  organisationId: string;
  name: string;
  roles: PspRole[];
  /** Defaults: valid from a day before `now` for a year. */
  notBefore?: Date;
  notAfter?: Date;
}

const escapeRdn = (value: string): string => value.replace(/([,+"\\<>;=])/g, '\\$1');

/** A TPP's client certificate signed by `ca`: its name, organisation identifier and PSD2 roles. */
export async function issueTppCertificate(
  ca: PemPair,
  request: TppCertificateRequest,
  now: Date,
): Promise<PemPair> {
  const keys = await keyPair();
  const issuer = new x509.X509Certificate(ca.certificate);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${escapeRdn(request.name)}, O=${escapeRdn(request.name)}, ${ORGANIZATION_IDENTIFIER}=${escapeRdn(request.organisationId)}, C=FR`,
    issuer: issuer.subject,
    notBefore: request.notBefore ?? new Date(now.getTime() - DAY_MS),
    notAfter: request.notAfter ?? new Date(now.getTime() + 365 * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: await importSigningKey(ca.privateKey),
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
      new x509.Extension(
        QC_STATEMENTS_OID,
        false,
        encodePsd2QcStatements({ roles: request.roles, ...SANDBOX_AUTHORITY }),
      ),
    ],
  });
  return pair(certificate, keys);
}

/** The PSD2 listener's own TLS certificate for `hostnames`, signed by `ca`. */
export async function issueServerCertificate(ca: PemPair, hostnames: string[], now: Date): Promise<PemPair> {
  const keys = await keyPair();
  const issuer = new x509.X509Certificate(ca.certificate);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${hostnames[0] ?? 'localhost'}`,
    issuer: issuer.subject,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + 365 * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: await importSigningKey(ca.privateKey),
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        hostnames.map((host) =>
          /^[\d.]+$|:/.test(host)
            ? { type: 'ip' as const, value: host }
            : { type: 'dns' as const, value: host },
        ),
      ),
    ],
  });
  return pair(certificate, keys);
}

function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f; // a positive INTEGER
  return Buffer.from(bytes).toString('hex');
}

/** Who a TPP certificate says its holder is. */
export interface TppIdentity {
  organisationId: string;
  name: string;
  roles: PspRole[];
  authorityId: string;
  /** SHA-256 of the certificate's DER, hex: which certificate made a call. */
  fingerprint: string;
}

/** Why a presented certificate is refused: the Berlin Group's codes (NextGenPSD2 IG §14.11). */
export type CertificateRefusal = 'CERTIFICATE_INVALID' | 'CERTIFICATE_EXPIRED';

/**
 * The identity in a TPP's certificate (PEM or DER), when an authority of `trusted` signed it, it is
 * valid at `now`, and it carries an organisation identifier and a PSD2 QCStatement. TLS already
 * proved the caller holds its key (directly) or the front did (behind nginx).
 */
export async function identifyTpp(
  presented: string | Buffer,
  trusted: readonly string[],
  now: Date,
): Promise<{ identity: TppIdentity } | { refusal: CertificateRefusal }> {
  let certificate: x509.X509Certificate;
  try {
    certificate = new x509.X509Certificate(
      typeof presented === 'string' ? presented : new Uint8Array(presented),
    );
  } catch {
    return { refusal: 'CERTIFICATE_INVALID' };
  }
  if (!(await signedByOneOf(certificate, trusted))) return { refusal: 'CERTIFICATE_INVALID' };
  if (now < certificate.notBefore || now > certificate.notAfter) return { refusal: 'CERTIFICATE_EXPIRED' };
  const organisationId = certificate.subjectName.getField(ORGANIZATION_IDENTIFIER)[0];
  const name = certificate.subjectName.getField('O')[0] ?? certificate.subjectName.getField('CN')[0];
  const extension = certificate.getExtension(QC_STATEMENTS_OID);
  const statement = extension ? decodePsd2QcStatements(extension.value) : null;
  if (!organisationId || !name || !statement) return { refusal: 'CERTIFICATE_INVALID' };
  const fingerprint = Buffer.from(await certificate.getThumbprint('SHA-256')).toString('hex');
  return {
    identity: {
      organisationId,
      name,
      roles: statement.roles,
      authorityId: statement.authorityId,
      fingerprint,
    },
  };
}

async function signedByOneOf(
  certificate: x509.X509Certificate,
  trusted: readonly string[],
): Promise<boolean> {
  for (const authorityPem of trusted) {
    const authority = new x509.X509Certificate(authorityPem);
    if (authority.subject !== certificate.issuer) continue;
    // The signature only: the dates are checked against the application's clock, not the system's.
    if (await certificate.verify({ publicKey: authority.publicKey, signatureOnly: true })) return true;
  }
  return false;
}

/** Each certificate of a PEM bundle (the operator's trusted authorities). */
export function splitPemBundle(bundle: string): string[] {
  return bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
