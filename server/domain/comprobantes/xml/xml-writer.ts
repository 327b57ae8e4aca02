/**
 * String building of SRI comprobante XML, shared by every type's builder (SRI ficha técnica offline:
 * UTF-8, no whitespace between elements, XSD element order). Pure; on the per-document hot path, so
 * no DOM and no pretty-printing.
 *
 * - Text is trimmed, tabs/newlines and other control characters become one space (the SRI forbids
 *   them: XSD patterns `[^\n]*`), unpaired surrogates and U+FFFE/U+FFFF are dropped, and & < > " '
 *   are escaped.
 * - Decimals are padded, never rounded: a value with more places than allowed is written as given,
 *   so that XSD validation names it (a legal document's value is never changed silently).
 */

// XML 1.0 forbids C0 controls other than tab/LF/CR (a document holding one does not parse), and the
// SRI forbids newlines and tabs in text: a run of them, with the spaces around it, becomes one space.
const BREAKS = / *[\u0000-\u001f\u007f][ \u0000-\u001f\u007f]*/g;
const MAYBE_NOT_XML = /[\ud800-\udfff\ufffe\uffff]/;
const NOT_XML = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;
const NEEDS_ESCAPE = /[&<>"']/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** One line of text, trimmed, with lone surrogates and U+FFFE/U+FFFF dropped. */
export function clean(value: string): string {
  const s = value.replace(BREAKS, ' ').trim();
  // Surrogate pairs (emoji) are legal; only unpaired halves are removed. Cheap test first.
  return MAYBE_NOT_XML.test(s) ? s.replace(NOT_XML, '') : s;
}

export function escapeXml(s: string): string {
  return NEEDS_ESCAPE.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c]) : s;
}

/** A required element: always written, so an empty value is reported by the XSD by name. */
export function req(name: string, value: string): string {
  return `<${name}>${escapeXml(clean(value))}</${name}>`;
}

