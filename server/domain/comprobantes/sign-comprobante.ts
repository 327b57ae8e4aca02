/**
 * The in-process part of issuing a factura: XML from the document, validated against the SRI XSD of
 * its version, then signed XAdES-BES; one libxml2 parse serves both the validation and the signature.
 * bench/issue.ts times it against bare node:crypto RSA-SHA1 with the same key.
 */
import { buildFacturaXml } from './factura/build-factura-xml.ts';
import type { FacturaDocument } from './factura/factura-document.ts';
import { parseComprobante, signComprobante } from './sign-xades.ts';
import type { SigningCredentials } from './signing-credentials.ts';
import { validateFacturaDoc } from './validate-xsd.ts';

export type SignedFactura = { valid: true; signedXml: string } | { valid: false; errors: string[] };

/**
 * @param doc the factura (SRI ficha técnica, factura 1.0.0–2.1.0).
 * @param creds the company's parsed certificate (cached per company).
 * @param signingTime xades:SigningTime.
 * @returns the signed XML, or the XSD errors (libxml2's messages, with line numbers) of an XML the
 *   SRI would refuse (nothing is signed then).
 * @throws Error (Spanish) for a missing or broken XSD, or XML that is not well-formed (a bug here).
 */
export function buildSignedFactura(doc: FacturaDocument, creds: SigningCredentials, signingTime: Date): SignedFactura {
  const xml = buildFacturaXml(doc);
  const parsed = parseComprobante(xml);
  try {
    const check = validateFacturaDoc(parsed, doc.version);
    if (!check.valid) return { valid: false, errors: check.errors };
    return { valid: true, signedXml: signComprobante(xml, creds, { signingTime, parsed }) };
  } finally {
    parsed.dispose();
  }
}
