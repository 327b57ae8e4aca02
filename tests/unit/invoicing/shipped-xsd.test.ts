/**
 * The SRI schemas and WSDLs Emite ships (server/sri/xsd, server/sri/wsdl) are the project's
 * reference copies (../shared/sri), byte for byte: the server validates with the shipped ones, the
 * tests with the reference ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../server/repo-root.ts';
import { xsdDir } from '../../../server/sri/validate-xsd.ts';

const reference = path.resolve(REPO_ROOT, '../shared/sri');

describe('shipped SRI schemas', () => {
  it('are the reference copies of every comprobante XSD, the ATS XSD, xmldsig and both WSDLs', () => {
    const xsds = (root: string) => [
      ...readdirSync(path.join(root, 'xsd')).filter((f) => f.endsWith('.xsd')).map((f) => `xsd/${f}`),
      ...readdirSync(path.join(root, 'xsd/ats')).filter((f) => f.endsWith('.xsd')).map((f) => `xsd/ats/${f}`),
    ];
    const shipped = [...xsds(path.join(REPO_ROOT, 'server/sri')), ...readdirSync(path.join(REPO_ROOT, 'server/sri/wsdl')).map((f) => `wsdl/${f}`)];
    const expected = [...xsds(reference), ...readdirSync(path.join(reference, 'wsdl')).map((f) => `wsdl/${f}`)];
    expect(shipped).toContain('xsd/ats/at.xsd');
    expect(shipped.sort()).toEqual(expected.sort());
    for (const file of shipped) {
      expect(readFileSync(path.join(REPO_ROOT, 'server/sri', file), 'utf8'), file).toBe(readFileSync(path.join(reference, file), 'utf8'));
    }
  });

  it('are what the server validates with unless SRI_XSD_DIR says otherwise', () => {
    const saved = process.env.SRI_XSD_DIR;
    delete process.env.SRI_XSD_DIR;
    try {
      expect(xsdDir()).toBe(path.join(REPO_ROOT, 'server/sri/xsd'));
    } finally {
      if (saved !== undefined) process.env.SRI_XSD_DIR = saved;
    }
  });
});
