/**
 * A liquidación row (as save-liquidacion-compra-draft.ts stored it) + company + establishment +
 * number -> LiquidacionCompraDocument, the data of the XML, built once at issue. Pure. Money stays
 * the decimal strings core/totals computed, written with 2 places (USD); the proveedor comes from
 * the row's type_detail snapshot. Afterwards the signed XML is the record (parse-liquidacion-compra-xml.ts).
 */
import type { CompanyRow, ComprobanteRow, EstablishmentRow, Numbering } from '../comprobante-type.ts';
import { toSriDate } from '../../../../core/guayaquil-date.ts';
import { infoAdicionalWith, issuerFields, money2, toInfoTributaria, xmlLine, xmlPagos } from '../document-parts.ts';
import type { LiquidacionCompraDocument } from './liquidacion-compra-document.ts';
import { liquidacionDetail } from './save-liquidacion-compra-draft.ts';

type RowPart = Pick<ComprobanteRow, 'estab' | 'ptoEmi' | 'fechaEmision' | 'detalles' | 'pagos' | 'infoAdicional' | 'totalSinImpuestos' | 'totalDescuento' | 'totalConImpuestos' | 'importeTotal' | 'typeDetail'>;

/** @example buildLiquidacionCompraXml(toLiquidacionCompraDocument({ row, company, establishment, numbering })) */
export function toLiquidacionCompraDocument(p: { row: RowPart; company: CompanyRow; establishment: EstablishmentRow; numbering: Numbering }): LiquidacionCompraDocument {
  const { row, company, establishment } = p;
  const d = liquidacionDetail.read(row);
  return {
    version: '1.1.0',
    infoTributaria: toInfoTributaria(company, row, p.numbering, '03'),
    infoLiquidacionCompra: {
      fechaEmision: toSriDate(row.fechaEmision),
      ...issuerFields(company, establishment),
      tipoIdentificacionProveedor: d.tipoIdentificacionProveedor,
      razonSocialProveedor: d.razonSocialProveedor,
      identificacionProveedor: d.identificacionProveedor,
      direccionProveedor: d.direccionProveedor,
      totalSinImpuestos: money2(row.totalSinImpuestos),
      totalDescuento: money2(row.totalDescuento),
      totalConImpuestos: row.totalConImpuestos.map((t) => ({ codigo: '2', codigoPorcentaje: String(t.codigoPorcentaje), baseImponible: money2(String(t.baseImponible)), tarifa: String(t.tarifa), valor: money2(String(t.valor)) })),
      importeTotal: money2(row.importeTotal),
      moneda: 'DOLAR',
      pagos: xmlPagos(row.pagos),
    },
    detalles: row.detalles.map(xmlLine),
    infoAdicional: infoAdicionalWith({ email: d.emailProveedor, telefono: d.telefonoProveedor }, row.infoAdicional),
  };
}
