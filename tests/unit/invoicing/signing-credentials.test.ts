import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, sign, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearCredentialsCache, loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';

// ---- building .p12 files the way CAs ship them ---------------------------------------------------

interface KeyPair {
  forgeKey: forge.pki.rsa.PrivateKey;
  forgePub: forge.pki.rsa.PublicKey;
}

function newKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    forgeKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forgePub: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

type Name = Array<{ shortName?: string; name?: string; type?: string; value: string; valueTagClass?: number }>;

function newCert(o: { subject: Name; pair: KeyPair; issuer?: { name: Name; pair: KeyPair }; keyUsage?: Record<string, boolean>; serialHex?: string; from?: Date; to?: Date }) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = o.pair.forgePub;
  cert.serialNumber = o.serialHex ?? '01a2b3c4d5e6f708';
  cert.validity.notBefore = o.from ?? new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = o.to ?? new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject(o.subject);
  cert.setIssuer(o.issuer?.name ?? o.subject);
  cert.setExtensions(o.keyUsage ? [{ name: 'keyUsage', critical: true, ...o.keyUsage }] : []);
  cert.sign(o.issuer?.pair.forgeKey ?? o.pair.forgeKey, forge.md.sha256.create());
  return cert;
}

const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
const certDer = (cert: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(cert));

/** One key with its certificate chain, as forge writes it (3DES, SHA-1 MAC). */
function p12Of(pair: KeyPair, certs: forge.pki.Certificate[], password: string): Buffer {
  return der(forge.pkcs12.toPkcs12Asn1(pair.forgeKey, certs, password, { algorithm: '3des' }));
}

/**
 * Several keys, each with its certificates, in one PFX: what Banco Central ships (a signing pair and
 * an encryption pair). forge writes one key per PFX, so the AuthenticatedSafe contents are merged.
 */
