import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateFacturaXml, xsdDir } from '../../../server/sri/validate-xsd.ts';

const SAMPLE = readFileSync(new URL('../../../../shared/sri/samples/factura-1.1.0-unsigned.xml', import.meta.url), 'utf8');
const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';

/** A temporary XSD folder whose factura 1.1.0 admits an optional ds:Signature, so the xmldsig import is used. */
function xsdFolderWithSignature(importFrom?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-xsd-'));
  let xsd = readFileSync(path.join(xsdDir(), 'factura_V1.1.0.xsd'), 'utf8');
  const end = xsd.lastIndexOf('</xsd:sequence>');
  xsd = `${xsd.slice(0, end)}<xsd:element ref="ds:Signature" minOccurs="0"/>${xsd.slice(end)}`;
  if (importFrom) xsd = xsd.replace('schemaLocation="xmldsig-core-schema.xsd"', `schemaLocation="${importFrom}"`);
  else copyFileSync(path.join(xsdDir(), 'xmldsig-core-schema.xsd'), path.join(dir, 'xmldsig-core-schema.xsd'));
  writeFileSync(path.join(dir, 'factura_V1.1.0.xsd'), xsd);
  return dir;
}

describe('validateFacturaXml (libxml2-wasm, SRI XSD)', () => {
  afterEach(() => {
    delete process.env.SRI_XSD_DIR;
  });

  it('accepts the SRI sample factura 1.1.0', () => {
    expect(validateFacturaXml(SAMPLE)).toEqual({ valid: true, errors: [] });
    expect(validateFacturaXml(SAMPLE, '1.1.0')).toEqual({ valid: true, errors: [] });
  });

  it('names the element of a value the XSD refuses, with its line', () => {
    const check = validateFacturaXml(SAMPLE.replace('<importeTotal>115.00</importeTotal>', '<importeTotal>abc</importeTotal>'));
    expect(check.valid).toBe(false);
    expect(check.errors).toHaveLength(1);
    expect(check.errors[0]).toMatch(/^línea 36: Element 'importeTotal': 'abc' is not a valid value/);
  });

  it('enforces the order of children', () => {
    const swapped = SAMPLE.replace(
      '<propina>0.00</propina>\n    <importeTotal>115.00</importeTotal>',
      '<importeTotal>115.00</importeTotal>\n    <propina>0.00</propina>',
    );
    expect(swapped).not.toBe(SAMPLE);
    const check = validateFacturaXml(swapped);
    expect(check.valid).toBe(false);
    expect(check.errors.join('\n')).toMatch(/línea \d+: Element 'propina': This element is not expected/);
  });

  it('reports every problem and the line of each', () => {
    const bad = SAMPLE.replace('<ruc>1790016919001</ruc>', '<ruc>17900169190</ruc>').replace('<totalDescuento>0.00</totalDescuento>', '');
    const check = validateFacturaXml(bad);
    expect(check.valid).toBe(false);
    expect(check.errors.some((e) => /^línea 8: Element 'ruc': \[facet 'pattern'\]/.test(e))).toBe(true);
    expect(check.errors.some((e) => /^línea 26: Element 'totalConImpuestos': This element is not expected\. Expected is one of \(.*totalDescuento \)/.test(e))).toBe(true);
  });

  it('answers invalid, not a throw, for XML that is not well-formed', () => {
    const check = validateFacturaXml('<factura id="comprobante" version="1.1.0"><infoTributaria>');
    expect(check.valid).toBe(false);
    expect(check.errors[0]).toMatch(/^línea 1: /);
  });

  it('does not expand external entities', () => {
    const xxe = SAMPLE.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE factura [<!ENTITY x SYSTEM "/etc/hostname">]>').replace(
      '<razonSocialComprador>JUAN PEREZ</razonSocialComprador>',
      '<razonSocialComprador>&x;</razonSocialComprador>',
    );
    const check = validateFacturaXml(xxe);
    expect(check.valid).toBe(false);
    const hostname = readFileSync('/etc/hostname', 'utf8').trim();
    if (hostname) expect(check.errors.join('\n')).not.toContain(hostname);
  });

  it('throws for a malformed version or one without an XSD', () => {
    expect(() => validateFacturaXml(SAMPLE, '../../etc/passwd')).toThrow(/Versión de factura no válida/);
    expect(() => validateFacturaXml(SAMPLE, '9.9.9')).toThrow(/Versión 9.9.9 no admitida para factura/);
  });

  it('compiles each version once and the other versions too', () => {
    const t0 = performance.now();
    for (let i = 0; i < 50; i += 1) validateFacturaXml(SAMPLE);
    expect((performance.now() - t0) / 50).toBeLessThan(20); // compiling alone takes longer than this per call
    for (const version of ['1.0.0', '2.0.0', '2.1.0']) {
      expect(validateFacturaXml(SAMPLE.replace('version="1.1.0"', `version="${version}"`), version)).toEqual({ valid: true, errors: [] });
    }
  });

  it('resolves the xmldsig import from the XSD folder (SRI_XSD_DIR)', () => {
    process.env.SRI_XSD_DIR = xsdFolderWithSignature();
    expect(validateFacturaXml(SAMPLE)).toEqual({ valid: true, errors: [] });
    // The imported schema is really used: an empty ds:Signature misses SignedInfo.
    const check = validateFacturaXml(SAMPLE.replace('</factura>', `<ds:Signature xmlns:ds="${NS_DS}"/></factura>`));
    expect(check.errors).toEqual([expect.stringMatching(/Element '\{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}Signature': Missing child element\(s\)\. Expected is \( \{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}SignedInfo \)/)]);
  });

  it('lets libxml2 read only the .xsd files of the XSD folder', () => {
    // Import xmldsig by absolute path from another folder: the file exists, but is not served.
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'emite-other-'));
    copyFileSync(path.join(xsdDir(), 'xmldsig-core-schema.xsd'), path.join(elsewhere, 'dsig.xsd'));
    process.env.SRI_XSD_DIR = xsdFolderWithSignature(path.join(elsewhere, 'dsig.xsd'));
    expect(() => validateFacturaXml(SAMPLE)).toThrow(/no compila: .*failed to load/);
  });
});
