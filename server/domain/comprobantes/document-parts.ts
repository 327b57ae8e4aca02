/**
 * Parts of a comprobante's document model built the same way for every type at issue (pure): the
 * infoTributaria header, the issuer fields of the info element, and a stored line as the XML's
 * detalle. Money stays the decimal strings core/totals computed, written with 2 places.
 */
import type { InfoTributaria } from './xml/xml-writer.ts';
import type { CompanyRow, ComprobanteRow, EstablishmentRow, Numbering } from './comprobante-type.ts';
import { formatSecuencial } from './comprobante-view.ts';
import type { DetalleXml } from './xml/xml-writer.ts';

/** A decimal string or number as money with 2 places ("27" -> "27.00"). */
export const money2 = (v: string | number) => Number(v).toFixed(2);

/** infoTributaria of `row` numbered `n` (SRI ficha técnica offline, common header). */
export function toInfoTributaria<C extends string>(company: CompanyRow, row: Pick<ComprobanteRow, 'estab' | 'ptoEmi'>, n: Numbering, codDoc: C): InfoTributaria & { codDoc: C } {
  return {
    ambiente: n.ambiente,
    tipoEmision: '1',
    razonSocial: company.razonSocial,
    nombreComercial: company.nombreComercial ?? undefined,
    ruc: company.ruc,
    claveAcceso: n.claveAcceso,
    codDoc,
    estab: row.estab,
    ptoEmi: row.ptoEmi,
    secuencial: formatSecuencial(n.secuencial)!,
    dirMatriz: company.dirMatriz,
    contribuyenteRimpe: company.contribuyenteRimpe ?? undefined,
    agenteRetencion: company.agenteRetencion ?? undefined,
  };
}

/** The issuer fields every info element carries after fechaEmision. */
export function issuerFields(company: CompanyRow, establishment: EstablishmentRow) {
  return {
    dirEstablecimiento: establishment.dirEstablecimiento,
    contribuyenteEspecial: company.contribuyenteEspecial ?? undefined,
    obligadoContabilidad: (company.obligadoContabilidad ? 'SI' : 'NO') as 'SI' | 'NO',
  };
}

/** A stored line (draft-parts.ts storedLine) as the XML's detalle, with its IVA. */
export function xmlLine(d: Record<string, unknown>): DetalleXml {
  return {
    codigoPrincipal: String(d.codigoPrincipal),
    ...(d.codigoAuxiliar ? { codigoAuxiliar: String(d.codigoAuxiliar) } : {}),
    descripcion: String(d.descripcion),
    cantidad: String(d.cantidad),
    precioUnitario: String(d.precioUnitario),
    descuento: money2(String(d.descuento)),
    precioTotalSinImpuesto: money2(String(d.precioTotalSinImpuesto)),
    impuestos: [{ codigo: '2', codigoPorcentaje: String(d.codigoPorcentajeIva), tarifa: String(d.tarifa), baseImponible: money2(String(d.precioTotalSinImpuesto)), valor: money2(String(d.valorIva)) }],
  };
}

/** The buyer's e-mail and phone first, then the draft's own entries; at most 15 (XSD). */
export function infoAdicionalWith(contact: { email?: string | null; telefono?: string | null } | null, own: Array<{ nombre: string; valor: string }>) {
  return [
    ...(contact?.email ? [{ nombre: 'Email', valor: contact.email }] : []),
    ...(contact?.telefono ? [{ nombre: 'Teléfono', valor: contact.telefono }] : []),
    ...own,
  ].slice(0, 15);
}

/** Stored pagos as the XML's pago (formaPago, total with 2 places, plazo and unidadTiempo when set). */
export function xmlPagos(pagos: Array<Record<string, unknown>>): Array<{ formaPago: string; total: string; plazo?: string; unidadTiempo?: string }> {
  return pagos.map((pg) => ({
    formaPago: String(pg.formaPago),
    total: money2(String(pg.total)),
    ...(pg.plazo !== undefined ? { plazo: String(pg.plazo) } : {}),
    ...(pg.unidadTiempo ? { unidadTiempo: String(pg.unidadTiempo) } : {}),
  }));
}
