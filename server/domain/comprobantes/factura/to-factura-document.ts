/**
 * Invoice row + company + establishment + buyer -> FacturaDocument: the data of the SRI XML, built
 * once, at issue. Pure. Money stays as the decimal strings computed by core/totals. Afterwards the
 * signed XML is the record: the RIDE reads it back (parse-factura-xml.ts) instead of calling this
 * with rows that may have changed since.
 */
import type { companies, customers, establishments } from '../../../db/schema/index-tables.ts';
import type { FacturaDocument } from './factura-document.ts';
import { toSriDate } from '../../../../core/guayaquil-date.ts';
import type { ComprobanteRow } from '../comprobante-view.ts';
import { infoAdicionalWith, issuerFields, money2 as money, toInfoTributaria, xmlLine, xmlPagos } from '../document-parts.ts';

type Company = typeof companies.$inferSelect;
type Establishment = typeof establishments.$inferSelect;
type Customer = typeof customers.$inferSelect;

export function toFacturaDocument(p: { invoice: ComprobanteRow; company: Company; establishment: Establishment; customer: Customer; claveAcceso: string; secuencial: number; ambiente: '1' | '2' }): FacturaDocument {
  const { invoice, company, establishment, customer } = p;
  return {
    version: company.facturaVersion as FacturaDocument['version'],
    infoTributaria: toInfoTributaria(company, invoice, { claveAcceso: p.claveAcceso, secuencial: p.secuencial, ambiente: p.ambiente }, '01'),
    infoFactura: {
      fechaEmision: toSriDate(invoice.fechaEmision),
      ...issuerFields(company, establishment),
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
      pagos: xmlPagos(invoice.pagos),
    },
    detalles: invoice.detalles.map(xmlLine),
    infoAdicional: infoAdicionalWith(customer, invoice.infoAdicional),
  };
}
