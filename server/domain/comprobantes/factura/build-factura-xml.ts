/**
 * FacturaDocument -> the factura XML the SRI expects (ficha técnica offline v2.3x; the factura XSDs
 * in shared/sri/xsd). Pure string building on the per-invoice hot path: no DOM, no pretty-printing.
 */
import type { FacturaDocument } from './factura-document.ts';

type FacturaVersion = FacturaDocument['version'];

/** Versions whose XSD allows 6 decimals in cantidad and precioUnitario (SRI.md "Factura XML"). */
const SIX_DECIMAL_VERSIONS: ReadonlySet<FacturaVersion> = new Set(['1.1.0', '2.1.0']);

// XML 1.0 forbids C0 controls other than tab/LF/CR (a document holding one does not parse), and the
// SRI forbids newlines and tabs in text (XSD patterns `[^\n]*`): a run of them, with the spaces
// around it, becomes one space.
const BREAKS = / *[\u0000-\u001f\u007f][ \u0000-\u001f\u007f]*/g;
const MAYBE_NOT_XML = /[\ud800-\udfff\ufffe\uffff]/;
const NOT_XML = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;
const NEEDS_ESCAPE = /[&<>"']/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** One line of text, trimmed, with lone surrogates and U+FFFE/U+FFFF dropped. */
function clean(value: string): string {
  const s = value.replace(BREAKS, ' ').trim();
  // Surrogate pairs (emoji) are legal; only unpaired halves are removed. Cheap test first.
  return MAYBE_NOT_XML.test(s) ? s.replace(NOT_XML, '') : s;
}

function escapeXml(s: string): string {
  return NEEDS_ESCAPE.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c]) : s;
}

/** A required element: always written, so an empty value is reported by the XSD by name. */
function req(name: string, value: string): string {
  return `<${name}>${escapeXml(clean(value))}</${name}>`;
}

/** An optional element: omitted when the value is absent or blank. */
function opt(name: string, value: string | undefined | null): string {
  if (value === undefined || value === null) return '';
  const text = clean(value);
  return text === '' ? '' : `<${name}>${escapeXml(text)}</${name}>`;
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * A decimal written with exactly `places` decimals when that is exact ("2" -> "2.000000",
 * "15" -> "15.00"). Anything else (more places, a sign, exponent notation) is written as given and
 * left to the XSD to reject: the builder never rounds a value of a legal document.
 */
function decimal(value: string, places: number): string {
  const v = value.trim();
  const m = PLAIN_DECIMAL.exec(v);
  if (!m) return v;
  const frac = m[2] ?? '';
  if (frac.length > places) return v;
  return `${m[1]}.${frac.padEnd(places, '0')}`;
}

const money = (name: string, value: string) => `<${name}>${escapeXml(decimal(value, 2))}</${name}>`;
const optMoney = (name: string, value: string | undefined) => (value === undefined || value.trim() === '' ? '' : money(name, value));

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
    `<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante" version="${escapeXml(doc.version)}">` +
    '<infoTributaria>' +
    req('ambiente', t.ambiente) +
    req('tipoEmision', t.tipoEmision) +
    req('razonSocial', t.razonSocial) +
    opt('nombreComercial', t.nombreComercial) +
    req('ruc', t.ruc) +
    req('claveAcceso', t.claveAcceso) +
    req('codDoc', t.codDoc) +
    req('estab', t.estab) +
    req('ptoEmi', t.ptoEmi) +
    req('secuencial', t.secuencial) +
    req('dirMatriz', t.dirMatriz) +
    opt('agenteRetencion', t.agenteRetencion) +
    opt('contribuyenteRimpe', t.contribuyenteRimpe) +
    '</infoTributaria><infoFactura>' +
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
    '<totalConImpuestos>';
  for (const i of f.totalConImpuestos) {
    out +=
      '<totalImpuesto>' +
      req('codigo', i.codigo) +
      req('codigoPorcentaje', i.codigoPorcentaje) +
      optMoney('descuentoAdicional', i.descuentoAdicional) +
      money('baseImponible', i.baseImponible) +
      optMoney('tarifa', i.tarifa) +
      money('valor', i.valor) +
      '</totalImpuesto>';
  }
  out += '</totalConImpuestos>' + money('propina', f.propina) + money('importeTotal', f.importeTotal) + req('moneda', f.moneda);
  if (f.pagos.length > 0) {
    out += '<pagos>';
    for (const p of f.pagos) {
      out += '<pago>' + req('formaPago', p.formaPago) + money('total', p.total) + opt('plazo', p.plazo) + opt('unidadTiempo', p.unidadTiempo) + '</pago>';
    }
    out += '</pagos>';
  }
  out += '</infoFactura><detalles>';
  for (const d of doc.detalles) {
    out +=
      '<detalle>' +
      opt('codigoPrincipal', d.codigoPrincipal) +
      opt('codigoAuxiliar', d.codigoAuxiliar) +
      req('descripcion', d.descripcion) +
      `<cantidad>${escapeXml(decimal(d.cantidad, qtyPlaces))}</cantidad>` +
      `<precioUnitario>${escapeXml(decimal(d.precioUnitario, qtyPlaces))}</precioUnitario>` +
      money('descuento', d.descuento) +
      money('precioTotalSinImpuesto', d.precioTotalSinImpuesto) +
      '<impuestos>';
    for (const i of d.impuestos) {
      out +=
        '<impuesto>' +
        req('codigo', i.codigo) +
        req('codigoPorcentaje', i.codigoPorcentaje) +
        money('tarifa', i.tarifa) +
        money('baseImponible', i.baseImponible) +
        money('valor', i.valor) +
        '</impuesto>';
    }
    out += '</impuestos></detalle>';
  }
  out += '</detalles>';
  let adicional = '';
  for (const c of doc.infoAdicional ?? []) {
    const valor = clean(c.valor);
    if (valor === '') continue;
    adicional += `<campoAdicional nombre="${escapeXml(clean(c.nombre))}">${escapeXml(valor)}</campoAdicional>`;
  }
  if (adicional !== '') out += `<infoAdicional>${adicional}</infoAdicional>`;
  return `${out}</factura>`;
}
