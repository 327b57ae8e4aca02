/**
 * Signing credentials from a .p12/.pfx (PKCS#12), parsed once with node-forge and cached, so that
 * callers can ask for them per invoice: parsing costs tens of milliseconds (PBKDF + 3DES/AES in JS),
 * signing with the parsed key about one.
 */
import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

/** Everything the XAdES-BES signer needs from the certificate, precomputed. */
export interface SigningCredentials {
  /** The RSA private key (node:crypto). */
  privateKey: KeyObject;
  /** The signing certificate, DER. */
  certificateDer: Buffer;
  /** `certificateDer` in base64 (no line breaks), for ds:X509Certificate. */
  certificateBase64: string;
  /** RSA modulus, big-endian without leading zero bytes, base64 (ds:Modulus). */
  modulusBase64: string;
  /** RSA public exponent, base64 (ds:Exponent), usually "AQAB". */
  exponentBase64: string;
  /**
   * Issuer distinguished name as SRI signers write ds:X509IssuerName: RFC 2253 order (most specific
   * first, e.g. "CN=AC BANCO CENTRAL DEL ECUADOR,L=QUITO,OU=…,O=BANCO CENTRAL DEL ECUADOR,C=EC"),
   * RFC 2253 escaping, and the keywords Java's X500Principal parses (EMAILADDRESS, SERIALNUMBER…).
   */
  issuerName: string;
  /** Certificate serial number in decimal (ds:X509SerialNumber is xsd:integer). */
  serialNumberDecimal: string;
  /** SHA-1 of `certificateDer`, base64 (xades:CertDigest). */
  certDigestSha1Base64: string;
  /** Subject distinguished name, same format as `issuerName`. */
  subject: string;
  notBefore: Date;
  notAfter: Date;
}

const MAX_CACHED = 1000;
const cache = new Map<string, SigningCredentials>();

/**
 * Empties the credentials cache (tests; or after a company replaces its certificate, although a new
 * file has a new cache key anyway).
 */
export function clearCredentialsCache(): void {
  cache.clear();
}

/** RFC 2253 / X500Principal keywords by OID; other attribute types are written as a dotted OID. */
const KEYWORDS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'T',
  '2.5.4.4': 'SURNAME',
  '2.5.4.42': 'GIVENNAME',
  '2.5.4.43': 'INITIALS',
  '2.5.4.44': 'GENERATION',
  '2.5.4.46': 'DNQ',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
  // The SRI validator (MITyC on Java) parses the name with X500Principal, which knows EMAILADDRESS and
  // SERIALNUMBER but not OpenSSL's `E` / `serialNumber` spellings.
  '1.2.840.113549.1.9.1': 'EMAILADDRESS',
  '2.5.4.5': 'SERIALNUMBER',
};

/** forge leaves attribute values as raw bytes: decode UTF8String and BMPString. */
function attributeText(a: { value?: unknown; valueTagClass?: number }): string {
  const raw = String(a.value ?? '');
  if (a.valueTagClass === forge.asn1.Type.UTF8) {
    try {
      return forge.util.decodeUtf8(raw);
    } catch {
      return raw;
    }
  }
  if (a.valueTagClass === forge.asn1.Type.BMPSTRING) {
    return Buffer.from(raw, 'binary').swap16().toString('utf16le');
  }
  return raw;
}

