import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { signInvoiceXml } from 'ec-sri-invoice-signer';
import forge from 'node-forge';
import { buildFacturaXml } from '../../../server/domain/comprobantes/factura/build-factura-xml.ts';
import { validateFacturaXml } from '../../../server/sri/validate-xsd.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { clearCredentialsCache, loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { sampleFactura } from '../../helpers/factura-sample.ts';

const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'clave' });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'emite-sig-'));

function xmlsec1Verify(xml: string): { ok: boolean; output: string } {
  if (!existsSync('/usr/bin/xmlsec1')) throw new Error('xmlsec1 is missing: apt-get install -y xmlsec1 (the signature test needs an independent verifier)');
  const file = path.join(tmp, `s-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const res = spawnSync('xmlsec1', ['--verify', '--insecure', '--id-attr:id', 'factura', '--id-attr:Id', 'SignedProperties', '--id-attr:Id', 'KeyInfo', file], { encoding: 'utf8' });
  return { ok: res.status === 0, output: `${res.stdout}${res.stderr}` };
}

describe('factura XML', () => {
  it('validates against the official 1.1.0 XSD, with escaped text and no newlines', () => {
    const xml = buildFacturaXml(sampleFactura());
    expect(validateFacturaXml(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<factura id="comprobante" version="1.1.0">');
    expect(xml).toContain('Laptop 14&quot; — ñandú &amp; &lt;cía&gt;');
    expect(xml).toContain('<descripcion>Libro de contabilidad con salto</descripcion>');
    expect(xml).toContain('<cantidad>2.000000</cantidad>');
    expect(xml).toContain('<contribuyenteRimpe>CONTRIBUYENTE RÉGIMEN RIMPE</contribuyenteRimpe>');
    expect(xml).toContain('<pago><formaPago>19</formaPago><total>1000.00</total><plazo>30</plazo><unidadTiempo>dias</unidadTiempo></pago>');
  });

  it('validates with many lines and 15 infoAdicional entries, and the XSD catches what is wrong', () => {
    const doc = sampleFactura({ lines: 60 });
    doc.infoAdicional = Array.from({ length: 15 }, (_, i) => ({ nombre: `Campo${i}`, valor: `Valor ${i}` }));
    expect(validateFacturaXml(buildFacturaXml(doc)).valid).toBe(true);
    const bad = buildFacturaXml(sampleFactura()).replace('<moneda>DOLAR</moneda>', '').replace('<propina>', '<moneda>DOLAR</moneda><propina>');
    const check = validateFacturaXml(bad);
    expect(check.valid).toBe(false);
    expect(check.errors[0]).toMatch(/moneda|propina/);
  });
});

describe('XAdES-BES signature', () => {
  it('verifies with xmlsec1, and a tampered copy does not', () => {
    const signed = signComprobante(buildFacturaXml(sampleFactura()), loadSigningCredentials(p12, 'clave'));
    const ok = xmlsec1Verify(signed);
    expect(ok.output).toMatch(/SignedInfo References \(ok\/all\): 3\/3/);
    expect(ok.ok).toBe(true);
    const tampered = signed.replace(/<importeTotal>[^<]+</, '<importeTotal>1.00<');
    expect(xmlsec1Verify(tampered).ok).toBe(false);
  });

  it('has the SRI form: signature last, ds+etsi declared, SignedProperties → KeyInfo → #comprobante', () => {
    const signed = signComprobante(buildFacturaXml(sampleFactura()), loadSigningCredentials(p12, 'clave'));
    const doc = new DOMParser().parseFromString(signed, 'text/xml');
    const root = doc.documentElement!;
    const last = root.lastChild as unknown as Element;
    expect(last.nodeName).toBe('ds:Signature');
    expect(last.getAttribute('xmlns:ds')).toBe('http://www.w3.org/2000/09/xmldsig#');
    expect(last.getAttribute('xmlns:etsi')).toBe('http://uri.etsi.org/01903/v1.3.2#');
    const refs = Array.from(doc.getElementsByTagName('ds:Reference'));
    expect(refs[0].getAttribute('Type')).toBe('http://uri.etsi.org/01903#SignedProperties');
    expect(refs[1].getAttribute('URI')).toBe(`#${doc.getElementsByTagName('ds:KeyInfo')[0].getAttribute('Id')}`);
    expect(refs[2].getAttribute('URI')).toBe('#comprobante');
    expect(doc.getElementsByTagName('ds:Transform')[0].getAttribute('Algorithm')).toBe('http://www.w3.org/2000/09/xmldsig#enveloped-signature');
    const serial = doc.getElementsByTagName('ds:X509SerialNumber')[0].textContent!;
    expect(serial).toMatch(/^\d+$/); // decimal, not hex
    expect(doc.getElementsByTagName('ds:RSAKeyValue')).toHaveLength(1);
    expect(doc.getElementsByTagName('etsi:MimeType')[0].textContent).toBe('text/xml');
    // Nothing before the signature was reformatted.
    const unsigned = buildFacturaXml(sampleFactura());
    expect(signed.startsWith(unsigned.slice(0, unsigned.lastIndexOf('</factura>')))).toBe(true);
  });

  it('has the element structure of the reference signer (ec-sri-invoice-signer), and both verify', () => {
    // Without a double quote in the text: the reference signer's C14N keeps `&quot;` and its
    // signature then fails verification (ours handles it: see the first test).
    const xml = buildFacturaXml(sampleFactura()).replace('&quot;', '');
    const reference = signInvoiceXml(xml, p12, { pkcs12Password: 'clave' });
    expect(xmlsec1Verify(reference).ok).toBe(true);
    const mine = signComprobante(xml, loadSigningCredentials(p12, 'clave'));
    const shape = (signed: string) => {
      const sig = new DOMParser().parseFromString(signed, 'text/xml').getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
      const paths = new Set<string>();
      const walk = (el: Element, prefix: string) => {
        for (let c = el.firstChild; c; c = c.nextSibling) {
          if (c.nodeType !== 1) continue;
          const p = `${prefix}/${(c as unknown as Element).localName}`;
          paths.add(p);
          walk(c as unknown as Element, p);
        }
      };
      walk(sig as unknown as Element, 'Signature');
      return [...paths].filter((p) => !p.endsWith('/Encoding')).sort();
    };
    // Same elements; the reference also writes an optional xades:Encoding, and orders references
    // comprobante-first where SRI.md (our source) lists SignedProperties first.
    expect(shape(mine)).toEqual(shape(reference));
  });

  it('signs byte-identically from cached credentials for a fixed time, and parses the .p12 once', () => {
    clearCredentialsCache();
    const xml = buildFacturaXml(sampleFactura());
    const a = loadSigningCredentials(p12, 'clave');
    const b = loadSigningCredentials(p12, 'clave');
    expect(b).toBe(a);
    const at = new Date('2026-11-20T15:00:00Z');
    expect(signComprobante(xml, a, { signingTime: at })).toBe(signComprobante(xml, b, { signingTime: at }));
    expect(signComprobante(xml, a, { signingTime: at })).toContain('<etsi:SigningTime>2026-11-20T10:00:00-05:00</etsi:SigningTime>');
  });

  it('refuses a wrong password in Spanish and picks the matching certificate among several', () => {
    expect(() => loadSigningCredentials(p12, 'otra')).toThrow('La contraseña del certificado es incorrecta');
    // A .p12 holding an unrelated CA certificate first, then the signer's: the signer's must be used.
    const signerAsn1 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), 'clave');
    const key = signerAsn1.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]![0].key!;
    const cert = signerAsn1.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]![0].cert!;
    const other = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(generateTestP12({ ruc: '0190072002001', razonSocial: 'Otra CA', password: 'x' }).toString('binary'))), 'x');
    const otherCert = other.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]![0].cert!;
    const both = Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, [otherCert, cert], 'dos', { algorithm: '3des' })).getBytes(), 'binary');
    const creds = loadSigningCredentials(both, 'dos');
    expect(creds.subject).toContain('CN=Comercial Ñandú S.A.');
    const signed = signComprobante(buildFacturaXml(sampleFactura()), creds);
    expect(xmlsec1Verify(signed).ok).toBe(true);
  });
});

describe('xmlsec1 is present', () => {
  it('is installed (CI installs it; the signature tests depend on it)', () => {
    expect(execFileSync('xmlsec1', ['--version'], { encoding: 'utf8' })).toMatch(/xmlsec1/);
  });
});
