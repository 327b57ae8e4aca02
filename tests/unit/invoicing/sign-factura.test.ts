/** buildSignedFactura: one parse validates and signs; an XSD-invalid factura is never signed. */
import { describe, expect, it } from 'vitest';
import { buildSignedFactura } from '../../../server/domain/comprobantes/sign-comprobante.ts';
import { buildFacturaXml } from '../../../server/domain/comprobantes/factura/build-factura-xml.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { verifyComprobanteSignature } from '../../../server/sri/verify-signature.ts';
import { sampleFactura } from '../../helpers/factura-sample.ts';

const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Comercial Ñandú S.A.', password: 'x' }), 'x');
const at = new Date('2026-11-20T15:00:00Z');

describe('buildSignedFactura', () => {
  it('signs exactly as validating and signing separately would, and the signature verifies', () => {
    const doc = sampleFactura({ secuencial: 7 });
    const out = buildSignedFactura(doc, creds, at);
    expect(out.valid).toBe(true);
    if (!out.valid) return;
    expect(out.signedXml).toBe(signComprobante(buildFacturaXml(doc), creds, { signingTime: at }));
    expect(verifyComprobanteSignature(out.signedXml)).toBeNull();
  });

  it('returns the XSD errors and signs nothing when the factura breaks the schema', () => {
    const doc = sampleFactura();
    doc.infoTributaria.secuencial = '12AB';
    const out = buildSignedFactura(doc, creds, at);
    expect(out.valid).toBe(false);
    if (out.valid) return;
    expect(out.errors.join(' ')).toMatch(/secuencial/);
  });
});