const escapeRdnValue = (v: string) =>
  v
    .replace(/[,+"\\<>;]/g, '\\$&')
    .replace(/^[ #]/, '\\$&')
    .replace(/ $/, '\\ ');

/** forge keeps a name as a flat attribute list in certificate order; RFC 2253 writes it reversed. */
function distinguishedName(attributes: forge.pki.CertificateField[]): string {
  const parts: string[] = [];
  for (let i = attributes.length - 1; i >= 0; i--) {
    const a = attributes[i];
    const type = a.type ?? '';
    parts.push(`${KEYWORDS[type] ?? type}=${escapeRdnValue(attributeText(a as { value?: unknown; valueTagClass?: number }))}`);
  }
  return parts.join(',');
}

/** DER INTEGER (two's complement, hex from forge) -> decimal, as Java's BigInteger prints it. */
function serialToDecimal(hex: string): string {
  const clean = hex.length % 2 ? `0${hex}` : hex;
  let n = BigInt(`0x${clean || '0'}`);
  if (clean.length > 0 && parseInt(clean.slice(0, 2), 16) >= 0x80) n -= 1n << BigInt(clean.length * 4);
  return n.toString(10);
}

const base64UrlToBase64 = (s: string) => Buffer.from(s, 'base64url').toString('base64');

interface Candidate {
  key: forge.pki.rsa.PrivateKey;
  cert: forge.pki.Certificate;
  /** 2: keyUsage has digitalSignature; 1: no keyUsage extension (any use allowed, RFC 5280 4.2.1.3). */
  rank: number;
}

function signingRank(cert: forge.pki.Certificate): number {
  const ku = cert.getExtension('keyUsage') as { digitalSignature?: boolean } | null;
  if (!ku) return 1;
  return ku.digitalSignature ? 2 : 0;
}

function sameRsaKey(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const pub = cert.publicKey as Partial<forge.pki.rsa.PublicKey>;
  return Boolean(pub.n && pub.e && key.n && key.e && pub.n.equals(key.n) && pub.e.equals(key.e));
}

/** Prefer explicit digitalSignature, then a certificate valid now, then the one that expires last. */
function better(a: Candidate, b: Candidate, now: number): Candidate {
  if (a.rank !== b.rank) return a.rank > b.rank ? a : b;
  const valid = (c: Candidate) => c.cert.validity.notBefore.getTime() <= now && now <= c.cert.validity.notAfter.getTime();
  if (valid(a) !== valid(b)) return valid(a) ? a : b;
  return b.cert.validity.notAfter.getTime() > a.cert.validity.notAfter.getTime() ? b : a;
}

function parsePkcs12(p12: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw new Error('El archivo no es un certificado .p12/.pfx válido');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (err) {
    const msg = (err as Error).message ?? '';
    // forge: "PKCS#12 MAC could not be verified. Invalid password?" (file with a MAC) or
    // "Unable to decrypt PKCS#8 ShroudedKeyBag, wrong password?" (file without one).
    if (/password|MAC/i.test(msg)) throw new Error('La contraseña del certificado es incorrecta');
    throw new Error(`No se pudo leer el certificado .p12/.pfx: ${msg}`);
  }
}

/**
 * Reads a .p12/.pfx and returns what the XAdES-BES signer needs (SRI ficha técnica offline, firma
 * electrónica; ETSI XAdES 1.3.2 SigningCertificate). The result is cached by
 * sha256(file) + sha256(password), so calling this per invoice costs one SHA-256 of the file; the
 * returned object is shared and frozen.
 *
 * When the file holds several certificates (CA chain, renewals, Banco Central's separate signing and
 * encryption pairs) it picks the certificate whose RSA public key matches a private key in the file
 * and whose keyUsage includes digitalSignature (a certificate without keyUsage is accepted only when
 * no such one exists); ties go to the certificate valid now, then to the one that expires last.
 * Expiry is not checked here (callers decide: see company-certificate.ts).
 *
 * @param p12 the .p12/.pfx bytes.
 * @param password its password ('' for none).
 * @throws Error('La contraseña del certificado es incorrecta') for a wrong password.
 * @throws Error (Spanish message) for a file that is not PKCS#12, or with no RSA private key that has
 *   a matching signing certificate.
 * @example
 * const creds = loadSigningCredentials(p12, password);
 * const signed = signComprobante(xml, creds);
 */
export function loadSigningCredentials(p12: Buffer, password: string): SigningCredentials {
  const cacheKey = `${createHash('sha256').update(p12).digest('hex')}:${createHash('sha256').update(password, 'utf8').digest('hex')}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;

  const pfx = parsePkcs12(p12, password);
  const keys = [
    ...(pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(pfx.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ]
    .map((bag) => bag.key as forge.pki.rsa.PrivateKey | null | undefined)
    .filter((k): k is forge.pki.rsa.PrivateKey => Boolean(k && k.n));
  const certs = (pfx.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));

  const now = Date.now();
  let chosen: Candidate | undefined;
  for (const key of keys) {
    for (const cert of certs) {
      const rank = signingRank(cert);
      if (rank === 0 || !sameRsaKey(cert, key)) continue;
      const candidate = { key, cert, rank };
      chosen = chosen ? better(chosen, candidate, now) : candidate;
    }
  }
  if (!chosen) {
    throw new Error('El certificado no contiene una clave privada RSA con un certificado de firma electrónica (uso digitalSignature) que le corresponda');
  }

  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(chosen.key));
  const certificateDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(chosen.cert)).getBytes(), 'binary');
  // Cross-check with OpenSSL that the DER forge wrote is a certificate for this very key.
  const x509 = new X509Certificate(certificateDer);
  if (!x509.checkPrivateKey(privateKey)) {
    throw new Error('El certificado del archivo no corresponde a su clave privada');
  }
  const jwk = x509.publicKey.export({ format: 'jwk' });
  const creds: SigningCredentials = Object.freeze({
    privateKey,
    certificateDer,
    certificateBase64: certificateDer.toString('base64'),
    modulusBase64: base64UrlToBase64(jwk.n ?? ''),
    exponentBase64: base64UrlToBase64(jwk.e ?? ''),
    issuerName: distinguishedName(chosen.cert.issuer.attributes),
    serialNumberDecimal: serialToDecimal(chosen.cert.serialNumber),
    certDigestSha1Base64: createHash('sha1').update(certificateDer).digest('base64'),
    subject: distinguishedName(chosen.cert.subject.attributes),
    notBefore: chosen.cert.validity.notBefore,
    notAfter: chosen.cert.validity.notAfter,
  });
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, creds);
  return creds;
}
