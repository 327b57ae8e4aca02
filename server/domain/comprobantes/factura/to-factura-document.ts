/**
 * Invoice row + company + establishment + buyer -> FacturaDocument: the data of the SRI XML, built
 * once, at issue. Pure. Money stays as the decimal strings computed by core/totals. Afterwards the
 * signed XML is the record: the RIDE reads it back (parse-factura-xml.ts) instead of calling this
 * with rows that may have changed since.
 */
import type { companies, customers, establishments } from '../../../db/schema/index-tables.ts';
import type { FacturaDocument } from './factura-document.ts';
import { toSriDate } from '../../../../core/guayaquil-date.ts';
import type { InvoiceRow } from '../comprobante-view.ts';
import { formatSecuencial } from '../comprobante-view.ts';

type Company = typeof companies.$inferSelect;
type Establishment = typeof establishments.$inferSelect;
type Customer = typeof customers.$inferSelect;

const money = (v: string | number) => Number(v).toFixed(2);

export function toFacturaDocument(p: { invoice: InvoiceRow; company: Company; establishment: Establishment; customer: Customer; claveAcceso: string; secuencial: number; ambiente: '1' | '2' }): FacturaDocument {
  const { invoice, company, establishment, customer } = p;
  return {
    version: company.facturaVersion as FacturaDocument['version'],
    infoTributaria: {
      ambiente: p.ambiente,
      tipoEmision: '1',
      razonSocial: company.razonSocial,
      nombreComercial: company.nombreComercial ?? undefined,
      ruc: company.ruc,
      claveAcceso: p.claveAcceso,
      codDoc: '01',
      estab: invoice.estab,
      ptoEmi: invoice.ptoEmi,
      secuencial: formatSecuencial(p.secuencial)!,
      dirMatriz: company.dirMatriz,
      contribuyenteRimpe: company.contribuyenteRimpe ?? undefined,
      agenteRetencion: company.agenteRetencion ?? undefined,
    },
    infoFactura: {
      fechaEmision: toSriDate(invoice.fechaEmision),
      dirEstablecimiento: establishment.dirEstablecimiento,
      contribuyenteEspecial: company.contribuyenteEspecial ?? undefined,
      obligadoContabilidad: company.obligadoContabilidad ? 'SI' : 'NO',
      tipoIdentificacionComprador: customer.tipoIdentificacion as FacturaDocument['infoFactura']['tipoIdentificacionComprador'],
      razonSocialComprador: invoice.razonSocialComprador,
      identificacionComprador: invoice.identificacionComprador,
      direccionComprador: customer.direccion ?? undefined,
      totalSinImpuestos: money(invoice.totalSinImpuestos),
      totalDescuento: money(invoice.totalDescuento),
      totalConImpuestos: invoice.totalConImpuestos.map((t) => ({ codigo: '2', codigoPorcentaje: t.codigoPorcentaje, baseImponible: money(t.baseImponible), tarifa: t.tarifa, valor: money(t.valor) })),
      propina: money(invoice.propina),
      importeTotal: money(invoice.importeTotal),
      moneda: 'DOLAR',
      pagos: invoice.pagos.map((pg) => ({
        formaPago: String(pg.formaPago),
        total: money(String(pg.total)),
        ...(pg.plazo !== undefined ? { plazo: String(pg.plazo) } : {}),
        ...(pg.unidadTiempo ? { unidadTiempo: String(pg.unidadTiempo) } : {}),
      })),
    },
    detalles: invoice.detalles.map((d) => ({
      codigoPrincipal: String(d.codigoPrincipal),
      ...(d.codigoAuxiliar ? { codigoAuxiliar: String(d.codigoAuxiliar) } : {}),
      descripcion: String(d.descripcion),
      cantidad: String(d.cantidad),
      precioUnitario: String(d.precioUnitario),
      descuento: money(String(d.descuento)),
      precioTotalSinImpuesto: money(String(d.precioTotalSinImpuesto)),
      impuestos: [{ codigo: '2', codigoPorcentaje: String(d.codigoPorcentajeIva), tarifa: String(d.tarifa), baseImponible: money(String(d.precioTotalSinImpuesto)), valor: money(String(d.valorIva)) }],
    })),
    infoAdicional: [
      ...(customer.email ? [{ nombre: 'Email', valor: customer.email }] : []),
      ...(customer.telefono ? [{ nombre: 'Teléfono', valor: customer.telefono }] : []),
      ...invoice.infoAdicional,
    ].slice(0, 15),
  };
}