function p12OfPairs(entries: Array<{ pair: KeyPair; certs: forge.pki.Certificate[] }>, password: string): Buffer {
  const pfxs = entries.map((e) => forge.pkcs12.toPkcs12Asn1(e.pair.forgeKey, e.certs, password, { algorithm: '3des', useMac: false }));
  const safes = pfxs.flatMap((pfx) => {
    const octets = ((pfx.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[];
    return forge.asn1.fromDer(octets[0].value as string).value as forge.asn1.Asn1[];
  });
  const merged = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, safes);
  const octets = ((pfxs[0].value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[];
  octets[0].value = forge.asn1.toDer(merged).getBytes();
  return der(pfxs[0]);
}

const SIGNING = { digitalSignature: true, nonRepudiation: true };
const ENCRYPTION = { keyEncipherment: true, dataEncipherment: true };
const CA_NAME: Name = [
  { shortName: 'C', value: 'EC' },
  { shortName: 'O', value: 'BANCO CENTRAL DEL ECUADOR' },
  { shortName: 'OU', value: 'ENTIDAD DE CERTIFICACION DE INFORMACION-ECIBCE' },
  { shortName: 'L', value: 'QUITO' },
  { shortName: 'CN', value: 'AC BANCO CENTRAL DEL ECUADOR' },
];
const person = (cn: string): Name => [
  { shortName: 'C', value: 'EC' },
  { name: 'serialNumber', value: '1714307103' },
  { shortName: 'CN', value: cn, valueTagClass: forge.asn1.Type.UTF8 },
];

const ca = newKeyPair();
const caCert = newCert({ subject: CA_NAME, pair: ca, keyUsage: { keyCertSign: true, cRLSign: true } });
const signer = newKeyPair();
const signerCert = newCert({ subject: person('MARÍA FERNANDA LOZADA'), pair: signer, issuer: { name: CA_NAME, pair: ca }, keyUsage: SIGNING, serialHex: '5e0c1a9f' });

const samePublicKey = (a: Buffer, creds: ReturnType<typeof loadSigningCredentials>) => {
  const signature = sign('sha1', Buffer.from('x'), creds.privateKey);
  return verify('sha1', Buffer.from('x'), new X509Certificate(a).publicKey, signature);
};

beforeEach(() => clearCredentialsCache());

describe('loadSigningCredentials', () => {
  it('returns the key, the certificate and the XAdES values the signer needs', () => {
    const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú, S.A.', password: 'clave', validDays: 30 });
    const c = loadSigningCredentials(p12, 'clave');
    const x509 = new X509Certificate(c.certificateDer);
    expect(c.certificateBase64).toBe(c.certificateDer.toString('base64'));
    expect(c.certDigestSha1Base64).toBe(createHash('sha1').update(c.certificateDer).digest('base64'));
    expect(BigInt(c.serialNumberDecimal)).toBe(BigInt(`0x${x509.serialNumber}`));
    expect(c.subject).toBe('CN=Comercial Ñandú\\, S.A.,SERIALNUMBER=1790016919001,C=EC');
    expect(c.issuerName).toBe(c.subject); // self-signed
    expect(x509.subject).toContain('CN=Comercial Ñandú\\, S.A.'); // UTF-8 survives in the certificate itself
    const jwk = createPublicKey(c.privateKey).export({ format: 'jwk' });
    expect(c.modulusBase64).toBe(Buffer.from(jwk.n!, 'base64url').toString('base64'));
    expect(Buffer.from(c.modulusBase64, 'base64')).toHaveLength(256);
    expect(c.exponentBase64).toBe('AQAB');
    expect(c.notAfter.getTime() - c.notBefore.getTime()).toBe(30 * 86_400_000);
    expect(c.privateKey.asymmetricKeyType).toBe('rsa');
    expect(samePublicKey(c.certificateDer, c)).toBe(true);
  });

  it('refuses a wrong password in Spanish, also after the right one was cached, and a file that is not a .p12', () => {
    const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'EMPRESA', password: 'clave' });
    expect(() => loadSigningCredentials(p12, 'otra')).toThrow(new Error('La contraseña del certificado es incorrecta'));
    loadSigningCredentials(p12, 'clave');
    expect(() => loadSigningCredentials(p12, 'Clave')).toThrow(new Error('La contraseña del certificado es incorrecta'));
    expect(() => loadSigningCredentials(Buffer.from('no soy un certificado'), 'clave')).toThrow(/no es un certificado \.p12\/\.pfx válido/);
  });

  it('picks the certificate of its own key out of a chain, and writes the issuer as SRI signers do', () => {
    const p12 = p12Of(signer, [caCert, signerCert], 'clave'); // CA first, on purpose
    const c = loadSigningCredentials(p12, 'clave');
    expect(c.certificateDer.equals(certDer(signerCert))).toBe(true);
    expect(c.issuerName).toBe('CN=AC BANCO CENTRAL DEL ECUADOR,L=QUITO,OU=ENTIDAD DE CERTIFICACION DE INFORMACION-ECIBCE,O=BANCO CENTRAL DEL ECUADOR,C=EC');
    expect(c.subject).toBe('CN=MARÍA FERNANDA LOZADA,SERIALNUMBER=1714307103,C=EC');
    expect(c.serialNumberDecimal).toBe(String(0x5e0c1a9f));
    expect(samePublicKey(c.certificateDer, c)).toBe(true);
  });

  it('picks the digitalSignature pair when the file also holds an encryption pair (Banco Central)', () => {
    const enc = newKeyPair();
    const encCert = newCert({ subject: person('MARÍA FERNANDA LOZADA'), pair: enc, issuer: { name: CA_NAME, pair: ca }, keyUsage: ENCRYPTION, serialHex: '11' });
    const p12 = p12OfPairs([{ pair: enc, certs: [encCert, caCert] }, { pair: signer, certs: [signerCert] }], 'clave');
    const c = loadSigningCredentials(p12, 'clave');
    expect(c.certificateDer.equals(certDer(signerCert))).toBe(true);
    expect(samePublicKey(c.certificateDer, c)).toBe(true);

    const encryptionOnly = p12OfPairs([{ pair: enc, certs: [encCert, caCert] }], 'clave');
    expect(() => loadSigningCredentials(encryptionOnly, 'clave')).toThrow(/no contiene una clave privada RSA con un certificado de firma/);
  });

  it('prefers the renewed certificate that is valid now over an expired one for the same key', () => {
    const day = 86_400_000;
    const old = newCert({ subject: person('ANA'), pair: signer, keyUsage: SIGNING, serialHex: '0a', from: new Date(Date.now() - 800 * day), to: new Date(Date.now() - 70 * day) });
    const renewed = newCert({ subject: person('ANA'), pair: signer, keyUsage: SIGNING, serialHex: '0b', from: new Date(Date.now() - 70 * day), to: new Date(Date.now() + 660 * day) });
    expect(loadSigningCredentials(p12Of(signer, [renewed, old], 'x'), 'x').serialNumberDecimal).toBe('11');
    clearCredentialsCache();
    expect(loadSigningCredentials(p12Of(signer, [old, renewed], 'x'), 'x').serialNumberDecimal).toBe('11');
  });

  it('parses the file once and serves the same frozen object from the cache', () => {
    const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'EMPRESA', password: 'clave' });
    let t = performance.now();
    const a = loadSigningCredentials(p12, 'clave');
    const firstMs = performance.now() - t;
    t = performance.now();
    const b = loadSigningCredentials(Buffer.from(p12), 'clave'); // same bytes, another Buffer
    const cachedMs = performance.now() - t;
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(cachedMs).toBeLessThan(firstMs);
    clearCredentialsCache();
    const c = loadSigningCredentials(p12, 'clave');
    expect(c).not.toBe(a);
    expect(c.certificateDer.equals(a.certificateDer)).toBe(true);
  });

  it('reads a .p12 written by OpenSSL 3 with its defaults (AES-256, PBKDF2, SHA-256 MAC)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-p12-'));
    const pair = newKeyPair();
    const cert = newCert({ subject: [...person('JUAN PÉREZ'), { name: 'emailAddress', value: 'juan@example.ec', valueTagClass: forge.asn1.Type.IA5STRING }], pair, keyUsage: SIGNING });
    writeFileSync(path.join(dir, 'key.pem'), forge.pki.privateKeyToPem(pair.forgeKey));
    writeFileSync(path.join(dir, 'cert.pem'), forge.pki.certificateToPem(cert));
    const res = spawnSync('openssl', ['pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'out.p12', '-passout', 'pass:clave'], { cwd: dir, encoding: 'utf8' });
    if (res.error) throw new Error('openssl no está instalado: apt-get install -y openssl');
    expect(res.status, res.stderr).toBe(0);
    const p12 = readFileSync(path.join(dir, 'out.p12'));
    expect(spawnSync('openssl', ['pkcs12', '-in', 'out.p12', '-info', '-noout', '-passin', 'pass:clave'], { cwd: dir, encoding: 'utf8' }).stderr).toMatch(/PBES2, PBKDF2, AES-256-CBC/);
    const c = loadSigningCredentials(p12, 'clave');
    expect(c.subject).toBe('EMAILADDRESS=juan@example.ec,CN=JUAN PÉREZ,SERIALNUMBER=1714307103,C=EC');
    expect(c.certificateDer.equals(certDer(cert))).toBe(true);
    expect(() => loadSigningCredentials(p12, 'mala')).toThrow(new Error('La contraseña del certificado es incorrecta'));
  });
});
