/**
 * The in-process part of issuing a comprobante: its XML validated against the SRI XSD of its type and
 * version, then signed XAdES-BES; one libxml2 parse serves both the validation and the signature.
 * bench/issue.ts times it against bare node:crypto RSA-SHA1 with the same key.
 */
import { buildFacturaXml } from './factura/build-factura-xml.ts';
import type { FacturaDocument } from './factura/factura-document.ts';
import { parseComprobante, signComprobante } from './sign-xades.ts';
import type { SigningCredentials } from './signing-credentials.ts';
import { validateComprobanteDoc } from '../../sri/validate-xsd.ts';
import { COMPROBANTE_TYPE_META, xsdFileFor } from '../../../core/comprobante-types.ts';

export type SignedComprobante = { valid: true; signedXml: string } | { valid: false; errors: string[] };

/**
 * @param xml the unsigned comprobante (a type's builder).
 * @param xsdFile its XSD (`xsdFileFor(meta, version)`).
 * @param creds the company's parsed certificate (cached per company).
 * @param signingTime xades:SigningTime.
 * @returns the signed XML, or the XSD errors (libxml2's messages, with line numbers) of an XML the
 *   SRI would refuse (nothing is signed then).
 * @throws Error (Spanish) for a missing or broken XSD, or XML that is not well-formed (a bug here).
 */
export function buildSignedComprobante(xml: string, xsdFile: string, creds: SigningCredentials, signingTime: Date): SignedComprobante {
  const parsed = parseComprobante(xml);
  try {
    const check = validateComprobanteDoc(parsed, xsdFile);
    if (!check.valid) return { valid: false, errors: check.errors };
    return { valid: true, signedXml: signComprobante(xml, creds, { signingTime, parsed }) };
  } finally {
    parsed.dispose();
  }
}

/** {@link buildSignedComprobante} for a factura document (SRI ficha técnica, factura 1.0.0–2.1.0). */
export function buildSignedFactura(doc: FacturaDocument, creds: SigningCredentials, signingTime: Date): SignedComprobante {
  return buildSignedComprobante(buildFacturaXml(doc), xsdFileFor(COMPROBANTE_TYPE_META['01'], doc.version), creds, signingTime);
}
