/**
 * What an issued comprobante shows, read from its record (GET /api/<type>/:id, DESIGN.md §4): the
 * header facts, the lines, the type's own parts (a nota de débito's razones, a guía's
 * destinatarios, a retención's documentos sustento) and the totals as the RIDE prints them. Pure
 * data for IssuedDocumentView; labels of catalog codes come from `labelOf` (forma_pago, tarifa_iva).
 * Money in USD as `$ 1,234.50` (format.ts), dates dd/mm/aaaa.
 */
import { date, money } from '../../format.ts';
import { metaByCodDoc } from '../../../../core/comprobante-types.ts';

export type IssuedRecord = Record<string, unknown>;
type Row = Record<string, unknown>;
export interface FactData {
  label: string;
  value: string;
  /** The _id of the factura this fact names (a nota's modified factura), for a link to it. */
  invoice?: string;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const rows = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);
const withId = (name: unknown, id: unknown) => (text(id) ? `${text(name)} (${text(id)})` : text(name));
/** ISO (2026-11-20) or the SRI's own dd/mm/aaaa (a sustento's date as the XML carries it) as dd/mm/aaaa. */
const anyDate = (v: unknown): string => (typeof v === 'string' && /^\d{2}\/\d{2}\/\d{4}$/.test(v) ? v : date(v));
/** A document number as people write it: the SRI's 15 digits (001004000000001) as 001-004-000000001. */
const docNumber = (v: unknown): string => {
  const n = text(v);
  return /^\d{15}$/.test(n) ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}` : n;
};
const quantity = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toLocaleString('en-US', { maximumFractionDigits: 6 }));

/** SRI tabla 19 (impuesto a retener): 1 renta, 2 IVA, 6 ISD. */
const RETENIDO: Record<string, string> = { '1': 'Renta', '2': 'IVA', '6': 'ISD' };

/** The document's number, where and when, and its counterpart, as the RIDE heads it. */
export function headerFacts(r: IssuedRecord): FactData[] {
  const codDoc = text(r.codDoc);
  const facts: FactData[] = [];
  if (codDoc === '06') {
    facts.push({ label: 'Transportista', value: withId(r.razonSocialTransportista, r.rucTransportista) });
    facts.push({ label: 'Placa', value: text(r.placa) });
    facts.push({ label: 'Dirección de partida', value: text(r.dirPartida) });
    facts.push({ label: 'Inicio del transporte', value: date(r.fechaIniTransporte ?? r.fechaEmision) });
    facts.push({ label: 'Fin del transporte', value: date(r.fechaFinTransporte) });
  } else if (codDoc === '07') {
    facts.push({ label: 'Sujeto retenido', value: withId(r.razonSocialSujetoRetenido ?? r.razonSocialComprador, r.identificacionSujetoRetenido ?? r.identificacionComprador) });
    facts.push({ label: 'Fecha de emisión', value: date(r.fechaEmision) });
    facts.push({ label: 'Período fiscal', value: text(r.periodoFiscal) });
  } else {
    const who = codDoc === '03' ? 'Proveedor' : 'Cliente';
    const name = codDoc === '03' ? (r.razonSocialProveedor ?? r.razonSocialComprador) : r.razonSocialComprador;
    const id = codDoc === '03' ? (r.identificacionProveedor ?? r.identificacionComprador) : r.identificacionComprador;
    facts.push({ label: who, value: withId(name, id) });
    facts.push({ label: 'Fecha de emisión', value: date(r.fechaEmision) });
  }
  facts.push({ label: 'Establecimiento y punto de emisión', value: r.estab ? `${text(r.estab)}-${text(r.ptoEmi)}` : '' });
  if (codDoc === '04' || codDoc === '05') {
    facts.push({ label: 'Factura que modifica', value: text(r.numDocModificado), ...(r.invoice ? { invoice: text(r.invoice) } : {}) });
    facts.push({ label: 'Fecha de la factura', value: anyDate(r.fechaEmisionDocSustento) });
  }
  if (codDoc === '04') facts.push({ label: 'Motivo', value: text(r.motivo) });
  return facts.filter((f) => f.value !== '');
}

/** The lines: código, descripción, cantidad, precio unitario, descuento, IVA, subtotal. */
export function lineRows(r: IssuedRecord, ivaLabel: (code: unknown) => string): string[][] {
  return rows(r.detalles).map((d) => [
    text(d.codigoPrincipal),
    text(d.descripcion),
    quantity(d.cantidad),
    money(d.precioUnitario, 2, 6),
    money(d.descuento),
    d.codigoPorcentajeIva !== undefined ? ivaLabel(d.codigoPorcentajeIva) : d.tarifa !== undefined ? `${Number(d.tarifa)} %` : '',
    money(d.precioTotalSinImpuesto),
  ]);
}

/** A nota de débito's razones and their values. */
export const motivoRows = (r: IssuedRecord): string[][] => rows(r.motivos).map((m) => [text(m.razon), money(m.valor)]);

/** The payments declared on the document (forma de pago, valor, plazo). */
export function pagoRows(r: IssuedRecord, formaPagoLabel: (code: unknown) => string): string[][] {
  return rows(r.pagos).map((p) => [formaPagoLabel(p.formaPago), money(p.total), p.plazo ? `${text(p.plazo)} ${text(p.unidadTiempo) === 'dias' ? 'días' : text(p.unidadTiempo)}`.trim() : '']);
}

/** Información adicional, nombre -> valor. */
export const infoFacts = (r: IssuedRecord): FactData[] => rows(r.infoAdicional).map((i) => ({ label: text(i.nombre), value: text(i.valor) }));

/** A guía's destinatarios: who and why, then the goods. */
export function destinatarios(r: IssuedRecord): Array<{ facts: FactData[]; goods: string[][] }> {
  return rows(r.destinatarios).map((d) => ({
    facts: [
      { label: 'Destinatario', value: withId(d.razonSocial, d.identificacion) },
      { label: 'Dirección', value: text(d.direccion) },
      { label: 'Motivo del traslado', value: text(d.motivoTraslado) },
      { label: 'Ruta', value: text(d.ruta) },
      { label: 'Documento sustento', value: d.numDocSustento ? `${metaByCodDoc(text(d.codDocSustento))?.label ?? text(d.codDocSustento)} ${docNumber(d.numDocSustento)}` : '' },
      { label: 'Fecha del documento sustento', value: anyDate(d.fechaEmisionDocSustento) },
    ].filter((f) => f.value !== ''),
    goods: rows(d.detalles).map((l) => [text(l.codigoInterno), text(l.descripcion), quantity(l.cantidad)]),
  }));
}

/** A retención's withholdings, one row each, with the document they are on. */
export function retencionRows(r: IssuedRecord): string[][] {
  return rows(r.docsSustento).flatMap((doc) => {
    const documento = `${metaByCodDoc(text(doc.codDocSustento))?.label ?? text(doc.codDocSustento)} ${docNumber(doc.numDocSustento)}`;
    return rows(doc.retenciones).map((t) => [documento, anyDate(doc.fechaEmisionDocSustento), RETENIDO[text(t.codigo)] ?? text(t.codigo), text(t.codigoRetencion), money(t.baseImponible), `${Number(t.porcentajeRetener)} %`, money(t.valorRetenido)]);
  });
}

/**
 * The totals as the RIDE prints them: base per IVA rate, subtotal, discount, IVA per rate, and the
 * total under the type's name (a nota de crédito's "Valor de la modificación", a retención's
 * "Total retenido"); none for a guía.
 */
export function totalRows(r: IssuedRecord): Array<{ label: string; value: string; strong?: boolean }> {
  const codDoc = text(r.codDoc);
  if (codDoc === '06') return [];
  if (codDoc === '07') return [{ label: 'Total retenido', value: money(r.totalRetenido ?? r.importeTotal), strong: true }];
  const taxes = rows(r.totalConImpuestos);
  const out: Array<{ label: string; value: string; strong?: boolean }> = [];
  const baseLabel = (t: Row) => (text(t.codigoPorcentaje) === '6' ? 'Subtotal no objeto de IVA' : text(t.codigoPorcentaje) === '7' ? 'Subtotal exento de IVA' : `Subtotal ${Number(t.tarifa)} %`);
  for (const t of taxes) out.push({ label: baseLabel(t), value: money(t.baseImponible) });
  out.push({ label: 'Subtotal sin impuestos', value: money(r.totalSinImpuestos) });
  if (Number(r.totalDescuento)) out.push({ label: 'Descuento', value: money(r.totalDescuento) });
  for (const t of taxes) if (Number(t.tarifa) > 0) out.push({ label: `IVA ${Number(t.tarifa)} %`, value: money(t.valor) });
  out.push({ label: codDoc === '04' ? 'Valor de la modificación' : 'Valor total', value: money(r.importeTotal), strong: true });
  return out;
}
