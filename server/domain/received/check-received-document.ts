/**
 * The checks a received comprobante must pass before it is stored (DESIGN.md §8), each refused with
 * a Spanish message and the field it is about:
 * - the access key has 49 digits and its módulo 11 check digit (core/access-key.ts);
 * - every field the key repeats matches the XML (fechaEmision, codDoc, RUC, ambiente, estab, ptoEmi,
 *   secuencial; SRI ficha técnica "Clave de acceso");
 * - the buyer is this company: its RUC, or the 10-digit cédula inside a natural person's RUC
 *   (the portal and some issuers write the cédula; shared/sri/SRI.md "Received comprobantes");
 * - the XAdES-BES signature verifies (server/sri/verify-signature.ts: digests and RSA-SHA1 value).
 */
import { isValidClaveAcceso, parseClaveAcceso } from '../../../core/access-key.ts';
import { AppError } from '../../errors.ts';
import { verifyComprobanteSignature } from '../../sri/verify-signature.ts';
import type { ParsedReceivedDocument } from './received-document.ts';

const refuse = (path: string, message: string) => new AppError('UNPROCESSABLE', message, { details: [{ path, message }] });

/**
 * Whether an identification names this company: equal to its RUC, or, for a natural person's RUC
 * (third digit below 6: cédula + 001), equal to its first 10 digits.
 * @example isCompanyIdentification('1714307103', '1714307103001') // true
 */
export function isCompanyIdentification(identificacion: string, companyRuc: string): boolean {
  const id = identificacion.trim();
  if (id === companyRuc) return true;
  return /^\d{13}$/.test(companyRuc) && Number(companyRuc[2]) < 6 && id === companyRuc.slice(0, 10);
}

/**
 * The key's own checks and its agreement with the XML.
 * @throws AppError UNPROCESSABLE, path `claveAcceso` (or the disagreeing field).
 */
export function checkKeyAgainstXml(doc: ParsedReceivedDocument): void {
  if (!/^\d{49}$/.test(doc.claveAcceso)) throw refuse('claveAcceso', `La clave de acceso del comprobante debe tener 49 dígitos (tiene "${doc.claveAcceso}")`);
  if (!isValidClaveAcceso(doc.claveAcceso)) throw refuse('claveAcceso', `La clave de acceso ${doc.claveAcceso} no es válida: el dígito verificador (módulo 11) no corresponde`);
  const key = parseClaveAcceso(doc.claveAcceso);
  const pairs: Array<[string, string, string]> = [
    ['fechaEmision', key.fechaEmision, doc.fechaEmision],
    ['codDoc', key.codDoc, doc.codDoc],
    ['ruc', key.ruc, doc.rucEmisor],
    ['ambiente', key.ambiente, doc.ambiente],
    ['estab', key.estab, doc.estab],
    ['ptoEmi', key.ptoEmi, doc.ptoEmi],
    ['secuencial', key.secuencial, doc.secuencial],
  ];
  const wrong = pairs.find(([, inKey, inXml]) => inKey !== inXml);
  if (wrong) throw refuse(wrong[0], `La clave de acceso no coincide con el comprobante: la clave dice ${wrong[0]} "${wrong[1]}" y el XML "${wrong[2]}"`);
}

/**
 * The buyer (sujeto retenido of a retención, proveedor of a liquidación) must be this company.
 * @throws AppError UNPROCESSABLE, path `identificacionComprador`, naming both identifications.
 */
export function checkBuyerIsCompany(doc: ParsedReceivedDocument, company: { ruc: string; razonSocial: string }): void {
  if (isCompanyIdentification(doc.identificacionComprador, company.ruc)) return;
  const who = doc.codDoc === '07' ? 'El sujeto retenido' : doc.codDoc === '03' ? 'El proveedor' : 'El comprador';
  throw refuse('identificacionComprador', `${who} de este comprobante es ${doc.identificacionComprador} (${doc.razonSocialComprador}), no su empresa (RUC ${company.ruc}): solo se registran comprobantes emitidos a su RUC`);
}

/**
 * The XAdES-BES signature of the comprobante.
 * @throws AppError UNPROCESSABLE, path `xml`, with the verifier's reason.
 */
export function checkSignature(xml: string): void {
  const why = verifyComprobanteSignature(xml);
  if (why) throw refuse('xml', `La firma electrónica del comprobante no es válida: ${why}`);
}

/** All of the above, in that order (the cheap checks first). */
export function checkReceivedDocument(doc: ParsedReceivedDocument, xml: string, company: { ruc: string; razonSocial: string }): void {
  checkKeyAgainstXml(doc);
  checkBuyerIsCompany(doc, company);
  checkSignature(xml);
}
