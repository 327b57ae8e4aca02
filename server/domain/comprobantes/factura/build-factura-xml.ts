/**
 * FacturaDocument -> the factura XML the SRI expects (ficha técnica offline v2.3x; the factura XSDs
 * in shared/sri/xsd). Pure string building on the per-invoice hot path: no DOM, no pretty-printing.
 */
import type { FacturaDocument } from './factura-document.ts';
import { detalleXml, infoAdicionalXml, money, openComprobante, opt, pagosXml, req, totalConImpuestosXml } from '../xml/xml-writer.ts';

type FacturaVersion = FacturaDocument['version'];

/** Versions whose XSD allows 6 decimals in cantidad and precioUnitario (SRI.md "Factura XML"). */
const SIX_DECIMAL_VERSIONS: ReadonlySet<FacturaVersion> = new Set(['1.1.0', '2.1.0']);

/**
 * Writes the factura XML for `doc`: `<?xml version="1.0" encoding="UTF-8"?>` then
 * `<factura id="comprobante" version="{doc.version}">` with infoTributaria, infoFactura, detalles and
 * infoAdicional in the XSD's order (factura_V{version}.xsd; SRI ficha técnica offline).
 *
 * - Compact: no whitespace between elements, so nothing needs normalising before signing.
 * - Optional elements are omitted when undefined or blank; required ones are always written.
 * - Text is trimmed, tabs/newlines and other control characters become one space (the SRI forbids
 *   them), and & < > " ' are escaped.
 * - Decimals: money fields and `tarifa` get 2 decimals; `cantidad` and `precioUnitario` get 6 in
 *   versions 1.1.0/2.1.0 and 2 in 1.0.0/2.0.0; `plazo` (a count of days or months) is written as
 *   given. Only padding is done, never rounding: a value with more decimals than the XSD allows is
 *   written as given so that XSD validation names it.
 * - infoAdicional entries with a blank `valor` are left out (the XSD requires 1..300 characters);
 *   more than 15 entries are all written, and the XSD rejects them (nothing is silently dropped).
 *
 * Does not validate: run `validateFacturaXml` (validate-xsd.ts) on the result before signing.
 *
 * @example
 * const xml = buildFacturaXml(doc); // '<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante" version="1.1.0"><infoTributaria>…'
 */
export function buildFacturaXml(doc: FacturaDocument): string {
  const t = doc.infoTributaria;
  const f = doc.infoFactura;
  const qtyPlaces = SIX_DECIMAL_VERSIONS.has(doc.version) ? 6 : 2;

  let out =
    openComprobante('factura', doc.version, t) +
    '<infoFactura>' +
    req('fechaEmision', f.fechaEmision) +
    opt('dirEstablecimiento', f.dirEstablecimiento) +
    opt('contribuyenteEspecial', f.contribuyenteEspecial) +
    opt('obligadoContabilidad', f.obligadoContabilidad) +
    req('tipoIdentificacionComprador', f.tipoIdentificacionComprador) +
    opt('guiaRemision', f.guiaRemision) +
    req('razonSocialComprador', f.razonSocialComprador) +
    req('identificacionComprador', f.identificacionComprador) +
    opt('direccionComprador', f.direccionComprador) +
    money('totalSinImpuestos', f.totalSinImpuestos) +
    money('totalDescuento', f.totalDescuento) +
    totalConImpuestosXml(f.totalConImpuestos);
  out += money('propina', f.propina) + money('importeTotal', f.importeTotal) + req('moneda', f.moneda);
  out += pagosXml(f.pagos);
  out += '</infoFactura><detalles>';
  for (const d of doc.detalles) out += detalleXml(d, { codes: ['codigoPrincipal', 'codigoAuxiliar'], qtyPlaces });
  return `${out}</detalles>${infoAdicionalXml(doc.infoAdicional)}</factura>`;
}