/** An optional element: omitted when the value is absent or blank. */
export function opt(name: string, value: string | undefined | null): string {
  if (value === undefined || value === null) return '';
  const text = clean(value);
  return text === '' ? '' : `<${name}>${escapeXml(text)}</${name}>`;
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * A decimal written with exactly `places` decimals when that is exact ("2" -> "2.000000",
 * "15" -> "15.00"). Anything else (more places, a sign, exponent notation) is written as given and
 * left to the XSD to reject.
 */
export function decimal(value: string, places: number): string {
  const v = value.trim();
  const m = PLAIN_DECIMAL.exec(v);
  if (!m) return v;
  const frac = m[2] ?? '';
  if (frac.length > places) return v;
  return `${m[1]}.${frac.padEnd(places, '0')}`;
}

/** A decimal element with `places` decimals (see {@link decimal}). */
export const decimalEl = (name: string, value: string, places: number) => `<${name}>${escapeXml(decimal(value, places))}</${name}>`;
/** A money element (USD, 2 decimals). */
export const money = (name: string, value: string) => decimalEl(name, value, 2);
/** An optional money element: omitted when absent or blank. */
export const optMoney = (name: string, value: string | undefined) => (value === undefined || value.trim() === '' ? '' : money(name, value));

/** infoTributaria as every SRI comprobante carries it (SRI ficha técnica, common header). */
export interface InfoTributaria {
  ambiente: '1' | '2';
  tipoEmision: '1';
  razonSocial: string;
  nombreComercial?: string;
  ruc: string;
  claveAcceso: string;
  codDoc: string;
  estab: string;
  ptoEmi: string;
  /** 9 digits, zero padded. */
  secuencial: string;
  dirMatriz: string;
  /** Agente de retención resolution number, digits only, when set. */
  agenteRetencion?: string;
  /** 'CONTRIBUYENTE RÉGIMEN RIMPE' | 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE' when set. */
  contribuyenteRimpe?: string;
}

/** `<?xml …?><root id="comprobante" version="…">` followed by infoTributaria. */
export function openComprobante(rootElement: string, version: string, t: InfoTributaria): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><${rootElement} id="comprobante" version="${escapeXml(version)}">` +
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
    '</infoTributaria>'
  );
}

/**
 * `<infoAdicional>` with one campoAdicional per entry whose valor is not blank (the XSD requires
 * 1..300 characters), or '' when none is left. More than 15 entries are all written and the XSD
 * rejects them: nothing is silently dropped.
 */
export function infoAdicionalXml(entries: ReadonlyArray<{ nombre: string; valor: string }> | undefined): string {
  let adicional = '';
  for (const c of entries ?? []) {
    const valor = clean(c.valor);
    if (valor === '') continue;
    adicional += `<campoAdicional nombre="${escapeXml(clean(c.nombre))}">${escapeXml(valor)}</campoAdicional>`;
  }
  return adicional === '' ? '' : `<infoAdicional>${adicional}</infoAdicional>`;
}

/** `<pagos>` (factura, nota de débito, liquidación): formaPago, total, plazo?, unidadTiempo?; '' when empty. */
export function pagosXml(pagos: ReadonlyArray<{ formaPago: string; total: string; plazo?: string; unidadTiempo?: string }>): string {
  if (pagos.length === 0) return '';
  let out = '<pagos>';
  for (const p of pagos) out += '<pago>' + req('formaPago', p.formaPago) + money('total', p.total) + opt('plazo', p.plazo) + opt('unidadTiempo', p.unidadTiempo) + '</pago>';
  return `${out}</pagos>`;
}

/** A tax total of the document (factura, liquidación): codigo, codigoPorcentaje, descuentoAdicional?, baseImponible, tarifa?, valor. */
export interface TotalImpuestoXml {
  codigo: string;
  codigoPorcentaje: string;
  descuentoAdicional?: string;
  baseImponible: string;
  tarifa?: string;
  valor: string;
}

/**
 * `<totalConImpuestos>` of a factura or a liquidación de compra (XSD order: codigo, codigoPorcentaje,
 * descuentoAdicional?, baseImponible, tarifa?, valor; money with 2 decimals).
 */
export function totalConImpuestosXml(totals: readonly TotalImpuestoXml[]): string {
  let out = '<totalConImpuestos>';
  for (const i of totals) {
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
  return `${out}</totalConImpuestos>`;
}

/** A tax of a line or of a nota de débito: codigo, codigoPorcentaje, tarifa, baseImponible, valor (XSD order). */
export interface ImpuestoXml {
  codigo: string;
  codigoPorcentaje: string;
  tarifa: string;
  baseImponible: string;
  valor: string;
}

/** `<impuestos>` of a detalle (factura, nota de crédito, liquidación) or of a nota de débito. */
export function impuestosXml(impuestos: readonly ImpuestoXml[]): string {
  let out = '<impuestos>';
  for (const i of impuestos) {
    out += '<impuesto>' + req('codigo', i.codigo) + req('codigoPorcentaje', i.codigoPorcentaje) + money('tarifa', i.tarifa) + money('baseImponible', i.baseImponible) + money('valor', i.valor) + '</impuesto>';
  }
  return `${out}</impuestos>`;
}

/** A detail line as the factura, nota de crédito and liquidación write it (codes named per type by {@link detalleXml}). */
export interface DetalleXml {
  codigoPrincipal: string;
  codigoAuxiliar?: string;
  descripcion: string;
  cantidad: string;
  precioUnitario: string;
  descuento: string;
  precioTotalSinImpuesto: string;
  impuestos: ImpuestoXml[];
}

/**
 * `<detalle>` of a line: the two codes under the type's names (factura codigoPrincipal/
 * codigoAuxiliar, nota de crédito codigoInterno/codigoAdicional), cantidad and precioUnitario with
 * `qtyPlaces` decimals (6 in the versions that allow them), money, then the line's impuestos.
 */
export function detalleXml(d: DetalleXml, o: { codes: [string, string]; qtyPlaces: number }): string {
  return (
    '<detalle>' +
    opt(o.codes[0], d.codigoPrincipal) +
    opt(o.codes[1], d.codigoAuxiliar) +
    req('descripcion', d.descripcion) +
    decimalEl('cantidad', d.cantidad, o.qtyPlaces) +
    decimalEl('precioUnitario', d.precioUnitario, o.qtyPlaces) +
    money('descuento', d.descuento) +
    money('precioTotalSinImpuesto', d.precioTotalSinImpuesto) +
    impuestosXml(d.impuestos) +
    '</detalle>'
  );
}

/** The buyer as factura and notas write it: tipoIdentificacionComprador, razonSocialComprador, identificacionComprador. */
export const buyerXml = (b: { tipoIdentificacionComprador: string; razonSocialComprador: string; identificacionComprador: string }) =>
  req('tipoIdentificacionComprador', b.tipoIdentificacionComprador) + req('razonSocialComprador', b.razonSocialComprador) + req('identificacionComprador', b.identificacionComprador);
